/**
 * `foyer-auth/providers/hydra`: sign in with Hydra (OpenID Connect). The issuer is the Ory Hydra (or Ory Network) public URL, e.g. `https://<project>.projects.oryapis.com`.
 *
 * ```ts
 * import OryHydra from "foyer-auth/providers/hydra";
 * OryHydra(); // AUTH_HYDRA_ID, AUTH_HYDRA_SECRET, AUTH_HYDRA_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { oidcProfile } from "./catalogue-kit.js";

/** Claims of a Hydra ID token (standard OpenID Connect claims; others pass through). */
export interface OryHydraProfile {
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
 * Sign in with Hydra (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_HYDRA_ID`, `AUTH_HYDRA_SECRET`) and the required `issuer` (default `AUTH_HYDRA_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/hydra` (default basePath `/auth`).
 * Endpoints from the issuer's discovery; scope `openid profile email`, PKCE, state and nonce.
 * @example
 * ```ts
 * import OryHydra from "foyer-auth/providers/hydra";
 * const config = { providers: [OryHydra({ clientId: process.env.AUTH_HYDRA_ID, clientSecret: process.env.AUTH_HYDRA_SECRET, issuer: process.env.AUTH_HYDRA_ISSUER })] };
 * ```
 */
export default function OryHydra(options: Partial<OAuthConfig<OryHydraProfile>> = {}): OAuthConfig<OryHydraProfile> {
  return {
    id: "hydra",
    name: "Hydra",
    type: "oidc",
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#fff", text: "#0F172A", brandColor: "#0F172A" },
    options,
  };
}
