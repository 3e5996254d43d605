/**
 * Integrator markers. Symbols, so that no JSON or form value can ever switch these modes on.
 */

/** Put `raw` in the config to get the internal response object (`ResponseInternal`) instead of a `Response`. */
export const raw: unique symbol = Symbol.for("foyer-auth.raw");

/**
 * Put `skipCSRFCheck` in the config to turn off Foyer's CSRF protection (the double-submit token and the
 * Origin / Sec-Fetch-Site checks). Only for integrations that call Foyer from trusted server code or
 * that enforce CSRF themselves; `GET {basePath}/csrf` then answers 404.
 */
export const skipCSRFCheck: unique symbol = Symbol.for("foyer-auth.skip-csrf-check");
