/**
 * Loads the passkey elements for `<auth-signin>`'s passkey entry point, the first time a WebAuthn
 * provider is shown. A dynamic import, so an app's bundler puts them (with @simplewebauthn/browser)
 * in a chunk of their own that pages without passkeys never fetch.
 *
 * The self-contained `dist/browser/auth-signin.js` uses ./passkey-loader.bundle.ts instead
 * (scripts/build-elements.mjs swaps it in), which fetches `auth-passkey.js` from Foyer's own origin.
 */

/**
 * Defines `<auth-passkey-button>` and `<auth-passkey-register>`. Resolves when they are defined, or
 * when they cannot be loaded (a chunk that fails to load: the entry point then stays hidden). Never rejects.
 * @param _basePath Where Foyer is mounted (used by the bundle's loader only).
 */
export function loadPasskeyElements(_basePath: string): Promise<unknown> {
  return import("../passkey-elements.js").catch(() => undefined);
}
