/**
 * `foyer-auth/providers/roblox`: "Log in with Roblox" (OpenID Connect, issuer
 * `https://apis.roblox.com/oauth/`). Roblox documents PKCE and `state`; the scope is `openid profile`
 * (Roblox has no e-mail claim for third-party apps, so `email` is absent).
 *
 * ```ts
 * import Roblox from "foyer-auth/providers/roblox";
 * Roblox(); // AUTH_ROBLOX_ID, AUTH_ROBLOX_SECRET
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Roblox ID token (scope `openid profile`). */
export interface RobloxProfile {
  sub: string;
  iss: string;
  aud: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  created_at?: number;
  profile?: string;
  picture?: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with Roblox (OpenID Connect, issuer `https://apis.roblox.com/oauth/`).
 * Options: `clientId` and `clientSecret` (default `AUTH_ROBLOX_ID`, `AUTH_ROBLOX_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/roblox` (default basePath `/auth`).
 * Default scopes: `openid profile`; checks: PKCE and state. No e-mail address.
 * @example
 * ```ts
 * import Roblox from "foyer-auth/providers/roblox";
 * const config = { providers: [Roblox({ clientId: process.env.AUTH_ROBLOX_ID, clientSecret: process.env.AUTH_ROBLOX_SECRET })] };
 * ```
 */
export default function Roblox(options: Partial<OAuthConfig<RobloxProfile>> = {}): OAuthConfig<RobloxProfile> {
  return {
    id: "roblox",
    name: "Roblox",
    type: "oidc",
    issuer: "https://apis.roblox.com/oauth/",
    authorization: { params: { scope: "openid profile" } },
    checks: ["pkce", "state"],
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#5865F2", text: "#fff" },
    options,
  };
}
