/**
 * Loads the passkey elements in the self-contained `dist/browser/auth-signin.js`
 * (scripts/build-elements.mjs uses this module in place of ./passkey-loader.ts). That bundle has no
 * passkey code, so that a sign-in surface without passkeys stays as small as it was: when a WebAuthn
 * provider is shown, the passkey elements' own self-contained bundle is loaded from Foyer's origin,
 * `{basePath}/assets/auth-passkey.<hash>.js` (ui/internal/foyer-asset.ts says how, and what a
 * Content-Security-Policy needs).
 *
 * The file name is written into the bundle by the build (`__FOYER_PASSKEY_ELEMENTS__`), from the same
 * build that wrote `dist/browser/auth-passkey.js`.
 */
import { importFoyerAsset } from "../../internal/foyer-asset.js";

/** The passkey elements bundle's name under `{basePath}/assets/`, e.g. `auth-passkey.0123456789.js`; set by the build. */
declare const __FOYER_PASSKEY_ELEMENTS__: string;

let loading: Promise<unknown> | undefined;

/**
 * Loads the passkey elements once per page (nothing when they are defined already, say by
 * foyer-elements.js). Never rejects: without them the passkey entry point stays hidden (its
 * elements are `:not(:defined)`), and the other ways to sign in work as before.
 */
export function loadPasskeyElements(basePath: string): Promise<unknown> {
  if (customElements.get("auth-passkey-button")) return Promise.resolve();
  return (loading ??= importFoyerAsset(basePath, __FOYER_PASSKEY_ELEMENTS__).catch((error: unknown) => {
    console.warn(`foyer-auth: the passkey elements could not be loaded from ${basePath}`, error);
  }));
}
