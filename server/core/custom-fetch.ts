/**
 * A provider's custom fetch: the function every request to that provider goes through (discovery,
 * token, userinfo, a provider's own profile requests), for proxies, corporate CAs, logging and tests.
 *
 * A config names it on a provider (or in a factory's options) under any of three keys, all honoured:
 * Foyer's `customFetch` symbol (below), Auth.js's `customFetch` symbol from `@auth/core` or any
 * integration that re-exports it (recognised by its description, so `@auth/core` is never loaded),
 * and the plain string key `customFetch` of earlier Foyer versions. `config/providers.ts` reads them
 * once per config and stores the result as the resolved provider's `customFetch`.
 */

/**
 * Put a fetch function under this key on a provider to send that provider's requests through it:
 * `GitHub({ [customFetch]: proxiedFetch })`. `Symbol.for`, so two copies of Foyer agree on it.
 * Auth.js's symbol of the same name (from `@auth/core` or `next-auth`) works as well.
 */
export const customFetch: unique symbol = Symbol.for("foyer-auth.custom-fetch");

/** The description of Auth.js's symbol (`Symbol("custom-fetch")` in `@auth/core`'s `lib/symbols.js`). */
const AUTHJS_DESCRIPTION = "custom-fetch";

/**
 * Where a provider factory puts a fix for its service's non-standard answers: a function from the
 * fetch underneath (the user's custom fetch, or the global one) to the fetch the provider uses. So a
 * provider's fix and the user's fetch both apply, the fix on top. Internal to Foyer's factories.
 */
export const providerFetchLayer: unique symbol = Symbol.for("foyer-auth.provider-fetch-layer");

export type FetchLayer = (next: typeof fetch) => typeof fetch;

/**
 * The user's fetch named on `record` (a provider or its options): Foyer's symbol first, then
 * Auth.js's, then the string key. Values that are not functions are ignored.
 */
export function userFetchOf(record: object | undefined | null): typeof fetch | undefined {
  if (!record) return undefined;
  const keyed = record as Record<string | symbol, unknown>;
  const authjsKey = Object.getOwnPropertySymbols(record).find((key) => key !== customFetch && key.description === AUTHJS_DESCRIPTION);
  for (const value of [keyed[customFetch], authjsKey && keyed[authjsKey], keyed.customFetch]) {
    if (typeof value === "function") return value as typeof fetch;
  }
  return undefined;
}

/**
 * The fetch a provider's requests go through: its own fix (if any) over the user's fetch (if any).
 * `undefined` when there is neither, so callers use the global `fetch` (and may cache by value).
 */
export function effectiveFetchOf(provider: object): typeof fetch | undefined {
  const user = userFetchOf(provider);
  const layer = (provider as Record<symbol, unknown>)[providerFetchLayer];
  if (typeof layer !== "function") return user;
  // The global fetch is looked up per call, so a fetch replaced later (tests, instrumentation) is used.
  return (layer as FetchLayer)(user ?? ((input, init) => fetch(input, init)));
}
