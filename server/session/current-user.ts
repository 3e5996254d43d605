/**
 * The signed-in user of this browser, for either session strategy: the database session's user, or
 * the user named by the session cookie's `sub` (looked up through the adapter, so a deleted user is
 * nobody). Any error means "nobody": callers decide what a missing session means for them.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { currentCookieToken } from "./cookie-session.js";
import { currentDatabaseSession } from "./database-session.js";

export async function currentUser(ctx: RequestContext): Promise<AdapterUser | null> {
  try {
    if (ctx.config.session.strategy === "database") return (await currentDatabaseSession(ctx))?.user ?? null;
    const { token } = await currentCookieToken(ctx);
    return token?.sub ? ((await ctx.config.adapter?.getUser?.(token.sub)) ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Whether this browser holds a valid cookie session for a user the adapter does not store — a
 * credentials user with jwt sessions, whom Foyer (like Auth.js) never writes to the adapter. Such a
 * user is signed in, yet has nothing passkeys could be attached to.
 */
export async function signedInButNotStored(ctx: RequestContext): Promise<boolean> {
  if (ctx.config.session.strategy === "database") return false;
  try {
    const { token } = await currentCookieToken(ctx);
    return typeof token?.sub === "string" && token.sub !== "" && !(await ctx.config.adapter?.getUser?.(token.sub));
  } catch {
    return false;
  }
}
