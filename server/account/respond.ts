/** Answers and the signed-in user, shared by the account routes. */
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { JSON_HEADERS } from "../core/response.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";

/** A JSON answer that no cache keeps (it is one user's data). */
export const json = (status: number, body: unknown): ResponseInternal => ({ status, headers: { ...JSON_HEADERS, "Cache-Control": "no-store" }, body });

export const sessionRequired = (what: string) => json(401, { error: "SessionRequired", message: `Sign in to ${what}.` });
export const missingCsrf = () => json(403, { error: "MissingCSRF", message: "A valid csrfToken is required." });
export const noRoute = () => json(404, { error: "NotFound", message: "No such route." });

/** The signed-in user as the adapter stores them, or the answer to give instead (401, or 409 for a user who is not stored). */
export async function storedUser(ctx: RequestContext, what: string): Promise<AdapterUser | ResponseInternal> {
  const sessions = sessionStrategyOf(ctx.config);
  const user = await sessions.currentUser(ctx);
  if (user) return user;
  if (await sessions.signedInButNotStored(ctx)) {
    return json(409, {
      error: "NotAvailable",
      message: "This account is not stored by the adapter (credentials sign-in with jwt sessions). Use database sessions to store credentials users.",
    });
  }
  return sessionRequired(what);
}

/** Whether `value` is an answer rather than a user. */
export const isAnswer = (value: AdapterUser | ResponseInternal): value is ResponseInternal => "status" in value && "headers" in value;
