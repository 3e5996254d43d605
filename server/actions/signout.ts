/**
 * `POST {basePath}/signout` (CSRF required): ends the session — the cookie's chunks deleted, or the
 * database row and its cookie — and redirects to the callback URL.
 */
import type { RequestContext } from "../context/request-context.js";
import { requireCsrf } from "../context/guards.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";

export async function signoutAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  const cookies = await sessionStrategyOf(ctx.config).signOut(ctx);
  return cookies.length ? { redirect: ctx.callbackUrl, cookies } : { redirect: ctx.callbackUrl };
}
