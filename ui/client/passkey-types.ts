/**
 * The types of `foyer-auth/client/passkey`, apart from its functions so that the ceremony and the
 * account modules share them without importing each other.
 *
 * @module
 */

/**
 * Why a passkey function failed.
 *
 * - `Cancelled`: the visitor dismissed the browser's passkey dialog, it timed out, no passkey was
 *   offered, or another sign-in (a `signIn()` call, another ceremony) cancelled this one.
 * - `Unsupported`: this browser has no WebAuthn (see `passkeysSupported()`).
 * - `PasskeyExists`: registering found that this authenticator already holds a passkey for the
 *   account (the server's `excludeCredentials`).
 * - `WebAuthnVerificationError`, `AccountNotLinked`, `Configuration`: reported by the server in the
 *   URL it returned (`AccountNotLinked`: a passkey sign-up for an e-mail that already has an account,
 *   or a passkey of another user).
 * - `InvalidRequest`: the server refused the options request (`400`), e.g. a sign-up without a valid
 *   e-mail address.
 * - `MissingCSRF`, `SessionRequired`, `NotFound`, `NotAvailable`, `LastSignInMethod`: from the
 *   `{basePath}/account/passkeys` routes.
 * - `NetworkError`: no answer, or an answer that is not Foyer's.

 */
export type PasskeyErrorCode =
  | "WebAuthnVerificationError"
  | "AccountNotLinked"
  | "Cancelled"
  | "Unsupported"
  | "PasskeyExists"
  | "InvalidRequest"
  | "MissingCSRF"
  | "SessionRequired"
  | "NotFound"
  | "NotAvailable"
  | "LastSignInMethod"
  | "NetworkError"
  | "Configuration"
  | (string & {});

/**
 * The outcome of a passkey ceremony: the URL the server sent the visitor to (`callbackUrl`, or
 * `pages.newUser` after a sign-up), or why it failed. `message` carries the browser's own text for a
 * failed WebAuthn call, for logs; show visitors a message chosen by `error`.
 */
export type PasskeyResult = { ok: true; url: string } | { ok: false; error: PasskeyErrorCode; message?: string };

/** Where the Foyer server is, for the passkey functions. Every option has a browser default. */
export interface PasskeyClientOptions {
  /** Where Foyer is mounted (the config's `basePath`). Default `"/auth"`. */
  basePath?: string;
  /** The origin Foyer is served from. Default: `location.origin`. */
  baseUrl?: string;
  /** The `fetch` to use. Default: the global `fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /** Goes to a URL after a successful ceremony. Default: `location.assign(url)`. */
  navigate?: (url: string) => void;
}

/** Options of a passkey ceremony (sign-in or registration). */
export interface PasskeyCeremonyOptions extends PasskeyClientOptions {
  /** The WebAuthn provider's id. Default `"passkey"`. */
  providerId?: string;
  /**
   * Where to land after success; the server's redirect callback decides. Default: the current page.
   * Posted as it is.
   */
  callbackUrl?: string;
  /** Navigate to the returned URL after success (default `true`); `false` only resolves with it. */
  redirect?: boolean;
}

// The wire shape the server answers with, declared once in the route that builds it. A type-only
// import: nothing of the server module reaches the browser bundles.
export type { PasskeyInfo, PasskeySignal } from "../../server/account/passkeys.js";
