/**
 * `foyer-auth/providers/eveonline`: sign in with EVE Online's SSO (OAuth 2): authorize at `login.eveonline.com/v2/oauth/authorize` (scope `publicData`), the character at `GET login.eveonline.com/oauth/verify` (`CharacterID`, `CharacterName`). EVE gives no e-mail address; the picture is the character portrait. Checks: state.
 *
 * ```ts
 * import EVEOnline from "foyer-auth/providers/eveonline";
 * EVEOnline(); // AUTH_EVEONLINE_ID, AUTH_EVEONLINE_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://login.eveonline.com/oauth/verify`'s answer: the signed-in character. */
export interface EVEOnlineProfile {
  CharacterID: number;
  CharacterName: string;
  ExpiresOn?: string;
  Scopes?: string;
  TokenType?: string;
  CharacterOwnerHash?: string;
  IntellectualProperty?: string;
  [key: string]: unknown;
}

/**
 * Sign in with EVE Online (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_EVEONLINE_ID`, `AUTH_EVEONLINE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/eveonline` (default basePath `/auth`).
 * Default scope: `publicData`; checks: state. No e-mail.
 * @example
 * ```ts
 * import EVEOnline from "foyer-auth/providers/eveonline";
 * const config = { providers: [EVEOnline({ clientId: process.env.AUTH_EVEONLINE_ID, clientSecret: process.env.AUTH_EVEONLINE_SECRET })] };
 * ```
 */
export default function EVEOnline(options: Partial<OAuthConfig<EVEOnlineProfile>> = {}): OAuthConfig<EVEOnlineProfile> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData" } },
    token: { url: "https://login.eveonline.com/v2/oauth/token" },
    userinfo: { url: "https://login.eveonline.com/oauth/verify" },
    checks: ["state"],
    profile(profile) {
      return {
        id: String(profile.CharacterID),
        name: profile.CharacterName ?? null,
        email: null,
        image: `https://image.eveonline.com/Character/${encodeURIComponent(String(profile.CharacterID))}_128.jpg`,
      };
    },
    style: { brandColor: "#1B1B1B" },
    options,
  };
}
