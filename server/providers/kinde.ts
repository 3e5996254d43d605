/**
 * `foyer-auth/providers/kinde`: sign in with Kinde (OpenID Connect). The issuer is your Kinde business domain, `https://<business>.kinde.com` (or a custom domain).
 *
 * ```ts
 * import Kinde from "foyer-auth/providers/kinde";
 * Kinde(); // AUTH_KINDE_ID, AUTH_KINDE_SECRET, AUTH_KINDE_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { oidcProfile } from "./catalogue-kit.js";

/** Claims of a Kinde ID token (standard OpenID Connect claims; others pass through). */
export interface KindeProfile {
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
 * Sign in with Kinde (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_KINDE_ID`, `AUTH_KINDE_SECRET`) and the required `issuer` (default `AUTH_KINDE_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/kinde` (default basePath `/auth`).
 * Endpoints from the issuer's discovery; scope `openid profile email`; checks: state and PKCE (as Auth.js).
 * @example
 * ```ts
 * import Kinde from "foyer-auth/providers/kinde";
 * const config = { providers: [Kinde({ clientId: process.env.AUTH_KINDE_ID, clientSecret: process.env.AUTH_KINDE_SECRET, issuer: process.env.AUTH_KINDE_ISSUER })] };
 * ```
 */
export default function Kinde(options: Partial<OAuthConfig<KindeProfile>> = {}): OAuthConfig<KindeProfile> {
  return {
    id: "kinde",
    name: "Kinde",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    checks: ["state", "pkce"],
    profile: (profile) => oidcProfile(profile),
    style: { text: "#0F0F0F", bg: "#fff", brandColor: "#0F0F0F" },
    options,
  };
}
