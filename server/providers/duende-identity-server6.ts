/**
 * `foyer-auth/providers/duende-identity-server6`: sign in with DuendeIdentityServer6 (OpenID Connect). The issuer is the IdentityServer's base URL, e.g. `https://demo.duendesoftware.com`.
 *
 * ```ts
 * import DuendeIdentityServer6 from "foyer-auth/providers/duende-identity-server6";
 * DuendeIdentityServer6(); // AUTH_DUENDE_IDENTITY_SERVER6_ID, AUTH_DUENDE_IDENTITY_SERVER6_SECRET, AUTH_DUENDE_IDENTITY_SERVER6_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { oidcProfile } from "./catalogue-kit.js";

/** Claims of a DuendeIdentityServer6 ID token (standard OpenID Connect claims; others pass through). */
export interface DuendeIdentityServer6Profile {
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
 * Sign in with DuendeIdentityServer6 (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_DUENDE_IDENTITY_SERVER6_ID`, `AUTH_DUENDE_IDENTITY_SERVER6_SECRET`) and the required `issuer` (default `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/duende-identity-server6` (default basePath `/auth`).
 * Endpoints from the issuer's discovery; scope `openid profile email`, PKCE, state and nonce.
 * @example
 * ```ts
 * import DuendeIdentityServer6 from "foyer-auth/providers/duende-identity-server6";
 * const config = { providers: [DuendeIdentityServer6({ clientId: process.env.AUTH_DUENDE_IDENTITY_SERVER6_ID, clientSecret: process.env.AUTH_DUENDE_IDENTITY_SERVER6_SECRET, issuer: process.env.AUTH_DUENDE_IDENTITY_SERVER6_ISSUER })] };
 * ```
 */
export default function DuendeIdentityServer6(options: Partial<OAuthConfig<DuendeIdentityServer6Profile>> = {}): OAuthConfig<DuendeIdentityServer6Profile> {
  return {
    id: "duende-identity-server6",
    name: "DuendeIdentityServer6",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    profile: (profile) => oidcProfile(profile),
    style: { brandColor: "#1A1A1A" },
    options,
  };
}
