/**
 * `foyer-auth/providers/asgardeo`: sign in with WSO2 Asgardeo (OpenID Connect). The `issuer` option
 * is the organisation's URL, `https://api.asgardeo.io/t/<organization>`; the discovery document is
 * at `<issuer>/oauth2/token/.well-known/openid-configuration` (Asgardeo's own issuer identifier is
 * `<issuer>/oauth2/token`, which ID tokens carry).
 *
 * ```ts
 * import Asgardeo from "foyer-auth/providers/asgardeo";
 * Asgardeo(); // AUTH_ASGARDEO_ID, AUTH_ASGARDEO_SECRET, AUTH_ASGARDEO_ISSUER=https://api.asgardeo.io/t/acme
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { issuerOption } from "./provider-api.js";

/** Claims of an Asgardeo ID token / userinfo answer. */
export interface AsgardeoProfile {
  sub: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string;
  username?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Asgardeo (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_ASGARDEO_ID`, `AUTH_ASGARDEO_SECRET`) and the required `issuer` (default `AUTH_ASGARDEO_ISSUER`), `https://api.asgardeo.io/t/<organization>`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/asgardeo` (default basePath `/auth`).
 * Default scopes: `openid profile email`; PKCE, state and nonce. Discovery at `<issuer>/oauth2/token/.well-known/openid-configuration`.
 * @example
 * ```ts
 * import Asgardeo from "foyer-auth/providers/asgardeo";
 * const config = { providers: [Asgardeo({ clientId: process.env.AUTH_ASGARDEO_ID, clientSecret: process.env.AUTH_ASGARDEO_SECRET, issuer: process.env.AUTH_ASGARDEO_ISSUER })] };
 * ```
 */
export default function Asgardeo(options: Partial<OAuthConfig<AsgardeoProfile>> = {}): OAuthConfig<AsgardeoProfile> {
  const base = issuerOption(options.issuer, "AUTH_ASGARDEO_ISSUER");
  return {
    id: "asgardeo",
    name: "Asgardeo",
    type: "oidc",
    ...(base ? { issuer: base, wellKnown: `${base}/oauth2/token/.well-known/openid-configuration` } : {}),
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      const name = [profile.given_name, profile.family_name].filter(Boolean).join(" ") || profile.username || null;
      return { id: profile.sub, name, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { bg: "#000", text: "#fff", brandColor: "#FF7300" },
    options,
  };
}
