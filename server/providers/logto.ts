/**
 * `foyer-auth/providers/logto`: sign in through Logto (OpenID Connect). The issuer is the tenant's OIDC
 * endpoint, `https://<tenant>.logto.app/oidc` (or `<your Logto endpoint>/oidc` when self-hosted).
 * Logto asks for `offline_access` too, so a refresh token comes with the sign-in.
 *
 * ```ts
 * import Logto from "foyer-auth/providers/logto";
 * Logto(); // AUTH_LOGTO_ID, AUTH_LOGTO_SECRET, AUTH_LOGTO_ISSUER=https://acme.logto.app/oidc
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Logto ID token / userinfo answer. */
export interface LogtoProfile {
  sub: string;
  iss: string;
  aud: string;
  name?: string | null;
  username?: string | null;
  picture?: string | null;
  email?: string | null;
  email_verified?: boolean;
  phone_number?: string | null;
  phone_number_verified?: boolean;
  [claim: string]: unknown;
}

/**
 * Sign in with Logto (OpenID Connect).
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_LOGTO_ID`, `AUTH_LOGTO_SECRET`, `AUTH_LOGTO_ISSUER`), e.g. `https://acme.logto.app/oidc`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/logto` (default basePath `/auth`).
 * Default scopes: `offline_access openid email profile`; the name falls back to the username.
 * @example
 * ```ts
 * import Logto from "foyer-auth/providers/logto";
 * const config = { providers: [Logto({ clientId: process.env.AUTH_LOGTO_ID, clientSecret: process.env.AUTH_LOGTO_SECRET, issuer: process.env.AUTH_LOGTO_ISSUER })] };
 * ```
 */
export default function Logto(options: Partial<OAuthConfig<LogtoProfile>> = {}): OAuthConfig<LogtoProfile> {
  return {
    id: "logto",
    name: "Logto",
    type: "oidc",
    authorization: { params: { scope: "offline_access openid email profile" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.username ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { bg: "#6B4EFF", text: "#fff" },
    options,
  };
}
