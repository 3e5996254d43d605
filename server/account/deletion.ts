/**
 * `POST {basePath}/account/delete`: the user deletes their own account. Off unless the app turns it
 * on (`account: { deletion: true }`). Needs the confirmation (`confirm` equal to the account's e-mail
 * address, or `"DELETE"` for an account without one) and a recent sign-in: the session must have been
 * created within `recentSignIn` seconds (default 10 minutes), so a browser left signed in cannot
 * delete the account. Every session of the user is ended first, then the user and their accounts.
 */
import type { RequestContext } from "../context/request-context.js";
import { databaseSessionDeletions } from "../session/database-session.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";
import { deletionAvailable } from "./profile.js";
import { json, missingCsrf, noRoute, sessionRequired } from "./respond.js";

/** What the user types to confirm: their e-mail address, or this word when the account has none. */
export const DELETE_WORD = "DELETE";

export async function deletionRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  if (segments.length || ctx.req.method !== "POST") return noRoute();
  if (!deletionAvailable(ctx)) {
    return json(404, {
      error: "NotAvailable",
      message: "Account deletion is off (account.deletion), or needs database sessions and an adapter with deleteUser().",
    });
  }
  if (!ctx.csrf.verified) return missingCsrf();
  const current = await sessionStrategyOf(ctx.config).storedSession(ctx);
  if (!current) return sessionRequired("delete your account");
  const { user } = current;
  const confirm = ctx.req.body?.confirm;
  const expected = user.email ?? DELETE_WORD;
  if (typeof confirm !== "string" || confirm.trim().toLowerCase() !== expected.toLowerCase()) {
    return json(400, { error: "ConfirmationRequired", message: "Type the account's e-mail address to confirm." });
  }
  const signedInAt = current.metadata?.createdAt ? new Date(current.metadata.createdAt).valueOf() : NaN;
  if (!(Date.now() - signedInAt <= ctx.config.account.recentSignIn * 1000)) {
    return json(403, { error: "RecentSignInRequired", message: "Sign in again to delete your account." });
  }
  const adapter = ctx.config.adapter!;
  if (typeof adapter.deleteSessions === "function") await adapter.deleteSessions(user.id);
  await adapter.deleteUser!(user.id);
  await ctx.config.events.accountDeleted({ user });
  const response = json(200, { deleted: true });
  response.cookies = databaseSessionDeletions(ctx);
  return response;
}
