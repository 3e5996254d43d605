/**
 * The account area's JSON routes from the browser: `{basePath}/account/<path>`. GETs read; changes
 * post JSON with the CSRF token, retried once with a fresh token when the server answers
 * `MissingCSRF` (a stale token). Every failure resolves to `{ ok: false, error }` with the route's
 * error code (`SessionRequired`, `NotFound`, `LastSignInMethod`, `RecentSignInRequired`, …).
 *
 * @module
 */
import { fetchCsrfToken } from "./csrf.js";
import { isRecord, requestJson } from "./http.js";
import { createContext, type AuthClientOptions } from "./options.js";

/** The answer of an account route: its JSON body, or an error code. */
export type AccountAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; error: string };

/** A route's error code when it looks like one, else one chosen by the status. */
function codeOf(status: number, body: unknown): string {
  const code = isRecord(body) ? body.error : undefined;
  if (typeof code === "string" && /^[A-Z][A-Za-z]{1,39}$/.test(code)) return code;
  return status === 401 ? "SessionRequired" : status === 403 ? "MissingCSRF" : status === 400 ? "InvalidRequest" : "default";
}

/**
 * Calls `{basePath}/account/<path>`: a GET without `payload`, else a POST of `payload` and the CSRF token.
 *
 * @param path E.g. `"profile"`, `"sessions/revoke"`.
 * @param payload The JSON fields of a change.
 * @param options `basePath` (default `"/auth"`), `baseUrl`, `fetch`.
 */
export async function accountRequest(path: string, payload?: Record<string, unknown>, options: AuthClientOptions = {}): Promise<AccountAnswer> {
  const ctx = createContext(options);
  for (let attempt = 0; ; attempt += 1) {
    let init: RequestInit | undefined;
    if (payload) {
      const token = await fetchCsrfToken(ctx);
      if (!token.ok) return { ok: false, error: token.error };
      init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...payload, csrfToken: token.token ?? undefined }) };
    }
    const reply = await requestJson(ctx, `/account/${path}`, init);
    if (!reply.ok) return { ok: false, error: reply.error };
    if (reply.status === 200 && isRecord(reply.body)) return { ok: true, body: reply.body };
    const error = codeOf(reply.status, reply.body);
    if (error !== "MissingCSRF" || !payload || attempt > 0) return { ok: false, error };
  }
}
