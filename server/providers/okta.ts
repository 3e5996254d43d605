/**
 * `foyer-auth/providers/okta`: sign in through Okta (OpenID Connect). The issuer is an Okta
 * authorization server: `https://<org>.okta.com/oauth2/default` (or another custom authorization
 * server id), or the org authorization server `https://<org>.okta.com`.
 *
 * ```ts
 * import Okta from "foyer-auth/providers/okta";
 * Okta(); // AUTH_OKTA_ID, AUTH_OKTA_SECRET, AUTH_OKTA_ISSUER=https://acme.okta.com/oauth2/default
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of an Okta ID token / userinfo answer. */
export interface OktaProfile {
  sub: string;
  iss: string;
  aud: string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  profile?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  locale?: string;
  zoneinfo?: string;
  updated_at?: number;
  [claim: string]: unknown;
}

/**
 * Sign in with Okta (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_OKTA_ID`, `AUTH_OKTA_SECRET`) and the required `issuer` (default `AUTH_OKTA_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/okta` (default basePath `/auth`).
 * The issuer is an authorization server, e.g. `https://<org>.okta.com/oauth2/default`.
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import Okta from "foyer-auth/providers/okta";
 * const config = { providers: [Okta({ clientId: process.env.AUTH_OKTA_ID, clientSecret: process.env.AUTH_OKTA_SECRET, issuer: process.env.AUTH_OKTA_ISSUER })] };
 * ```
 */
export default function Okta(options: Partial<OAuthConfig<OktaProfile>> = {}): OAuthConfig<OktaProfile> {
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.preferred_username ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#007DC1" },
    options,
  };
}
