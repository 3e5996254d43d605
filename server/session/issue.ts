/**
 * Creating the session after a successful sign-in, for every provider kind: the one place that
 * knows both strategies (architecture: "a flow several actions share lives in one function").
 */
import type { RequestContext } from "../context/request-context.js";
import { withQuery } from "../core/redirect.js";
import type { Cookie } from "../types.js";
import { issueCookieSession, type SignInResult } from "./cookie-session.js";
import { issueDatabaseSession } from "./database-session.js";

/** Where a completed sign-in goes: `pages.newUser` on a first sign-in (with the callback URL), else the callback URL. */
export function signedInRedirect(ctx: RequestContext, isNewUser: boolean | undefined): string {
  const newUserPage = isNewUser ? ctx.config.pages.newUser : undefined;
  return newUserPage ? withQuery(newUserPage, { callbackUrl: ctx.callbackUrl }) : ctx.callbackUrl;
}

/** Cookies for the new session: an encrypted token (cookie/jwt) or a database session for `userId`. */
export async function issueSession(ctx: RequestContext, result: SignInResult & { userId: string }): Promise<Cookie[]> {
  if (ctx.config.session.strategy === "database") return issueDatabaseSession(ctx, result.userId);
  return issueCookieSession(ctx, result);
}
