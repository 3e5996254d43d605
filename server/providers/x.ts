/**
 * `foyer-auth/providers/x`: the X provider (`foyer-auth/providers/twitter`) under the id `x` and the
 * name "X": callback URL `{origin}{basePath}/callback/x`, variables `AUTH_X_ID` / `AUTH_X_SECRET`.
 * Use `twitter` instead to keep accounts stored under the provider id `twitter` (Auth.js's id).
 *
 * ```ts
 * import X from "foyer-auth/providers/x";
 * X();
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { twitterProvider, type TwitterProfile } from "./twitter.js";

export type { TwitterProfile, TwitterProfile as XProfile } from "./twitter.js";

/**
 * Sign in with X, formerly Twitter (OAuth 2 with PKCE), under the id `x`.
 * Options: `clientId` and `clientSecret` (default `AUTH_X_ID`, `AUTH_X_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/x` (default basePath `/auth`).
 * `clientId` / `clientSecret` are the OAuth 2.0 Client ID and Secret.
 * Default scopes: `users.read tweet.read offline.access`. No e-mail address (`email` is `null`).
 * @example
 * ```ts
 * import X from "foyer-auth/providers/x";
 * const config = { providers: [X({ clientId: process.env.AUTH_X_ID, clientSecret: process.env.AUTH_X_SECRET })] };
 * ```
 */
export default function X(options: Partial<OAuthConfig<TwitterProfile>> = {}): OAuthConfig<TwitterProfile> {
  return twitterProvider({ id: "x", name: "X" }, options);
}
