/** `POST {basePath}/signout` (CSRF required): ends the session and redirects to the callback URL (wire §10). */
import type { RequestContext } from "../context/request-context.js";
import { SignOutError } from "../core/errors.js";
import { requireCsrf } from "../context/guards.js";
import { currentCookieToken } from "../session/cookie-session.js";
import { databaseSessionDeletion, endDatabaseSession } from "../session/database-session.js";
import type { ResponseInternal } from "../types.js";

export async function signoutAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  if (ctx.config.session.strategy === "database") return signOutDatabase(ctx);
  const { token, chunks } = await currentCookieToken(ctx);
  if (chunks.names.length === 0) return { redirect: ctx.callbackUrl };
  await ctx.config.events.signOut({ token });
  return { redirect: ctx.callbackUrl, cookies: chunks.clean() };
}

async function signOutDatabase(ctx: RequestContext): Promise<ResponseInternal> {
  try {
    const { ended, session } = await endDatabaseSession(ctx);
    if (!ended) return { redirect: ctx.callbackUrl };
    await ctx.config.events.signOut({ session });
  } catch (error) {
    // The cookie goes whatever the database says: the user asked to sign out.
    ctx.logger.error(new SignOutError("The database session could not be deleted", error as Error));
  }
  return { redirect: ctx.callbackUrl, cookies: [databaseSessionDeletion(ctx)] };
}
