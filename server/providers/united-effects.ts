/**
 * `foyer-auth/providers/united-effects`: sign in through United Effects Core EOS (OpenID Connect). The
 * issuer is the authentication group's, `https://auth.unitedeffects.com/<authGroup id>`; it is also
 * sent as the `resource` parameter (RFC 8707), as United Effects requires for its access tokens.
 *
 * ```ts
 * import UnitedEffects from "foyer-auth/providers/united-effects";
 * UnitedEffects(); // AUTH_UNITED_EFFECTS_ID, AUTH_UNITED_EFFECTS_SECRET, AUTH_UNITED_EFFECTS_ISSUER
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a United Effects ID token. */
export interface UnitedEffectsProfile {
  sub: string;
  iss: string;
  aud: string;
  email: string;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with United Effects (OpenID Connect).
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_UNITED_EFFECTS_ID`, `AUTH_UNITED_EFFECTS_SECRET`, `AUTH_UNITED_EFFECTS_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/united-effects` (default basePath `/auth`).
 * Default scopes: `openid email profile`, with `resource=<issuer>`.
 * @example
 * ```ts
 * import UnitedEffects from "foyer-auth/providers/united-effects";
 * const config = { providers: [UnitedEffects({ clientId: process.env.AUTH_UNITED_EFFECTS_ID, clientSecret: process.env.AUTH_UNITED_EFFECTS_SECRET, issuer: process.env.AUTH_UNITED_EFFECTS_ISSUER })] };
 * ```
 */
export default function UnitedEffects(options: Partial<OAuthConfig<UnitedEffectsProfile>> = {}): OAuthConfig<UnitedEffectsProfile> {
  return {
    id: "united-effects",
    name: "United Effects",
    type: "oidc",
    // The issuer as finally configured (options or AUTH_UNITED_EFFECTS_ISSUER), read when signing in.
    authorization: { params: { scope: "openid email profile", resource: (provider: OAuthConfig) => provider.issuer } },
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#0E2F44", text: "#fff" },
    options,
  };
}
