/**
 * `foyer-auth/providers/beyondidentity`: sign in with Beyond Identity (OpenID Connect). The issuer is the application's issuer URL from the Beyond Identity console (`https://auth-<region>.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<app>`).
 *
 * ```ts
 * import BeyondIdentity from "foyer-auth/providers/beyondidentity";
 * BeyondIdentity(); // AUTH_BEYONDIDENTITY_ID, AUTH_BEYONDIDENTITY_SECRET, AUTH_BEYONDIDENTITY_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Beyond Identity ID token (standard OpenID Connect claims; others pass through). */
export interface BeyondIdentityProfile {
  sub: string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Beyond Identity (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_BEYONDIDENTITY_ID`, `AUTH_BEYONDIDENTITY_SECRET`) and the required `issuer` (default `AUTH_BEYONDIDENTITY_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/beyondidentity` (default basePath `/auth`).
 * Scope `openid profile email`; PKCE, state and nonce. The profile keeps `preferred_username`.
 * @example
 * ```ts
 * import BeyondIdentity from "foyer-auth/providers/beyondidentity";
 * const config = { providers: [BeyondIdentity({ clientId: process.env.AUTH_BEYONDIDENTITY_ID, clientSecret: process.env.AUTH_BEYONDIDENTITY_SECRET, issuer: process.env.AUTH_BEYONDIDENTITY_ISSUER })] };
 * ```
 */
export default function BeyondIdentity(options: Partial<OAuthConfig<BeyondIdentityProfile>> = {}): OAuthConfig<BeyondIdentityProfile> {
  return {
    id: "beyondidentity",
    name: "Beyond Identity",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: null, preferred_username: profile.preferred_username };
    },
    style: { bg: "#5077c5", text: "#fff", brandColor: "#5077C5" },
    options,
  };
}
