/**
 * `foyer-auth/providers/vipps`: "Log in with Vipps" / Vipps MobilePay Login (OpenID Connect, issuer
 * `https://api.vipps.no/access-management-1.0/access/`). The profile is read from the userinfo endpoint
 * (`idToken: false`: Vipps puts the consented data there, not in the ID token). For the test
 * environment, pass `issuer: "https://apitest.vipps.no/access-management-1.0/access/"`.
 *
 * ```ts
 * import Vipps from "foyer-auth/providers/vipps";
 * Vipps(); // AUTH_VIPPS_ID, AUTH_VIPPS_SECRET
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The Vipps userinfo answer (scope `openid name email`). */
export interface VippsProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  sid?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Vipps MobilePay (OpenID Connect, issuer `https://api.vipps.no/access-management-1.0/access/`).
 * Options: `clientId` and `clientSecret` (default `AUTH_VIPPS_ID`, `AUTH_VIPPS_SECRET`); `issuer` for the test environment.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/vipps` (default basePath `/auth`).
 * Default scopes: `openid name email`; checks: PKCE, state and nonce; the profile comes from userinfo.
 * @example
 * ```ts
 * import Vipps from "foyer-auth/providers/vipps";
 * const config = { providers: [Vipps({ clientId: process.env.AUTH_VIPPS_ID, clientSecret: process.env.AUTH_VIPPS_SECRET })] };
 * ```
 */
export default function Vipps(options: Partial<OAuthConfig<VippsProfile>> = {}): OAuthConfig<VippsProfile> {
  return {
    id: "vipps",
    name: "Vipps",
    type: "oidc",
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    authorization: { params: { scope: "openid name email" } },
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    profile: (profile) => oidcProfile(profile),
    style: { brandColor: "#f05c18" },
    options,
  };
}
