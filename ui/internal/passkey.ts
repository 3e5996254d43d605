/**
 * What the three passkey elements share (`<auth-passkey-button>`, `<auth-passkey-register>`,
 * `<auth-passkeys>`): the message for a failure code, the light-DOM field styles, custom states, and
 * how an element finds the `autocomplete="… webauthn"` input it works with. Nothing here runs at
 * import time (SSR-safe).
 */
import { unsafeCSS } from "lit";
import { signinErrorMessage, type Translate } from "../../locales/translator.js";
import { adoptLightStyles as adoptStyles } from "./element.js";
import type { MessageKey } from "../../locales/types.js";

/**
 * The inputs passkey autofill works on. `$=` like SimpleWebAuthn's own check: browsers want
 * `webauthn` as the last autocomplete token (`username webauthn`).
 */
export const WEBAUTHN_INPUT = 'input[autocomplete$="webauthn"]';

/** Where a failure happened: the message for one code differs between signing in, registering and managing. */
export type PasskeyContext = "signin" | "register" | "manage";

/** Codes with a `passkey.error.<code>` message of their own, whatever the context. */
const OWN_MESSAGES: ReadonlySet<string> = new Set(["Cancelled", "PasskeyExists", "LastSignInMethod", "NotFound", "NotAvailable"]);

/**
 * The alert text for a failed passkey operation. Sign-in failures read like the sign-in page's
 * (`signinError.*`), so the element and the page agree; registration and management have their own
 * wording where the sign-in text would be wrong ("Unable to sign in." after adding a passkey).
 * Unknown codes get a generic text: a server's raw code never reaches the page.
 */
export function passkeyErrorMessage(t: Translate, code: string, context: PasskeyContext): string {
  if (OWN_MESSAGES.has(code)) return t(`passkey.error.${code}` as MessageKey) as string;
  if (code === "Unsupported") return t("signin.passkey.unsupported");
  if (code === "NetworkError") return t("signinError.NetworkError");
  if (context === "signin") return signinErrorMessage(t, code) ?? t("signinError.default");
  if (code === "InvalidRequest") return t(context === "register" ? "passkey.error.InvalidEmail" : "passkey.error.InvalidName");
  if (code === "SessionRequired") return t("signinError.SessionRequired");
  if (context === "register" && (code === "WebAuthnVerificationError" || code === "AccountNotLinked")) return t(`passkey.error.${code}`);
  return t("passkey.error.default");
}

export { toggleState } from "./element.js";

/**
 * Styles for the light-DOM fields and buttons of the passkey elements (inputs must live outside
 * shadow roots for password managers and passkey autofill). The same look as
 * `<auth-signin>`'s forms; `:where()` keeps specificity at zero so any page style wins.
 */
const LIGHT_CSS = unsafeCSS(
  (() => {
    const hosts = ":where(auth-passkey-button,auth-passkey-register,auth-passkeys)";
    return `
${hosts} :where(.auth-field){display:grid;gap:.25rem}
${hosts} :where(.auth-field label){font-size:.875rem;font-weight:600}
${hosts} :where(.auth-field input){box-sizing:border-box;inline-size:100%;padding:.625rem .75rem;font:inherit;color:inherit;background:var(--_color-surface);border:1px solid var(--_color-border);border-radius:var(--_radius)}
${hosts} :where(.auth-field input[aria-invalid="true"]){border-color:var(--_color-error)}
${hosts} :where(.auth-rename){display:flex;flex-wrap:wrap;align-items:end;gap:.5rem}
${hosts} :where(.auth-rename .auth-field){flex:1 1 12rem}
${hosts} :where(.auth-rename button){min-block-size:2.5rem;padding:.5rem .875rem;font:inherit;font-weight:600;color:var(--_color-text);background:var(--_color-surface);border:1px solid var(--_color-border);border-radius:var(--_radius);cursor:pointer}
${hosts} :where(.auth-rename button[type="submit"]){color:var(--auth-button-text,var(--_color-on-brand));background:var(--auth-button-bg,var(--_color-brand))}
${hosts} :where(.auth-field input:focus-visible,.auth-rename button:focus-visible){outline:3px solid var(--_color-focus);outline-offset:2px}
`;
  })(),
);

/** Adopts the passkey elements' light-DOM field styles into the document (or shadow root) `host` lives in, once per root. */
export function adoptPasskeyLightStyles(host: HTMLElement): void {
  adoptStyles(host, LIGHT_CSS);
}

let fields = 0;

/** A page-unique id for a field an element renders (two elements on one page must not share ids). */
export function fieldId(prefix: string): string {
  return `${prefix}-${++fields}`;
}
