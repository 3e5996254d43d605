/**
 * A built-in page's markup and status, with no Node-only code: the server renders pages through it,
 * and the Storybook stories render the very same HTML in the browser.
 */
import { renderToString } from "preact-render-to-string";
import type { VNode } from "preact";
import { passkeyScriptPath } from "./assets.js";
import type { PageContext } from "./context.js";
import { escapeHtml, renderDocument } from "./document.js";
import { ErrorPage, errorPageStatus } from "./error.js";
import { SignInPage, type SignInProps } from "./signin.js";
import { SignOutPage } from "./signout.js";
import { VerifyRequestPage, type VerifyRequestResend } from "./verify-request.js";

export type PageRequest =
  { page: "signin"; props: SignInProps } | { page: "signout" } | { page: "error"; error?: string } | { page: "verify-request"; resend?: VerifyRequestResend };

export interface PageMarkup {
  status: number;
  title: string;
  /** The rendered page body (inside `<body>`). */
  body: string;
  /**
   * URLs of Foyer's own module scripts for `<head>`: the passkey script on a sign-in page with a
   * WebAuthn provider (when it is built), else none — every other page ships no JavaScript.
   */
  scripts: string[];
}

export function pageMarkup(page: PageContext, request: PageRequest): PageMarkup {
  let title: string;
  let tree: VNode;
  let status = 200;
  const scripts: string[] = [];
  switch (request.page) {
    case "signin": {
      title = page.t("signin.title");
      tree = <SignInPage page={page} props={request.props} />;
      const script = request.props.providers.some((provider) => provider.type === "webauthn") ? passkeyScriptPath() : undefined;
      if (script) scripts.push(`${page.authUrl}/assets/${script}`);
      break;
    }
    case "signout":
      title = page.t("signout.title");
      tree = <SignOutPage page={page} />;
      break;
    case "error":
      title = page.t("error.title");
      tree = <ErrorPage page={page} error={request.error} />;
      status = errorPageStatus(request.error);
      break;
    case "verify-request":
      title = page.t("verifyRequest.title");
      tree = <VerifyRequestPage page={page} resend={request.resend} />;
      break;
  }
  return { status, title, body: renderToString(tree), scripts };
}

/** The complete HTML document of a page. */
export function pageDocument(page: PageContext, markup: PageMarkup, css: string, referrerPolicy?: string | null): string {
  const head = markup.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join("");
  return renderDocument({
    lang: page.locale,
    dir: page.dir,
    colorScheme: page.theme.colorScheme,
    title: markup.title,
    css,
    body: markup.body,
    head,
    ...(referrerPolicy !== undefined ? { referrerPolicy } : {}),
  });
}
