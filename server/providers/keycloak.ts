/**
 * `foyer-auth/providers/keycloak`: sign in through a Keycloak realm (OpenID Connect). The issuer is
 * the realm URL, `https://<host>/realms/<realm>` (Keycloak 17+; older servers add `/auth`).
 *
 * ```ts
 * import Keycloak from "foyer-auth/providers/keycloak";
 * Keycloak(); // AUTH_KEYCLOAK_ID, AUTH_KEYCLOAK_SECRET, AUTH_KEYCLOAK_ISSUER=https://sso.example.com/realms/acme
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Keycloak ID token (default client scopes `profile` and `email`). */
export interface KeycloakProfile {
  sub: string;
  iss: string;
  aud: string | string[];
  azp?: string;
  sid?: string;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  locale?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with a Keycloak realm (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_KEYCLOAK_ID`, `AUTH_KEYCLOAK_SECRET`) and the required `issuer` (default `AUTH_KEYCLOAK_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/keycloak` (default basePath `/auth`).
 * The issuer is the realm URL, `https://<host>/realms/<realm>`.
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import Keycloak from "foyer-auth/providers/keycloak";
 * const config = { providers: [Keycloak({ clientId: process.env.AUTH_KEYCLOAK_ID, clientSecret: process.env.AUTH_KEYCLOAK_SECRET, issuer: process.env.AUTH_KEYCLOAK_ISSUER })] };
 * ```
 */
export default function Keycloak(options: Partial<OAuthConfig<KeycloakProfile>> = {}): OAuthConfig<KeycloakProfile> {
  return {
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.preferred_username ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#4D4D4D" },
    options,
  };
}
