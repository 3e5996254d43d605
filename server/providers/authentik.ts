/**
 * `foyer-auth/providers/authentik`: sign in with Authentik (OpenID Connect). The issuer is the application's provider URL, `https://<host>/application/o/<slug>/`.
 *
 * ```ts
 * import Authentik from "foyer-auth/providers/authentik";
 * Authentik(); // AUTH_AUTHENTIK_ID, AUTH_AUTHENTIK_SECRET, AUTH_AUTHENTIK_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { oidcProfile } from "./catalogue-kit.js";

/** Claims of a Authentik ID token (standard OpenID Connect claims; others pass through). */
export interface AuthentikProfile {
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
 * Sign in with Authentik (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_AUTHENTIK_ID`, `AUTH_AUTHENTIK_SECRET`) and the required `issuer` (default `AUTH_AUTHENTIK_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/authentik` (default basePath `/auth`).
 * Endpoints from the issuer's discovery; Auth.js's defaults: scope `openid profile email`, PKCE, state and nonce.
 * @example
 * ```ts
 * import Authentik from "foyer-auth/providers/authentik";
 * const config = { providers: [Authentik({ clientId: process.env.AUTH_AUTHENTIK_ID, clientSecret: process.env.AUTH_AUTHENTIK_SECRET, issuer: process.env.AUTH_AUTHENTIK_ISSUER })] };
 * ```
 */
export default function Authentik(options: Partial<OAuthConfig<AuthentikProfile>> = {}): OAuthConfig<AuthentikProfile> {
  return {
    id: "authentik",
    name: "Authentik",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    profile: (profile) => oidcProfile(profile),
    style: { brandColor: "#FD4B2D" },
    options,
  };
}
