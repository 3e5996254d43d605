/**
 * The signed-in user's passkeys: `{basePath}/account/passkeys` (list), `…/rename` and `…/remove`.
 * JSON in and out; mutations post the CSRF token in the body and are retried once with a fresh token
 * when the server answers `MissingCSRF` (the token
 * may be stale: refetch once, retry once, then report). Every failure resolves to `{ ok: false, error }`.
 *
 * @module
 */
import { fetchCsrfToken } from "./csrf.js";
import { isRecord, requestJson } from "./http.js";
import { browserLocation, createContext } from "./options.js";
import { signalUnknownPasskey, wireId } from "./passkey-signal.js";
import type { PasskeyClientOptions, PasskeyErrorCode, PasskeyInfo, PasskeySignal } from "./passkey-types.js";

/**
 * The code for a non-200 answer: the route's own `error` (`SessionRequired`, `MissingCSRF`,
 * `NotFound`, `NotAvailable`, `LastSignInMethod`, …) when it looks like a code — an identifier, so
 * nothing else a proxy might answer is passed on — else one chosen by status.
 */
function routeError(status: number, body: unknown): PasskeyErrorCode {
  const code = isRecord(body) ? body.error : undefined;
  if (typeof code === "string" && /^[A-Z][A-Za-z]{1,39}$/.test(code)) return code;
  return status === 400
    ? "InvalidRequest"
    : status === 401
      ? "SessionRequired"
      : status === 403
        ? "MissingCSRF"
        : status > 400
          ? "Configuration"
          : "NetworkError";
}

type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; error: PasskeyErrorCode };

/** GETs `path` under `/account/passkeys`, or POSTs `payload` (plus the CSRF token) as JSON to it. */
async function call(options: PasskeyClientOptions = {}, path: string, payload?: Record<string, unknown>): Promise<Answer> {
  const ctx = createContext(options);
  for (let attempt = 0; ; attempt += 1) {
    let init: RequestInit | undefined;
    if (payload) {
      const token = await fetchCsrfToken(ctx);
      if (!token.ok) return { ok: false, error: token.error };
      init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...payload, csrfToken: token.token ?? undefined }) };
    }
    const reply = await requestJson(ctx, `/account/passkeys${path}`, init);
    if (!reply.ok) return { ok: false, error: reply.error };
    if (reply.status === 200 && isRecord(reply.body)) return { ok: true, body: reply.body };
    const error = routeError(reply.status, reply.body);
    // A stale token (the browser lost the CSRF cookie between two requests): one retry, with a fresh
    // token, since each attempt fetches its own.
    if (error !== "MissingCSRF" || !payload || attempt > 0) return { ok: false, error };
  }
}

/**
 * Lists the signed-in user's passkeys.
 *
 * @param options `basePath` (default `"/auth"`), `baseUrl`, `fetch`.
 * @returns `{ ok: true, passkeys, canRemove, signal }` — `canRemove` is `false` when removing one
 *   would leave the user no way to sign in; `signal` (when the account has an address) is what
 *   `signalAcceptedPasskeys()` (./passkey-signal.ts) tells the browser's passkey manager — or
 *   `{ ok: false, error }`: `SessionRequired` when signed out, `NotAvailable` when the adapter cannot
 *   list passkeys, `NetworkError`, `Configuration`.
 */
export async function listPasskeys(
  options?: PasskeyClientOptions,
): Promise<{ ok: true; passkeys: PasskeyInfo[]; canRemove: boolean; signal?: PasskeySignal } | { ok: false; error: PasskeyErrorCode }> {
  const answer = await call(options, "");
  if (!answer.ok) return answer;
  const { passkeys, canRemove, signal } = answer.body;
  if (!Array.isArray(passkeys)) return { ok: false, error: "NetworkError" };
  return {
    ok: true,
    passkeys: passkeys.filter(isRecord) as unknown as PasskeyInfo[],
    canRemove: canRemove === true,
    signal: isRecord(signal) ? (signal as unknown as PasskeySignal) : undefined,
  };
}

/**
 * Renames one of the signed-in user's passkeys.
 *
 * @param id The passkey's `id` (from {@link listPasskeys}).
 * @param name The new name, 1 to 64 characters after trimming.
 * @param options `basePath`, `baseUrl`, `fetch`.
 * @returns `{ ok: true, passkey }` with the renamed passkey, or `{ ok: false, error }`
 *   (`InvalidRequest` for a bad name, `NotFound`, `SessionRequired`, `MissingCSRF`, …).
 */
export async function renamePasskey(
  id: string,
  name: string,
  options?: PasskeyClientOptions,
): Promise<{ ok: true; passkey: PasskeyInfo } | { ok: false; error: PasskeyErrorCode }> {
  const answer = await call(options, "/rename", { id, name });
  if (!answer.ok) return answer;
  const { passkey } = answer.body;
  return isRecord(passkey) ? { ok: true, passkey: passkey as unknown as PasskeyInfo } : { ok: false, error: "NetworkError" };
}

/**
 * Removes one of the signed-in user's passkeys. The server refuses to remove the last way to sign in.
 *
 * @param id The passkey's `id` (from {@link listPasskeys}).
 * @param options `basePath`, `baseUrl`, `fetch`.
 * Once removed, the browser is asked (where it supports WebAuthn's Signal API) to stop offering it.
 * @returns `{ ok: true }`, or `{ ok: false, error }` (`LastSignInMethod`, `NotFound`, `SessionRequired`,
 *   `MissingCSRF`, …).
 */
export async function removePasskey(id: string, options?: PasskeyClientOptions): Promise<{ ok: true } | { ok: false; error: PasskeyErrorCode }> {
  const answer = await call(options, "/remove", { id });
  if (!answer.ok) return answer;
  // The browser's passkey provider may still offer it: tell it (where supported) that this site no
  // longer accepts it. The RP ID is taken to be the page's host, as it is unless the WebAuthn
  // provider names a parent domain (then the browser refuses the signal, silently).
  const host = browserLocation()?.hostname;
  if (host) signalUnknownPasskey(host, wireId(id));
  return { ok: true };
}
