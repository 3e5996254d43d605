/**
 * Auth.js's wording for the errors it logs about a broken configuration or a failed check, so that
 * log searches and alerts written for Auth.js match Foyer's lines word for word. Auth.js's
 * `AuthError` appends ". Read more at https://errors.authjs.dev#<type in lower case>" to every
 * message (`@auth/core`'s `errors.js`); the texts are those of its `lib/utils/assert.js`,
 * `lib/actions/callback/oauth/checks.js`, `lib/index.js`, `lib/pages/index.js` and `index.js`. What Foyer adds — what to change, which rule failed — goes
 * in the error's `cause.detail`, which Foyer's logger prints after the message and a custom
 * `logger.error` reads as `error.cause.detail`. Neither ever carries a secret or a token.
 */
import { type AuthError, type ErrorCause, type ErrorType } from "./errors.js";
import { loggableUrl } from "./logger.js";

/** `text` as Auth.js words a message of `type`: with its "Read more" link. */
export function authjsMessage(type: ErrorType, text: string): string {
  return `${text}${text ? ". " : ""}Read more at https://errors.authjs.dev#${type.toLowerCase()}`;
}

type ErrorClass<E extends AuthError> = { new (message?: string, cause?: ErrorCause): E; type: ErrorType };

/** An error of `Kind` with Auth.js's message `text`, and Foyer's `detail` (if any) in `cause.detail`. */
export function authjsError<E extends AuthError>(Kind: ErrorClass<E>, text: string, detail?: string): E {
  return new Kind(authjsMessage(Kind.type, text), detail ? { detail } : undefined);
}

/** Auth.js's message texts (before the "Read more" link), by the situation they name. */
export const AUTHJS_TEXT = {
  /** The request's URL, printed without the values of credential-like query parameters (see `loggableUrl`). */
  untrustedHost: (url: URL) => `Host must be trusted. URL was: ${loggableUrl(url)}`,
  missingSecret: "Please define a `secret`",
  invalidCallbackUrl: (received: string) => `Invalid callback URL. Received: ${received}`,
  invalidEndpoints: (providerId: string, key: string) =>
    `Provider "${providerId}" is missing both \`issuer\` and \`${key}\` endpoint config. At least one of them is required`,
  duplicateConditionalUI: "Multiple webauthn providers have 'enableConditionalUI' set to True. Only one provider can have this option enabled at a time",
  missingWebAuthnAutocomplete: (providerId: string) =>
    `Provider "${providerId}" has 'enableConditionalUI' set to True, but none of its formFields have 'webauthn' in their autocomplete param`,
  missingAuthorize: "Must define an authorize() handler to use credentials authentication provider",
  emailNeedsAdapter: "Email login requires an adapter",
  databaseNeedsAdapter: "Database session requires an adapter",
  webauthnNeedsAdapter: "WebAuthn requires an adapter",
  missingAdapterMethods: (methods: readonly string[]) => `Required adapter methods were missing: ${methods.join(", ")}`,
  /** A custom error page whose own URL is the callback URL of a failing request. */
  errorPageLoop: (page: string) => `The error page ${page} should not require authentication`,
  /** `GET {basePath}/signin/<provider>`: not an action. */
  unsupportedAction: "Unsupported action",
  /** A known action asked with a method it does not take (`POST /csrf`). */
  cannotHandleAction: (action: string) => `Cannot handle action: ${action}`,
  /** The redirect proxy could not open the state it was given. */
  stateNotDecoded: "State could not be decoded",
  /** The passkey challenge cookie is missing, cannot be opened, or is not this ceremony's. */
  challengeNotParsed: "webauthnChallenge value could not be parsed",
} as const;
