/**
 * `foyer-auth/providers/battlenet`: sign in with Battle.net (OpenID Connect). The issuer is the region's OAuth host: `https://oauth.battle.net` (Americas, Europe, Korea, Taiwan) or `https://oauth.battlenet.com.cn` (China). Battle.net gives no e-mail address; the name is the BattleTag.
 *
 * ```ts
 * import BattleNet from "foyer-auth/providers/battlenet";
 * BattleNet(); // AUTH_BATTLENET_ID, AUTH_BATTLENET_SECRET, AUTH_BATTLENET_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Battle.net ID token (standard OpenID Connect claims; others pass through). */
export interface BattleNetProfile {
  sub: string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  battle_tag?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Battle.net (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_BATTLENET_ID`, `AUTH_BATTLENET_SECRET`) and the required `issuer` (default `AUTH_BATTLENET_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/battlenet` (default basePath `/auth`).
 * Scope `openid profile email`; PKCE, state and nonce. The profile's name is `battle_tag`; no e-mail.
 * @example
 * ```ts
 * import BattleNet from "foyer-auth/providers/battlenet";
 * const config = { providers: [BattleNet({ clientId: process.env.AUTH_BATTLENET_ID, clientSecret: process.env.AUTH_BATTLENET_SECRET, issuer: process.env.AUTH_BATTLENET_ISSUER })] };
 * ```
 */
export default function BattleNet(options: Partial<OAuthConfig<BattleNetProfile>> = {}): OAuthConfig<BattleNetProfile> {
  return {
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { id: profile.sub, name: profile.battle_tag ?? null, email: null, image: null };
    },
    style: { bg: "#148eff", text: "#fff", brandColor: "#148EFF" },
    options,
  };
}
