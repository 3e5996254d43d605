/**
 * `POST {basePath}/signout` (CSRF required): ends the session — the cookie's chunks deleted, or the
 * database row and its cookie — and redirects to the callback URL. Sign-out never lands on the
 * sign-in page: that target (from the body, the query or the redirect callback) becomes the origin.
 */
import { signinPageUrl, type RequestContext } from "../context/request-context.js";
import { requireCsrf } from "../context/guards.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";

export async function signoutAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  const cookies = await sessionStrategyOf(ctx.config).signOut(ctx);
  const redirect = isSigninPage(ctx, ctx.callbackUrl) ? ctx.origin : ctx.callbackUrl;
  return cookies.length ? { redirect, cookies } : { redirect };
}

/** Whether `target` is the sign-in page (any query): a user who just signed out would be asked to sign in again. */
function isSigninPage(ctx: RequestContext, target: string): boolean {
  try {
    const page = new URL(signinPageUrl(ctx));
    const url = new URL(target, ctx.origin);
    return url.origin === page.origin && url.pathname.replace(/\/+$/, "") === page.pathname.replace(/\/+$/, "");
  } catch {
    return false;
  }
}
