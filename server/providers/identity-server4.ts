/**
 * `foyer-auth/providers/identity-server4`: sign in with IdentityServer4 (OpenID Connect). The issuer is the IdentityServer's base URL. IdentityServer4 is end-of-life; Duende IdentityServer is its successor.
 *
 * ```ts
 * import IdentityServer4 from "foyer-auth/providers/identity-server4";
 * IdentityServer4(); // AUTH_IDENTITY_SERVER4_ID, AUTH_IDENTITY_SERVER4_SECRET, AUTH_IDENTITY_SERVER4_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { oidcProfile } from "./catalogue-kit.js";

/** Claims of a IdentityServer4 ID token (standard OpenID Connect claims; others pass through). */
export interface IdentityServer4Profile {
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
 * Sign in with IdentityServer4 (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_IDENTITY_SERVER4_ID`, `AUTH_IDENTITY_SERVER4_SECRET`) and the required `issuer` (default `AUTH_IDENTITY_SERVER4_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/identity-server4` (default basePath `/auth`).
 * Endpoints from the issuer's discovery; scope `openid profile email`, PKCE, state and nonce.
 * @example
 * ```ts
 * import IdentityServer4 from "foyer-auth/providers/identity-server4";
 * const config = { providers: [IdentityServer4({ clientId: process.env.AUTH_IDENTITY_SERVER4_ID, clientSecret: process.env.AUTH_IDENTITY_SERVER4_SECRET, issuer: process.env.AUTH_IDENTITY_SERVER4_ISSUER })] };
 * ```
 */
export default function IdentityServer4(options: Partial<OAuthConfig<IdentityServer4Profile>> = {}): OAuthConfig<IdentityServer4Profile> {
  return {
    id: "identity-server4",
    name: "IdentityServer4",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    profile: (profile) => oidcProfile(profile),
    style: { brandColor: "#4A90E2" },
    options,
  };
}
