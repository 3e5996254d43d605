/**
 * `foyer-auth/providers/ping-id`: sign in through PingOne / PingFederate (OpenID Connect). The issuer
 * is the environment's, e.g. `https://auth.pingone.com/<environment id>/as`.
 *
 * ```ts
 * import PingId from "foyer-auth/providers/ping-id";
 * PingId(); // AUTH_PING_ID_ID, AUTH_PING_ID_SECRET, AUTH_PING_ID_ISSUER=https://auth.pingone.com/<env>/as
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a PingOne ID token / userinfo answer. */
export interface PingProfile {
  iss: string;
  sub: string;
  aud: string;
  iat: number;
  exp: number;
  acr?: string;
  amr?: string[];
  auth_time?: number;
  sid?: string;
  env?: string;
  org?: string;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Ping Identity (OpenID Connect).
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_PING_ID_ID`, `AUTH_PING_ID_SECRET`, `AUTH_PING_ID_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/ping-id` (default basePath `/auth`).
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import PingId from "foyer-auth/providers/ping-id";
 * const config = { providers: [PingId({ clientId: process.env.AUTH_PING_ID_ID, clientSecret: process.env.AUTH_PING_ID_SECRET, issuer: process.env.AUTH_PING_ID_ISSUER })] };
 * ```
 */
export default function PingId(options: Partial<OAuthConfig<PingProfile>> = {}): OAuthConfig<PingProfile> {
  return {
    id: "ping-id",
    name: "Ping Identity",
    type: "oidc",
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#B3282D", text: "#fff" },
    options,
  };
}
