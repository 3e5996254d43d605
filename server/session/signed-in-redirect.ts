/** Where a completed sign-in sends the browser, for every provider kind and either session strategy. */
import type { RequestContext } from "../context/request-context.js";
import { withQuery } from "../core/redirect.js";

/** `pages.newUser` on a first sign-in (with the callback URL), else the callback URL. */
export function signedInRedirect(ctx: RequestContext, isNewUser: boolean | undefined): string {
  const newUserPage = isNewUser ? ctx.config.pages.newUser : undefined;
  return newUserPage ? withQuery(newUserPage, { callbackUrl: ctx.callbackUrl }) : ctx.callbackUrl;
}
