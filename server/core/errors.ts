/**
 * Foyer's error classes. `type` names are wire contract (they appear in logs and, for the client-safe
 * ones, in `?error=`); they are Auth.js's 32 types plus Foyer's `InvalidConfiguration`, `StoreError` and
 * `RefreshTokenError`. Messages say what to change; where Auth.js logs the same configuration
 * problem or failed check, the message is Auth.js's own and Foyer's detail is in `cause.detail`
 * (core/authjs-wording.ts).
 */

export type ErrorType =
  | "AccessDenied"
  | "AdapterError"
  | "AuthError"
  | "CallbackRouteError"
  | "ErrorPageLoop"
  | "EventError"
  | "InvalidCallbackUrl"
  | "CredentialsSignin"
  | "InvalidEndpoints"
  | "InvalidCheck"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingSecret"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "SessionTokenError"
  | "OAuthSignInError"
  | "EmailSignInError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "InvalidProvider"
  | "UntrustedHost"
  | "Verification"
  | "MissingCSRF"
  | "AccountNotLinked"
  | "DuplicateConditionalUI"
  | "MissingWebAuthnAutocomplete"
  | "WebAuthnVerificationError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidConfiguration"
  | "RefreshTokenError"
  | "StoreError";

export type ErrorKind = "signIn" | "error";

export interface ErrorCause extends Record<string, unknown> {
  err?: Error;
}

/** Base class of every error Foyer raises. */
export class AuthError extends Error {
  static type: ErrorType = "AuthError";
  static kind: ErrorKind = "error";
  /** Identifies the error in logs and in `?error=` (client-safe types only). */
  type: ErrorType;
  kind: ErrorKind;
  declare cause?: ErrorCause;

  constructor(message?: string | Error | ErrorCause, errorOptions?: ErrorCause | Error) {
    if (message instanceof Error) {
      super(undefined, { cause: { err: message, ...(message.cause as object | undefined), ...(errorOptions as ErrorCause | undefined) } });
    } else if (typeof message === "string") {
      if (errorOptions instanceof Error) {
        super(message, { cause: { err: errorOptions, ...(errorOptions.cause as object | undefined) } });
      } else {
        super(message, errorOptions ? { cause: errorOptions } : undefined);
      }
    } else {
      super(undefined, message ? { cause: message } : undefined);
    }
    const constructor = new.target as typeof AuthError;
    this.name = constructor.name;
    this.type = constructor.type;
    this.kind = constructor.kind;
    Error.captureStackTrace?.(this, new.target);
  }
}

/** Errors shown on the sign-in page rather than the error page. */
export class SignInError extends AuthError {
  static override kind: ErrorKind = "signIn";
}

/** An adapter method threw. The client sees `?error=Configuration` on the error page (500). */
export class AdapterError extends AuthError {
  static override type: ErrorType = "AdapterError";
}
/** The `signIn` callback returned `false` or threw. The client sees `?error=AccessDenied` on the error page (403). */
export class AccessDenied extends AuthError {
  static override type: ErrorType = "AccessDenied";
}
/** Something unexpected was thrown inside a callback (e.g. `authorize()` throwing a plain `Error`). The client sees `?error=Configuration` (500). */
export class CallbackRouteError extends AuthError {
  static override type: ErrorType = "CallbackRouteError";
}
/** The custom error page itself failed the configuration check; logged, and the built-in response is used instead. */
export class ErrorPageLoop extends AuthError {
  static override type: ErrorType = "ErrorPageLoop";
}
/** An `events.*` handler threw; logged only, the flow continues and the client sees nothing. */
export class EventError extends AuthError {
  static override type: ErrorType = "EventError";
}
/** The `callbackUrl` is not an http(s) URL or a path, or is over 4096 characters. The client sees `?error=Configuration` (500). */
export class InvalidCallbackUrl extends AuthError {
  static override type: ErrorType = "InvalidCallbackUrl";
}
/** An OAuth provider has neither an issuer nor endpoints. The client sees `?error=Configuration` (500). */
export class InvalidEndpoints extends AuthError {
  static override type: ErrorType = "InvalidEndpoints";
}
/**
 * The redirect proxy could not open the state or would forward to a disallowed origin (client: `?error=Configuration`), or the passkey
 * challenge cookie is missing, expired, used or foreign (client: `?error=WebAuthnVerificationError` on the sign-in page).
 */
export class InvalidCheck extends AuthError {
  static override type: ErrorType = "InvalidCheck";
}
/** A session cookie does not open (tampered, expired, foreign key); logged, the cookie is cleared and the session answers `null`. */
export class JWTSessionError extends AuthError {
  static override type: ErrorType = "JWTSessionError";
}
/** The database session strategy, e-mail or WebAuthn is configured without an adapter. The client sees `?error=Configuration` (500). */
export class MissingAdapter extends AuthError {
  static override type: ErrorType = "MissingAdapter";
}
/** The adapter lacks a method a configured feature needs (the message lists them). The client sees `?error=Configuration` (500). */
export class MissingAdapterMethods extends AuthError {
  static override type: ErrorType = "MissingAdapterMethods";
}
/** A credentials provider has no `authorize()`. The client sees `?error=Configuration` (500). */
export class MissingAuthorize extends AuthError {
  static override type: ErrorType = "MissingAuthorize";
}
/** No `secret` / `AUTH_SECRET` is set (`getToken()` without a secret throws it to the caller). The client sees `?error=Configuration` (500). */
export class MissingSecret extends AuthError {
  static override type: ErrorType = "MissingSecret";
}
/** A provider's `profile()` threw; logged, and the client is sent to the sign-in page with `?error=Callback`. */
export class OAuthProfileParseError extends AuthError {
  static override type: ErrorType = "OAuthProfileParseError";
}
/**
 * The adapter failed reading a database session (session answers `null`), or a session token too large for 8 cookies was
 * to be written (a sign-in ends on the error page with `?error=Configuration`; an update clears the session).
 */
