/**
 * `foyer-auth/providers/onelogin`: sign in through OneLogin (OpenID Connect). The `issuer` option is
 * the account's URL, `https://<subdomain>.onelogin.com`; the discovery document is read from
 * `<issuer>/oidc/2/.well-known/openid-configuration` (OneLogin's OIDC v2 endpoints).
 *
 * ```ts
 * import OneLogin from "foyer-auth/providers/onelogin";
 * OneLogin(); // AUTH_ONELOGIN_ID, AUTH_ONELOGIN_SECRET, AUTH_ONELOGIN_ISSUER=https://acme.onelogin.com
 * ```
 */
import { envOption, oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a OneLogin ID token / userinfo answer. */
export interface OneLoginProfile {
  sub: string;
  iss: string;
  aud: string;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with OneLogin (OpenID Connect).
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_ONELOGIN_ID`, `AUTH_ONELOGIN_SECRET`, `AUTH_ONELOGIN_ISSUER`), the account URL `https://<subdomain>.onelogin.com`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/onelogin` (default basePath `/auth`).
 * Discovery: `<issuer>/oidc/2/.well-known/openid-configuration`. Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import OneLogin from "foyer-auth/providers/onelogin";
 * const config = { providers: [OneLogin({ clientId: process.env.AUTH_ONELOGIN_ID, clientSecret: process.env.AUTH_ONELOGIN_SECRET, issuer: process.env.AUTH_ONELOGIN_ISSUER })] };
 * ```
 */
export default function OneLogin(options: Partial<OAuthConfig<OneLoginProfile>> = {}): OAuthConfig<OneLoginProfile> {
  const issuer = (options.issuer ?? envOption("onelogin", "ISSUER"))?.replace(/\/+$/, "");
  return {
    id: "onelogin",
    name: "OneLogin",
    type: "oidc",
    ...(issuer ? { wellKnown: `${issuer}/oidc/2/.well-known/openid-configuration` } : {}),
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#1C1F2A", text: "#fff" },
    options,
  };
}
