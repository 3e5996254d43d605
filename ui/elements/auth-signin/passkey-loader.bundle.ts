/**
 * Loads the passkey elements in the self-contained `dist/browser/auth-signin.js`
 * (scripts/build-elements.mjs uses this module in place of ./passkey-loader.ts). That bundle has no
 * passkey code, so that a sign-in surface without passkeys stays as small as it was: when a WebAuthn
 * provider is shown, the passkey elements' own self-contained bundle is loaded from Foyer's origin,
 * `{basePath}/assets/auth-passkey.<hash>.js` (server/pages/assets.ts), as a module script. Nothing
 * comes from anywhere else (ui-kit §6); the page's CSP needs `script-src 'self'` for it
 * (or a nonce, which the script gets from the page's own scripts).
 *
 * The file name is written into the bundle by the build (`__FOYER_PASSKEY_ELEMENTS__`), from the same
 * build that wrote `dist/browser/auth-passkey.js`.
 */
import { normalizeBasePath } from "../../client/options.js";

/** The passkey elements bundle's name under `{basePath}/assets/`, e.g. `auth-passkey.0123456789.js`; set by the build. */
declare const __FOYER_PASSKEY_ELEMENTS__: string;

let loading: Promise<unknown> | undefined;

/**
 * Defines `<auth-passkey-button>` and `<auth-passkey-register>` (unless the page already did, say with
 * `foyer-elements.js`). Resolves when the script has run, or could not be loaded (the entry point
 * then stays hidden; the browser's console names the URL). Never rejects.
 * @param basePath Where Foyer is mounted on this origin (the element's `base-path`).
 */
export function loadPasskeyElements(basePath: string): Promise<unknown> {
  if (customElements.get("auth-passkey-button")) return Promise.resolve();
  loading ??= new Promise((resolve) => {
    const script = document.createElement("script");
    script.type = "module";
    script.src = `${normalizeBasePath(basePath)}/assets/${__FOYER_PASSKEY_ELEMENTS__}`;
    // A page with a nonce-based CSP lets its own scripts run by nonce: this one carries the page's.
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = resolve;
    script.onerror = () => {
      loading = undefined; // a later render may try again
      resolve(undefined);
    };
    document.head.append(script);
  });
  return loading;
}
