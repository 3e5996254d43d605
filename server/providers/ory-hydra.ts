/**
 * `foyer-auth/providers/ory-hydra`: sign in through an Ory Hydra (or Ory Network OAuth2) server with
 * OpenID Connect. The provider's id is `hydra`, as in Auth.js: the callback is `/auth/callback/hydra`
 * and the environment variables `AUTH_HYDRA_ID`, `AUTH_HYDRA_SECRET`, `AUTH_HYDRA_ISSUER`.
 *
 * ```ts
 * import OryHydra from "foyer-auth/providers/ory-hydra";
 * OryHydra(); // AUTH_HYDRA_ID, AUTH_HYDRA_SECRET, AUTH_HYDRA_ISSUER=https://auth.example.com
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of an Ory Hydra ID token (the identity's traits the consent app puts in it). */
export interface OryHydraProfile {
  sub: string;
  iss: string;
  aud: string[] | string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Ory Hydra (OpenID Connect); the provider id is `hydra`.
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_HYDRA_ID`, `AUTH_HYDRA_SECRET`, `AUTH_HYDRA_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/hydra` (default basePath `/auth`).
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import OryHydra from "foyer-auth/providers/ory-hydra";
 * const config = { providers: [OryHydra({ clientId: process.env.AUTH_HYDRA_ID, clientSecret: process.env.AUTH_HYDRA_SECRET, issuer: process.env.AUTH_HYDRA_ISSUER })] };
 * ```
 */
export default function OryHydra(options: Partial<OAuthConfig<OryHydraProfile>> = {}): OAuthConfig<OryHydraProfile> {
  return {
    id: "hydra",
    name: "Hydra",
    type: "oidc",
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#fff", text: "#0F172A" },
    options,
  };
}
