/**
 * `GET /signin`, `/signout`, `/error`, `/verify-request`. A configured custom page replaces the
 * built-in one with a redirect (wire §8.6, §10, §13.5, §13.6; query strings joined correctly).
 * The built-in HTML pages arrive with the pages issue; until then these answer a clear 404.
 */
import type { RequestContext } from "../core/context.js";
import { JSON_HEADERS } from "../core/response.js";
import { withQuery } from "../core/redirect.js";
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
  return {
    status: 404,
    headers: { ...JSON_HEADERS },
    body: {
      error: "NotFound",
      message: `The built-in ${action} page is not available in this version of Foyer. Set pages.${PAGE_OPTION[action]} to a page of your app.`,
    },
  };
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
