/**
 * The sign-out page: a confirmation and a form posting to `{basePath}/signout` with the CSRF token
 * and the callback URL (sign-out does not read the callback-url cookie, so the page's own target
 * travels in the form; Auth.js's form has no such field).
 */
import { Card, HiddenFields } from "./components.js";
import type { PageContext } from "./context.js";

export function SignOutPage({ page }: { page: PageContext }) {
  return (
    <Card page={page} heading={page.t("signout.heading")}>
      <p>{page.t("signout.confirm")}</p>
      <form action={`${page.authUrl}/signout`} method="post">
        <HiddenFields page={page} callbackUrl />
        <button type="submit" class="button">
          {page.t("signout.button")}
        </button>
      </form>
    </Card>
  );
}
