/**
 * `foyer-auth/providers/azure-ad-b2c`: sign in with Azure AD B2C (OpenID Connect). The issuer is the user flow's, `https://<tenant>.b2clogin.com/<tenant id>/v2.0/` (its discovery document lives at `https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/<user flow>/v2.0/.well-known/openid-configuration`; pass it as `wellKnown` when the issuer's own path does not serve it). The e-mail is the first of the `emails` claim.
 *
 * ```ts
 * import AzureADB2C from "foyer-auth/providers/azure-ad-b2c";
 * AzureADB2C(); // AUTH_AZURE_AD_B2C_ID, AUTH_AZURE_AD_B2C_SECRET, AUTH_AZURE_AD_B2C_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Azure AD B2C ID token (standard OpenID Connect claims; others pass through). */
export interface AzureADB2CProfile {
  sub: string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  /** B2C sends the addresses as an array. */
  emails?: string[];
  [claim: string]: unknown;
}

/**
 * Sign in with Azure AD B2C (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_AZURE_AD_B2C_ID`, `AUTH_AZURE_AD_B2C_SECRET`) and the required `issuer` (default `AUTH_AZURE_AD_B2C_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/azure-ad-b2c` (default basePath `/auth`).
 * Scope `openid profile email`; PKCE, state and nonce. `email` is `emails[0]`.
 * @example
 * ```ts
 * import AzureADB2C from "foyer-auth/providers/azure-ad-b2c";
 * const config = { providers: [AzureADB2C({ clientId: process.env.AUTH_AZURE_AD_B2C_ID, clientSecret: process.env.AUTH_AZURE_AD_B2C_SECRET, issuer: process.env.AUTH_AZURE_AD_B2C_ISSUER })] };
 * ```
 */
export default function AzureADB2C(options: Partial<OAuthConfig<AzureADB2CProfile>> = {}): OAuthConfig<AzureADB2CProfile> {
  return {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.preferred_username ?? null, email: profile.emails?.[0] ?? null, image: null };
    },
    style: { text: "#fff", bg: "#0072c6", brandColor: "#0072C6" },
    options,
  };
}
