/**
 * Reading (`GET {basePath}/session`) and updating (`POST {basePath}/session`) the session, as
 * Auth.js's `/session` action answers: the session JSON, or `null`.
 *
 * @module
 */
import type { Session } from "../../server/types.js";
import { notify, type SessionBus } from "./broadcast.js";
import type { CsrfStore } from "./csrf.js";
import type { ClientErrorCode } from "./errors.js";
import { isRecord, requestJson } from "./http.js";
import type { ClientContext } from "./options.js";

/** The result of `updateSession()`: the updated session, or why there is none. */
export type UpdateSessionResult = { ok: true; session: Session | null } | { ok: false; error: ClientErrorCode };

/**
 * The current session, or `null` when there is none or it cannot be read.
 * @internal
 */
export async function fetchSession(ctx: ClientContext): Promise<Session | null> {
  const answer = await requestJson(ctx, "/session", { method: "GET" });
  if (!answer.ok || answer.status !== 200 || !isRecord(answer.body)) return null;
  return answer.body as unknown as Session;
}

/**
 * Posts `{ csrfToken, data }` as JSON. `400 null` is how the server reports a CSRF failure here;
 * it is retried once with a fresh token, then reported as `MissingCSRF`. A `200` broadcasts
 * `"update"` (also when the answer is `null`: the jwt callback may have ended the session).
 * @internal
 */
export async function postSessionUpdate(ctx: ClientContext, csrf: CsrfStore, bus: SessionBus, data: unknown): Promise<UpdateSessionResult> {
  for (let attempt = 0; ; attempt += 1) {
    const token = await csrf.load();
    if (!token.ok) return { ok: false, error: token.error };
    let body: string;
    try {
      body = JSON.stringify({ csrfToken: token.token ?? undefined, data });
    } catch {
      // Data that cannot be sent (a cycle, a BigInt) is the caller's mistake, reported without a request.
      return { ok: false, error: "Configuration" };
    }
    const answer = await requestJson(ctx, "/session", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    if (!answer.ok) return { ok: false, error: answer.error };
    if (answer.status === 400 && answer.body === null) {
      if (attempt > 0) return { ok: false, error: "MissingCSRF" };
      csrf.clear();
      continue;
    }
    if (answer.status !== 200) return { ok: false, error: answer.status >= 400 ? "Configuration" : "NetworkError" };
    const session = isRecord(answer.body) ? (answer.body as unknown as Session) : null;
    notify(bus, "update");
    return { ok: true, session };
  }
}
