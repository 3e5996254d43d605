/**
 * `foyer-auth/testing`: helpers for testing an app's sign-in flows in Node (Vitest, Jest, Playwright's
 * runner, node:test). Framework-free; nothing in Foyer's production entry points imports it.
 *
 * - {@link createTestSession}: a signed-in session without any page (jwt or database sessions);
 * - {@link testMailbox} and {@link startTestSmtpServer}: where sign-in e-mails land;
 * - {@link startTestIdP}: a local OpenID Provider with scripted outcomes;
 * - {@link softAuthenticator}: passkeys from Node (real attestation and assertion bytes), and
 *   {@link registerPasskey} / {@link signInWithPasskey} to run the ceremonies against an app over HTTP.
 *
 * Every helper that signs someone in or reads mail refuses to run while `NODE_ENV` is `production`
 * unless called with `allowProduction: true`. `oidc-provider`, `smtp-server` and `mailparser` are
 * optional peers, loaded by the helper that needs them.
 *
 * @module
 */
export { createTestSession, TestSessionError, type BrowserCookie, type TestSession, type TestSessionOptions, type TestUser } from "./session.js";
export { testMailbox, Mailbox, findSignInLink, type MailboxMessage, type MailedLink, type TestMailbox, type WaitOptions } from "./mailbox.js";
export { startTestSmtpServer, type CapturedMessage, type TestSmtpServer } from "./smtp.js";
export { startTestIdP, type ScriptedSignIn, type TestIdP, type TestIdPOptions, type TestIdPUser, type OidcServerRequest } from "./idp.js";
export {
  softAuthenticator,
  SoftAuthenticator,
  type SoftAuthenticatorOptions,
  type SoftAuthenticationResponse,
  type SoftRegistrationResponse,
  type SoftCreationOptions,
  type SoftRequestOptions,
  type AssertionOverrides,
  type RegistrationOverrides,
  type CeremonyOverrides,
  type SoftCredential,
} from "./soft-authenticator.js";
export { registerPasskey, signInWithPasskey, passkeyOptions, postPasskeyCeremony, type PasskeyCeremony, type PasskeyCeremonyOptions } from "./passkeys.js";
export { CookieJar } from "./cookie-jar.js";
export { MissingDependencyError, TestingInProductionError } from "./optional.js";