export class SessionTokenError extends AuthError {
  static override type: ErrorType = "SessionTokenError";
}
/** The sign-out event failed; logged only, sign-out continues. */
export class SignOutError extends AuthError {
  static override type: ErrorType = "SignOutError";
}
/** A parseable but unsupported method/action pair (`POST /csrf`, `GET /signin/<id>`). The client sees `?error=Configuration` (500). */
export class UnknownAction extends AuthError {
  static override type: ErrorType = "UnknownAction";
}
/** Kept only for Auth.js compatibility; Foyer never raises it (credentials work with database sessions). */
export class UnsupportedStrategy extends AuthError {
  static override type: ErrorType = "UnsupportedStrategy";
}
/**
 * An unknown or duplicate provider id, a provider kind this version cannot sign in with, or a callback the kind does not support.
 * The client sees `?error=Configuration` (500).
 */
export class InvalidProvider extends AuthError {
  static override type: ErrorType = "InvalidProvider";
}
/** Host trust is off (production without `AUTH_URL` / `AUTH_TRUST_HOST`) or the host is not allowed. The client sees `?error=Configuration` (500). */
export class UntrustedHost extends AuthError {
  static override type: ErrorType = "UntrustedHost";
}
/** An e-mail sign-in link expired, was already used, or belongs to another address. The client sees `?error=Verification` on the error page (403). */
export class Verification extends AuthError {
  static override type: ErrorType = "Verification";
}
/** Two WebAuthn providers set `enableConditionalUI: true` (set it to `false` on one). The client sees `?error=Configuration` (500). */
export class DuplicateConditionalUI extends AuthError {
  static override type: ErrorType = "DuplicateConditionalUI";
}
/** A WebAuthn provider with conditional UI has no form field whose `autocomplete` contains `webauthn`. The client sees `?error=Configuration` (500). */
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type: ErrorType = "MissingWebAuthnAutocomplete";
}
/**
 * A passkey response failed verification (signature, origin/RP ID, counter, user verification, unknown credential, malformed data).
 * The client is sent to the sign-in page with `?error=WebAuthnVerificationError`.
 */
export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError";
}
/** Kept only for Auth.js compatibility; Foyer never raises it (passkeys need no `experimental` flag). */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type: ErrorType = "ExperimentalFeatureNotEnabled";
}
/** A config value Foyer cannot use (wrong type, unsupported value). Foyer's addition; shown as `Configuration`. */
export class InvalidConfiguration extends AuthError {
  static override type: ErrorType = "InvalidConfiguration";
}
/**
 * A provider's access token could not be refreshed (`refreshTokens`). Foyer's addition; logged only:
 * the session stays, with `error: "RefreshTokenError"`.
 */
export class RefreshTokenError extends AuthError {
  static override type: ErrorType = "RefreshTokenError";
}
/**
 * The shared store (`AuthConfig.store`, docs/stores.md) could not be reached. Foyer's addition. The
 * request that needed it is refused — a sign-in never goes on without it — and the client sees
 * `?error=Configuration` on the error page. Logged once per outage, not once per request.
 */
export class StoreError extends AuthError {
  static override type: ErrorType = "StoreError";
}

/**
 * Thrown from a credentials provider's `authorize` to reject a sign-in. `code` travels to the sign-in
 * page as `?code=`, so it must not reveal anything sensitive (for example whether the account exists).
 */
export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin";
  /** Shown to the client in `?code=`. Default `credentials`. */
  code = "credentials";
}

/** An OAuth identity's e-mail belongs to another user, or the account is linked to another user. The client sees `?error=OAuthAccountNotLinked` on the sign-in page. */
export class OAuthAccountNotLinked extends SignInError {
  static override type: ErrorType = "OAuthAccountNotLinked";
}
/**
 * The provider returned an error, or a check (state, PKCE, nonce, `iss`, ID token) failed; the log names the check. The client sees
 * `?error=OAuthCallbackError` on the sign-in page.
 */
export class OAuthCallbackError extends SignInError {
  static override type: ErrorType = "OAuthCallbackError";
}
/** Kept only for Auth.js compatibility; Foyer never raises it (as in Auth.js). */
export class OAuthSignInError extends SignInError {
  static override type: ErrorType = "OAuthSignInError";
}
/** The sign-in e-mail could not be sent, or the address was refused; logged, and the client sees `?error=EmailSignin` on the sign-in page. */
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError";
}
/** A POST without a valid CSRF token pair, or a cross-site POST. The client sees `?error=MissingCSRF` on the sign-in page (`POST /session`: `400 null`). */
export class MissingCSRF extends SignInError {
  static override type: ErrorType = "MissingCSRF";
}
/** A passkey sign-up for an address that already has an account, or a passkey registered to another user. The client sees `?error=AccountNotLinked` on the sign-in page. */
export class AccountNotLinked extends SignInError {
  static override type: ErrorType = "AccountNotLinked";
}

/** Errors whose type may be shown to the client; every other error is reported as `Configuration`. */
const CLIENT_SAFE = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
]);

export function isClientSafeErrorType(type: ErrorType): boolean {
  return CLIENT_SAFE.has(type);
}
