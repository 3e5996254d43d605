/**
 * `renderPage`: a built-in page as an internal response (status, headers, HTML). Pages are pure
 * functions of their props; this module adds the document, the CSS and the headers.
 */
import { renderToString } from "preact-render-to-string";
import type { VNode } from "preact";
import type { ResponseInternal } from "../types.js";
import type { PageContext } from "./context.js";
import { renderDocument } from "./document.js";
import { ErrorPage, errorPageStatus } from "./error.js";
import { pageHeaders } from "./headers.js";
import { SignInPage, type SignInProps } from "./signin.js";
import { SignOutPage } from "./signout.js";
import { VerifyRequestPage } from "./verify-request.js";

export type PageRequest =
  | { page: "signin"; props: SignInProps }
  | { page: "signout" }
  | { page: "error"; error?: string }
  | { page: "verify-request" };

export interface RenderOptions {
  /** The page's complete stylesheet (Foyer's CSS, theme and provider rules). */
  css: string;
  headerOverrides?: Record<string, string | null>;
}

export function renderPage(page: PageContext, request: PageRequest, options: RenderOptions): ResponseInternal<string> {
  let title: string;
  let tree: VNode;
  let status = 200;
  switch (request.page) {
    case "signin":
      title = page.t("signin.title");
      tree = <SignInPage page={page} props={request.props} />;
      break;
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
      tree = <VerifyRequestPage page={page} />;
      break;
  }
  const body = renderDocument({
    lang: page.locale,
    dir: page.dir,
    colorScheme: page.theme.colorScheme,
    title,
    css: options.css,
    body: renderToString(tree),
  });
  const carriesToken = request.page === "signin" || request.page === "signout";
  return { status, headers: pageHeaders({ css: options.css, carriesToken, scripts: false }, options.headerOverrides), body };
}
