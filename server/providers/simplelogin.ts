/**
 * `foyer-auth/providers/simplelogin`: "Sign in with SimpleLogin" (OpenID Connect, issuer
 * `https://app.simplelogin.io`). The e-mail address may be a SimpleLogin alias the user picked for
 * this app; the picture is in the `avatar_url` claim.
 *
 * ```ts
 * import SimpleLogin from "foyer-auth/providers/simplelogin";
 * SimpleLogin(); // AUTH_SIMPLELOGIN_ID, AUTH_SIMPLELOGIN_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a SimpleLogin ID token / userinfo answer. */
export interface SimpleLoginProfile {
  sub: string;
  iss?: string;
  client: string;
  name: string;
  email: string;
  email_verified: boolean;
  avatar_url: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with SimpleLogin (OpenID Connect, issuer `https://app.simplelogin.io`).
 * Options: `clientId` and `clientSecret` (default `AUTH_SIMPLELOGIN_ID`, `AUTH_SIMPLELOGIN_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/simplelogin` (default basePath `/auth`).
 * Default scopes: `openid profile email`; the picture is `avatar_url`.
 * @example
 * ```ts
 * import SimpleLogin from "foyer-auth/providers/simplelogin";
 * const config = { providers: [SimpleLogin({ clientId: process.env.AUTH_SIMPLELOGIN_ID, clientSecret: process.env.AUTH_SIMPLELOGIN_SECRET })] };
 * ```
 */
export default function SimpleLogin(options: Partial<OAuthConfig<SimpleLoginProfile>> = {}): OAuthConfig<SimpleLoginProfile> {
  return {
    id: "simplelogin",
    name: "SimpleLogin",
    type: "oidc",
    issuer: "https://app.simplelogin.io",
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null };
    },
    style: { brandColor: "#e3156a" },
    options,
  };
}
