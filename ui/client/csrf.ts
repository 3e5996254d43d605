/**
 * The CSRF token (wire §4): fetched once from `GET {basePath}/csrf`, kept in memory, and dropped
 * when the server reports `MissingCSRF` so that the next action fetches a fresh one.
 *
 * @internal
 * @module
 */
import { isRecord, type RequestFailure } from "./http.js";
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

/** Creates the token cache of one client. */
export function createCsrfStore(ctx: ClientContext): CsrfStore {
  let token: string | undefined;
  let pending: Promise<CsrfLoad> | undefined;
  // Bumped by clear(): a request started before it must not refill the cache with the old token.
  let generation = 0;

  async function fetchToken(): Promise<CsrfLoad> {
    let response: Response;
    let text: string;
    try {
      response = await ctx.fetch(ctx.url("/csrf"), { method: "GET" });
      text = await response.text();
    } catch {
      return { ok: false, status: 0, error: "NetworkError" };
    }
    // skipCSRFCheck: the server answers 404 with an empty body and checks nothing (wire §4).
    if (response.status === 404 && text === "") return { ok: true, token: null };
    if (response.status >= 400) return { ok: false, status: response.status, error: "Configuration" };
    let value: unknown;
    try {
      const body = JSON.parse(text) as unknown;
      value = isRecord(body) ? body.csrfToken : undefined;
    } catch {
      value = undefined;
    }
    if (response.status !== 200 || typeof value !== "string" || value === "") {
      return { ok: false, status: response.status, error: "NetworkError" };
    }
    return { ok: true, token: value };
  }

  return {
    load() {
      if (token !== undefined) return Promise.resolve({ ok: true, token });
      if (!pending) {
        const started = generation;
        pending = fetchToken().then((result) => {
          if (started === generation) {
            pending = undefined;
            if (result.ok && result.token !== null) token = result.token;
          }
          return result;
        });
      }
      return pending;
    },
    clear() {
      token = undefined;
      pending = undefined;
      generation += 1;
    },
  };
}
