/**
 * `foyer-auth/providers/auth0`: sign in through an Auth0 tenant (OpenID Connect). The issuer is the
 * tenant's domain with a trailing slash, as Auth0's discovery document states it:
 * `https://<tenant>.<region>.auth0.com/` or a custom domain. Endpoints come from
 * `<issuer>.well-known/openid-configuration`; the profile from the ID token.
 *
 * ```ts
 * import Auth0 from "foyer-auth/providers/auth0";
 * Auth0(); // AUTH_AUTH0_ID, AUTH_AUTH0_SECRET, AUTH_AUTH0_ISSUER=https://acme.eu.auth0.com/
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of an Auth0 ID token (standard OIDC claims; which ones depend on the connection). */
export interface Auth0Profile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  nickname?: string;
  preferred_username?: string;
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  gender?: string;
  birthdate?: string;
  zoneinfo?: string;
  locale?: string;
  phone_number?: string;
  phone_number_verified?: boolean;
  updated_at?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with an Auth0 tenant (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_AUTH0_ID`, `AUTH_AUTH0_SECRET`) and the required `issuer` (default `AUTH_AUTH0_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/auth0` (default basePath `/auth`).
 * The issuer is the tenant domain with a trailing slash, e.g. `https://acme.eu.auth0.com/`.
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import Auth0 from "foyer-auth/providers/auth0";
 * const config = { providers: [Auth0({ clientId: process.env.AUTH_AUTH0_ID, clientSecret: process.env.AUTH_AUTH0_SECRET, issuer: process.env.AUTH_AUTH0_ISSUER })] };
 * ```
 */
export default function Auth0(options: Partial<OAuthConfig<Auth0Profile>> = {}): OAuthConfig<Auth0Profile> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.nickname ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#EB5424" },
    options,
  };
}
