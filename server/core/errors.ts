/**
 * Foyer's error classes. `type` names are wire contract (they appear in logs and, for the client-safe
 * ones, in `?error=`); they match Auth.js's 32 types. Messages are Foyer's own and say what to change.
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
  | "RefreshTokenError";

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

export class AdapterError extends AuthError { static override type: ErrorType = "AdapterError"; }
export class AccessDenied extends AuthError { static override type: ErrorType = "AccessDenied"; }
export class CallbackRouteError extends AuthError { static override type: ErrorType = "CallbackRouteError"; }
export class ErrorPageLoop extends AuthError { static override type: ErrorType = "ErrorPageLoop"; }
export class EventError extends AuthError { static override type: ErrorType = "EventError"; }
export class InvalidCallbackUrl extends AuthError { static override type: ErrorType = "InvalidCallbackUrl"; }
export class InvalidEndpoints extends AuthError { static override type: ErrorType = "InvalidEndpoints"; }
export class InvalidCheck extends AuthError { static override type: ErrorType = "InvalidCheck"; }
export class JWTSessionError extends AuthError { static override type: ErrorType = "JWTSessionError"; }
export class MissingAdapter extends AuthError { static override type: ErrorType = "MissingAdapter"; }
export class MissingAdapterMethods extends AuthError { static override type: ErrorType = "MissingAdapterMethods"; }
export class MissingAuthorize extends AuthError { static override type: ErrorType = "MissingAuthorize"; }
export class MissingSecret extends AuthError { static override type: ErrorType = "MissingSecret"; }
export class OAuthProfileParseError extends AuthError { static override type: ErrorType = "OAuthProfileParseError"; }
export class SessionTokenError extends AuthError { static override type: ErrorType = "SessionTokenError"; }
export class SignOutError extends AuthError { static override type: ErrorType = "SignOutError"; }
export class UnknownAction extends AuthError { static override type: ErrorType = "UnknownAction"; }
export class UnsupportedStrategy extends AuthError { static override type: ErrorType = "UnsupportedStrategy"; }
export class InvalidProvider extends AuthError { static override type: ErrorType = "InvalidProvider"; }
export class UntrustedHost extends AuthError { static override type: ErrorType = "UntrustedHost"; }
export class Verification extends AuthError { static override type: ErrorType = "Verification"; }
export class DuplicateConditionalUI extends AuthError { static override type: ErrorType = "DuplicateConditionalUI"; }
export class MissingWebAuthnAutocomplete extends AuthError { static override type: ErrorType = "MissingWebAuthnAutocomplete"; }
export class WebAuthnVerificationError extends AuthError { static override type: ErrorType = "WebAuthnVerificationError"; }
export class ExperimentalFeatureNotEnabled extends AuthError { static override type: ErrorType = "ExperimentalFeatureNotEnabled"; }
/** A config value Foyer cannot use (wrong type, unsupported value). Foyer's addition; shown as `Configuration`. */
export class InvalidConfiguration extends AuthError { static override type: ErrorType = "InvalidConfiguration"; }
/**
 * A provider's access token could not be refreshed (`refreshTokens`). Foyer's addition; logged only:
 * the session stays, with `error: "RefreshTokenError"`.
 */
export class RefreshTokenError extends AuthError { static override type: ErrorType = "RefreshTokenError"; }

/**
 * Thrown from a credentials provider's `authorize` to reject a sign-in. `code` travels to the sign-in
 * page as `?code=`, so it must not reveal anything sensitive (for example whether the account exists).
 */
export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin";
  /** Shown to the client in `?code=`. Default `credentials`. */
  code = "credentials";
}

export class OAuthAccountNotLinked extends SignInError { static override type: ErrorType = "OAuthAccountNotLinked"; }
export class OAuthCallbackError extends SignInError { static override type: ErrorType = "OAuthCallbackError"; }
export class OAuthSignInError extends SignInError { static override type: ErrorType = "OAuthSignInError"; }
export class EmailSignInError extends SignInError { static override type: ErrorType = "EmailSignInError"; }
export class MissingCSRF extends SignInError { static override type: ErrorType = "MissingCSRF"; }
export class AccountNotLinked extends SignInError { static override type: ErrorType = "AccountNotLinked"; }

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
