/**
 * Creating the session after a successful sign-in, for every provider kind: the one place that
 * knows both strategies (architecture: "a flow several actions share lives in one function").
 */
import type { RequestContext } from "../core/context.js";
import type { Cookie } from "../types.js";
import { issueCookieSession, type SignInResult } from "./cookie-session.js";
import { issueDatabaseSession } from "./database-session.js";

/** Cookies for the new session: an encrypted token (cookie/jwt) or a database session for `userId`. */
export async function issueSession(ctx: RequestContext, result: SignInResult & { userId: string }): Promise<Cookie[]> {
  if (ctx.config.session.strategy === "database") return issueDatabaseSession(ctx, result.userId);
  return issueCookieSession(ctx, result);
}
