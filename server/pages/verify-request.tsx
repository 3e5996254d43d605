/** The page shown after an e-mail sign-in link was sent. */
import { Card } from "./components.js";
import type { PageContext } from "./context.js";

export function VerifyRequestPage({ page }: { page: PageContext }) {
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
