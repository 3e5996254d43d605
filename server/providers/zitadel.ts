/**
 * `foyer-auth/providers/zitadel`: sign in through ZITADEL (OpenID Connect). The issuer is the
 * instance's domain, `https://<instance>.zitadel.cloud` or your own. Add `offline_access` to the scope
 * for a refresh token.
 *
 * ```ts
 * import ZITADEL from "foyer-auth/providers/zitadel";
 * ZITADEL(); // AUTH_ZITADEL_ID, AUTH_ZITADEL_SECRET, AUTH_ZITADEL_ISSUER=https://acme-xyz.zitadel.cloud
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a ZITADEL ID token / userinfo answer. */
export interface ZitadelProfile {
  sub: string;
  iss: string;
  aud: string | string[];
  name?: string;
  given_name?: string;
  family_name?: string;
  nickname?: string;
  preferred_username?: string;
  locale?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  phone_number?: string;
  updated_at?: number;
  [claim: string]: unknown;
}

/**
 * Sign in with ZITADEL (OpenID Connect).
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_ZITADEL_ID`, `AUTH_ZITADEL_SECRET`, `AUTH_ZITADEL_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/zitadel` (default basePath `/auth`).
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import ZITADEL from "foyer-auth/providers/zitadel";
 * const config = { providers: [ZITADEL({ clientId: process.env.AUTH_ZITADEL_ID, clientSecret: process.env.AUTH_ZITADEL_SECRET, issuer: process.env.AUTH_ZITADEL_ISSUER })] };
 * ```
 */
export default function ZITADEL(options: Partial<OAuthConfig<ZitadelProfile>> = {}): OAuthConfig<ZitadelProfile> {
  return {
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#0C1030", text: "#fff" },
    options,
  };
}
