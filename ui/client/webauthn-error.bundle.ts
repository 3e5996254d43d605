/**
 * Stands in for @simplewebauthn/browser's `identifyRegistrationError` and
 * `identifyAuthenticationError` in the self-contained bundles of dist/browser/ (scripts/build-elements.mjs,
 * `webAuthnErrorsAsThrown`). Those helpers wrap a failed `navigator.credentials.create()` / `get()`
 * in a `WebAuthnError` with the library's own `code` and English `message`, and always keep the
 * browser's error `name`. The passkey client reads nothing but that `name` (ui/client/passkey.ts,
 * `ceremonyFailure`) and reports the browser's own text as `message`, so here the browser's error is
 * passed on as it was thrown: about 1 KB gzip less in every bundle with passkeys, same results.
 * Applications that bundle `foyer-auth/client/passkey` themselves get the library's helpers, and
 * the same results too.
 *
 * @internal
 * @module
 */

/** The browser's error, unchanged. */
export function identifyRegistrationError({ error }: { error: Error }): Error {
  return error;
}

/** The browser's error, unchanged. */
export function identifyAuthenticationError({ error }: { error: Error }): Error {
  return error;
}
