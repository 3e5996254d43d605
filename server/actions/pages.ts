/**
 * `GET /signin`, `/signout`, `/error`, `/verify-request`: the built-in pages, or a redirect to the
 * app's own page when one is configured (wire §8.6, §10, §13.5, §13.6, with query strings joined
 * correctly and values URL-encoded).
 */
import type { RequestContext } from "../core/context.js";
import { withQuery } from "../core/redirect.js";
import { pageContext } from "../pages/context.js";
import { renderPage, type PageRequest } from "../pages/render.js";
import type { ResponseInternal } from "../types.js";

type PageAction = "signin" | "signout" | "error" | "verify-request";

const PAGE_OPTION: Record<PageAction, "signIn" | "signOut" | "error" | "verifyRequest"> = {
  signin: "signIn",
  signout: "signOut",
  error: "error",
  "verify-request": "verifyRequest",
};

export function pageAction(ctx: RequestContext): ResponseInternal {
  const action = ctx.req.action as PageAction;
  const custom = ctx.config.pages[PAGE_OPTION[action]];
  if (custom) return { redirect: customPageLocation(ctx, action, custom) };
  return renderPage(pageContext(ctx), builtInPage(ctx, action), { css: ctx.config.pageCss, headerOverrides: ctx.config.pageHeaders });
}

/** Only named query keys are read (never spread over the page: R-REQ-14). */
function builtInPage(ctx: RequestContext, action: PageAction): PageRequest {
  const { query } = ctx.req;
  switch (action) {
    case "signin":
      return { page: "signin", props: { providers: ctx.config.pageProviders, error: query.error, code: query.code, email: query.email } };
    case "signout":
      return { page: "signout" };
    case "error":
      return { page: "error", error: query.error };
    case "verify-request":
      return { page: "verify-request" };
  }
}

function customPageLocation(ctx: RequestContext, action: PageAction, page: string): string {
  const { query } = ctx.req;
  switch (action) {
    case "signin":
      return withQuery(page, { callbackUrl: ctx.callbackUrl || "/", error: query.error, code: query.code });
    case "error":
      return withQuery(page, { error: query.error });
    case "verify-request":
      return withQuery(page, { ...query });
    case "signout":
      return page;
  }
}
