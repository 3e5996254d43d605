/**
 * The error page. Known codes get their heading and explanation; anything else (including hostile
 * values) the default view. The "Sign in" link goes to the real sign-in page (Auth.js builds it from
 * the request URL: docs/compatibility.md#redirects-and-pages).
 */
import type { Translate } from "../../locales/index.js";
import { Card } from "./components.js";
import type { PageContext } from "./context.js";

type KnownError = "Configuration" | "AccessDenied" | "Verification";

/** HTTP status of the error page per `?error=`, as Auth.js's (docs/errors.md#the-table). */
export function errorPageStatus(error: string | undefined): number {
  if (error === "Configuration") return 500;
  if (error === "AccessDenied" || error === "Verification") return 403;
  return 200;
}

function known(error: string | undefined): KnownError | undefined {
  return error === "Configuration" || error === "AccessDenied" || error === "Verification" ? error : undefined;
}

function paragraphs(t: Translate, error: KnownError) {
  return t(`errorPage.${error}.message`).map((text) => <p>{text}</p>);
}

export function ErrorPage({ page, error }: { page: PageContext; error?: string }) {
  const kind = known(error);
  const { t } = page;
  if (!kind) {
    return (
      <Card page={page} heading={t("errorPage.default.heading")}>
        <p>
          <a class="site" href={page.origin}>
            {new URL(page.origin).host}
          </a>
        </p>
      </Card>
    );
  }
  return (
    <Card page={page} heading={t(`errorPage.${kind}.heading`)}>
      <div class="message">{paragraphs(t, kind)}</div>
      {kind === "Configuration" ? null : (
        <a class="button" href={page.signinUrl}>
          {kind === "Verification" ? t("error.requestNewLink") : t("error.signinLink")}
        </a>
      )}
    </Card>
  );
}
