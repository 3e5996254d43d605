/**
 * The message catalogue shared by the server pages, the web components and the e-mails. Data only:
 * nothing here may import server code, so the browser bundle can use it as is.
 *
 * Keys are stable codes. Terms are strings, or functions for interpolation. English entries are
 * Auth.js's texts where Auth.js has one, so default pages stay compatible.
 */

export interface Messages {
  /** Name of the language in itself, e.g. "Deutsch". */
  "language.name": string;

  "signin.title": string;
  "signin.heading": string;
  "signin.withProvider": (provider: string) => string;
  /** Accessible name of the busy indicator while a sign-in request runs. */
  "signin.loading": string;
  "signin.email.label": string;
  "signin.email.placeholder": string;
  "signin.or": string;
  "signin.passkey.heading": string;
  "signin.passkey.button": string;
  "signin.passkey.register": string;
  "signin.passkey.unsupported": string;
  /** The sign-in form's one primary button. */
  "signin.continue": string;
  /** The sign-in form's secondary action that sends a magic link to the typed address. */
  "signin.emailLink": string;
  /** The sign-in form's secondary action that signs in with any passkey of the site. */
  "signin.passkey.use": string;

  "signout.title": string;
  "signout.heading": string;
  "signout.confirm": string;
  "signout.button": string;
  "signout.cancel": string;
  /** Accessible name of the busy indicator while signing out. */
  "signout.loading": string;

  "error.title": string;
  "error.signinLink": string;
  /** The error page's link back to the sign-in page after an expired or used e-mail link. */
  "error.requestNewLink": string;
  /** Heading and paragraphs of the error page, per error code (`default` for unknown codes). */
  "errorPage.default.heading": string;
  "errorPage.Configuration.heading": string;
  "errorPage.Configuration.message": string[];
  "errorPage.AccessDenied.heading": string;
  "errorPage.AccessDenied.message": string[];
  "errorPage.Verification.heading": string;
  "errorPage.Verification.message": string[];

  "verifyRequest.title": string;
  "verifyRequest.heading": string;
  "verifyRequest.message": string;
  /** Foyer: the verify-request page's masked address and its "Send another link" form. */
  "verifyRequest.sentTo": (address: string) => string;
  "verifyRequest.resend.prompt": string;
  "verifyRequest.resend.button": string;
  "verifyRequest.resend.sent": string;
  "verifyRequest.resend.cooldown": (seconds: string) => string;

  /** The sign-in e-mail (magic link). */
  "email.subject": (host: string) => string;
  "email.heading": (host: string) => string;
  "email.button": string;
  "email.ignore": string;
  "email.expires": (minutes: string) => string;

  /** The sign-in page's alert, per sign-in error code. `CredentialsSignin.<code>` entries may be added per app. */
  "signinError.default": string;
  "signinError.Signin": string;
  "signinError.OAuthSignin": string;
  "signinError.OAuthCallbackError": string;
  "signinError.OAuthCreateAccount": string;
  "signinError.EmailCreateAccount": string;
  "signinError.Callback": string;
  "signinError.OAuthAccountNotLinked": string;
  "signinError.EmailSignin": string;
  "signinError.CredentialsSignin": string;
  "signinError.SessionRequired": string;
  "signinError.MissingCSRF": string;
  "signinError.AccountNotLinked": string;
  "signinError.AccessDenied": string;
  "signinError.Verification": string;
  "signinError.WebAuthnVerificationError": string;
  /** The server could not be reached (web components and the browser client). */
  "signinError.NetworkError": string;
  /** Too many attempts: the rate limit refused the request (`?error=RateLimited`, a `429`). */
  "signinError.RateLimited": string;

  // Passkey web components.
  /** Accessible name of the busy indicator while a passkey prompt is open. */
  "passkey.waiting": string;
  "passkey.register.add": string;
  "passkey.register.signup": string;
  /** Announced after a signed-in user added a passkey. */
  "passkey.register.added": string;
  /** Announced after a sign-up with a passkey (the user is now signed in). */
  "passkey.register.created": string;
  /** Passkey failures without a message of their own (the element's own codes and the account routes' `error`). */
  "passkey.error.default": string;
  "passkey.error.Cancelled": string;
  /** Registering found a passkey for the account on this authenticator already. */
  "passkey.error.PasskeyExists": string;
  "passkey.error.WebAuthnVerificationError": string;
  "passkey.error.AccountNotLinked": string;
  "passkey.error.InvalidEmail": string;
  "passkey.error.InvalidName": string;
  /** Also the explanation next to a disabled "Remove" button. */
  "passkey.error.LastSignInMethod": string;
  "passkey.error.NotFound": string;
  "passkey.error.NotAvailable": string;
  "passkey.list.label": string;
  "passkey.list.loading": string;
  "passkey.list.empty": string;
  "passkey.list.signedOut": string;
  /** Name shown for a passkey the user has not named. */
  "passkey.list.unnamed": string;
  /** Dates are formatted with `Intl.DateTimeFormat` in the element's locale. */
  "passkey.list.created": (date: string) => string;
  "passkey.list.lastUsed": (date: string) => string;
  "passkey.list.neverUsed": string;
  /** `list`: the transports below, joined with `Intl.ListFormat`. */
  "passkey.list.transports": (list: string) => string;
  /** Authenticator transports (`AuthenticatorTransport`) as shown in a sentence. */
  "passkey.transport.internal": string;
  "passkey.transport.hybrid": string;
  "passkey.transport.usb": string;
  "passkey.transport.nfc": string;
  "passkey.transport.ble": string;
  "passkey.transport.smart-card": string;
  "passkey.list.rename": string;
  /** Label of the rename field. */
  "passkey.list.name": string;
  "passkey.list.save": string;
  "passkey.list.cancel": string;
  "passkey.list.remove": string;
  "passkey.list.confirmRemove": (name: string) => string;
  "passkey.list.renamed": string;
  "passkey.list.removed": string;
}

export type MessageKey = keyof Messages;

/**
 * A partial catalogue: per-locale overrides from the config, or a locale still being translated.
 * A term that is a function in English may also be given as a string template (`"Mit {provider}
 * anmelden"`), so overrides can come from JSON: `{name}` placeholders take the arguments in order.
 */
export type MessageOverrides = {
  [K in MessageKey]?: Messages[K] | (Messages[K] extends (...args: never[]) => string ? string : never);
} & { [key: `signinError.CredentialsSignin.${string}` | AppLabelKey]: string };

/**
 * Names the app chose, translated per locale through the same overrides: `signin.provider.<provider id>`
 * replaces a provider's `name` on buttons, `signin.field.<provider id>.<field name>` a credentials
 * field's `label` (e.g. `{ de: { "signin.provider.github": "GitHub", "signin.field.credentials.password": "Passwort" } }`).
 * A Foyer addition: Auth.js shows `name` and `label` as configured.
 */
export type AppLabelKey = `signin.provider.${string}` | `signin.field.${string}`;

/** Writing direction of a locale. */
export type Direction = "ltr" | "rtl";
