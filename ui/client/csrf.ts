/**
 * The CSRF token (Auth.js's double-submit token): fetched once from `GET {basePath}/csrf`, kept in memory, and dropped
 * when the server reports `MissingCSRF` so that the next action fetches a fresh one.
 *
 * @internal
 * @module
 */
import { cachedLoad, failure, type RequestFailure } from "./http.js";
import type { ClientContext } from "./options.js";

/**
 * The token to post (`null` when the server has CSRF protection turned off and answers `404`), or
 * why there is none.
 */
export type CsrfLoad = { ok: true; token: string | null } | RequestFailure;

/** A per-client token cache. */
export interface CsrfStore {
  /** The cached token, or a fetched one. Concurrent calls share one request. */
  load(): Promise<CsrfLoad>;
  /** Forgets the cached token (after a `MissingCSRF`). */
  clear(): void;
}

/**
 * A fresh token from `GET {basePath}/csrf`, not cached: `null` when the server has CSRF checks off
 * (it answers `404` with an empty body, as Auth.js does under `skipCSRFCheck`). The passkey client uses it as it is, right before
 * each ceremony's options, so token and cookie always match.
 * @internal
 */
export async function fetchCsrfToken(ctx: ClientContext): Promise<CsrfLoad> {
  let response: Response;
  let text: string;
  try {
    response = await ctx.fetch("/csrf", { method: "GET" });
    text = await response.text();
  } catch {
    return failure(0);
  }
  const { status } = response;
  if (status === 404 && text === "") return { ok: true, token: null };
  let token: unknown;
  try {
    // A JSON object's `csrfToken` (anything else has none).
    token = (JSON.parse(text) as { csrfToken?: unknown } | null)?.csrfToken;
  } catch {
    // not JSON: no token
  }
  return status === 200 && typeof token === "string" && token !== "" ? { ok: true, token } : failure(status);
}

/** Creates the token cache of one client. */
export function createCsrfStore(ctx: ClientContext): CsrfStore {
  return cachedLoad(
    () => fetchCsrfToken(ctx),
    (result) => result.ok && result.token !== null,
  );
}
