/**
 * `foyer-auth/client`: sign in, sign out and read the session from the browser, with no framework.
 *
 * It speaks the same wire protocol as Auth.js v5's client (`/csrf`, `/providers`, `/session`,
 * `/signin`, `/callback`, `/signout`, with `X-Auth-Return-Redirect: 1`). Importing it is safe during
 * server rendering: nothing touches `window`, `document` or `location` until a function runs.
 *
 * ```ts
 * import { signIn, getSession, onSessionChange } from "foyer-auth/client";
 *
 * const result = await signIn("credentials", { username, password, redirect: false });
 * if (result.ok) console.log(await getSession());
 * else console.log(result.error); // "CredentialsSignin", "MissingCSRF", "NetworkError", …
 * onSessionChange(({ reason }) => console.log("session changed:", reason));
 * ```
 *
 * The functions exported directly use a default client for a page served from the same origin as
 * Foyer at `/auth`. For another `basePath` or origin, use {@link createAuthClient}.
 *
 * @module
 */
import type { Session } from "../../server/types.js";
import type { SessionChangeListener } from "./broadcast.js";
import { createAuthClient, type AuthClient } from "./client.js";
import type { ClientProvider } from "./providers.js";
import type { UpdateSessionResult } from "./session.js";
import type { AuthorizationParams, SignInOptions, SignInResult } from "./signin.js";
import type { SignOutOptions, SignOutResult } from "./signout.js";

export { createAuthClient, type AuthClient } from "./client.js";
export type { AuthClientOptions } from "./options.js";
export type { ClientErrorCode } from "./errors.js";
export type { ClientProvider, ClientProviderField, ClientProviderStyle } from "./providers.js";
export type { AuthorizationParams, SignInOptions, SignInResult } from "./signin.js";
export type { SignOutOptions, SignOutResult } from "./signout.js";
export type { UpdateSessionResult } from "./session.js";
export { SESSION_CHANNEL, type SessionChangeEvent, type SessionChangeListener, type SessionChangeReason } from "./broadcast.js";
export type { Session, PublicProvider, ProviderType, User } from "../../server/types.js";

let defaultClient: AuthClient | undefined;

/** The client behind the module-level functions, created on first use with the default options. */
function client(): AuthClient {
  defaultClient ??= createAuthClient();
  return defaultClient;
}

/**
 * The CSRF token from `GET /auth/csrf`, cached after the first success (default client).
 * @returns The token, or `null` when it cannot be fetched.
 */
export function getCsrfToken(): Promise<string | null> {
  return client().getCsrfToken();
}

/**
 * The configured providers, keyed by id, cached after the first success (default client).
 * @returns The map, or `null` when it cannot be fetched.
 */
export function getProviders(): Promise<Record<string, ClientProvider> | null> {
  return client().getProviders();
}

/**
 * The current session (default client).
 * @returns The session, or `null` when signed out or on any failure.
 */
export function getSession(): Promise<Session | null> {
  return client().getSession();
}

/**
 * Signs in (default client); see {@link AuthClient.signIn}.
 *
 * ```ts
 * await signIn();                                    // to the sign-in page
 * await signIn("github", { redirectTo: "/me" });     // to GitHub
 * const r = await signIn("credentials", { email, password, redirect: false });
 * ```
 *
 * @param providerId The provider's id; omit it to go to the sign-in page.
 * @param options `redirect`, `redirectTo` (or `callbackUrl`), plus the fields to post.
 * @param authorizationParams Extra query parameters for the sign-in URL.
 */
export function signIn(providerId?: string, options?: SignInOptions | FormData, authorizationParams?: AuthorizationParams): Promise<SignInResult> {
  return client().signIn(providerId, options, authorizationParams);
}

/**
 * Signs out (default client); see {@link AuthClient.signOut}.
 * @param options `redirect` (default `true`) and `redirectTo` (default: the current page).
 */
export function signOut(options?: SignOutOptions): Promise<SignOutResult> {
  return client().signOut(options);
}

/**
 * Updates the session through the jwt callback (default client); see {@link AuthClient.updateSession}.
 * @param data The update payload, passed to the jwt callback as `session` with `trigger: "update"`.
 */
export function updateSession(data: unknown): Promise<UpdateSessionResult> {
  return client().updateSession(data);
}

/**
 * Listens for session changes in this tab and other tabs (default client); see
 * {@link AuthClient.onSessionChange}.
 * @param listener Called with `{ reason }`.
 * @returns A function that removes the listener.
 */
export function onSessionChange(listener: SessionChangeListener): () => void {
  return client().onSessionChange(listener);
}
