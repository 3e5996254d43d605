/** `POST {basePath}/signout` (CSRF required): ends the session and redirects to the callback URL (wire §10). */
import type { RequestContext } from "../core/context.js";
import { SignOutError } from "../core/errors.js";
import { requireCsrf } from "../core/guards.js";
import { currentCookieToken } from "../session/cookie-session.js";
import type { ResponseInternal } from "../types.js";

export async function signoutAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  const { token, chunks } = await currentCookieToken(ctx);
  if (chunks.names.length === 0) return { redirect: ctx.callbackUrl };
  try {
    await ctx.config.events.signOut({ token });
  } catch (error) {
    ctx.logger.error(new SignOutError("Sign-out event failed", error as Error));
  }
  return { redirect: ctx.callbackUrl, cookies: chunks.clean() };
}
