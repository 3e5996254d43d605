/**
 * The page shown after an e-mail sign-in link was sent. When the browser that asked is the one
 * looking (the server found its sealed cookie), it also shows the address, masked, and a form that
 * asks for another link: it posts `resend=1` and the CSRF token, never the address itself.
 */
import { Card, HiddenFields } from "./components.js";
import type { PageContext } from "./context.js";

/** What the page knows about the link this browser asked for. */
export interface VerifyRequestResend {
  /** The address, already masked (`j•••@example.com`). */
  maskedEmail: string;
  /** The e-mail provider's id: the form posts to `{basePath}/signin/<provider>`. */
  provider: string;
  /** The outcome of a resend just made: sent, or held back by the cooldown for `wait` more seconds. */
  notice?: { kind: "sent" } | { kind: "cooldown"; wait: number };
}

export function VerifyRequestPage({ page, resend }: { page: PageContext; resend?: VerifyRequestResend }) {
  if (!resend) {
    return (
      <Card page={page} heading={page.t("verifyRequest.heading")}>
        <p>{page.t("verifyRequest.message")}</p>
        <p class="muted">
          <a class="site" href={page.origin}>
            {new URL(page.origin).host}
          </a>
        </p>
      </Card>
    );
  }
  const { notice } = resend;
  return (
    <Card page={page} heading={page.t("verifyRequest.heading")}>
      <div role="status">
        {notice ? (
          <p class="notice">{notice.kind === "sent" ? page.t("verifyRequest.resend.sent") : page.t("verifyRequest.resend.cooldown", String(notice.wait))}</p>
        ) : null}
      </div>
      <div class="message">
        <p>{page.t("verifyRequest.sentTo", resend.maskedEmail)}</p>
        <p class="muted">{page.t("verifyRequest.resend.prompt")}</p>
      </div>
      <form action={`${page.authUrl}/signin/${encodeURIComponent(resend.provider)}`} method="post">
        <HiddenFields page={page} />
        <input type="hidden" name="resend" value="1" />
        <button type="submit" class="button secondary">
          {page.t("verifyRequest.resend.button")}
        </button>
      </form>
    </Card>
  );
}
