/**
 * `foyer-auth/providers/osu`: "Sign in with osu!" (osu! API v2, OAuth 2). Authorize at
 * `osu.ppy.sh/oauth/authorize` (`scope=identify`), exchange the code at `osu.ppy.sh/oauth/token` with
 * the client id and secret in the form body (as osu! documents it), then `GET osu.ppy.sh/api/v2/me`.
 * The user id is a number (stored as a string); osu! gives no e-mail address.
 *
 * ```ts
 * import Osu from "foyer-auth/providers/osu";
 * Osu(); // AUTH_OSU_ID, AUTH_OSU_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /api/v2/me` answer (the fields Foyer uses, and a few more). */
export interface OsuProfile {
  id: number;
  username: string;
  avatar_url: string;
  country_code: string;
  default_group?: string;
  is_active?: boolean;
  is_bot?: boolean;
  is_online?: boolean;
  is_supporter?: boolean;
  playmode?: string;
  join_date?: string;
  [key: string]: unknown;
}

/**
 * Sign in with osu! (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_OSU_ID`, `AUTH_OSU_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/osu` (default basePath `/auth`).
 * Default scope: `identify`; client authentication: `client_secret_post`. No e-mail address.
 * @example
 * ```ts
 * import Osu from "foyer-auth/providers/osu";
 * const config = { providers: [Osu({ clientId: process.env.AUTH_OSU_ID, clientSecret: process.env.AUTH_OSU_SECRET })] };
 * ```
 */
export default function Osu(options: Partial<OAuthConfig<OsuProfile>> = {}): OAuthConfig<OsuProfile> {
  return {
    id: "osu",
    name: "osu!",
    type: "oauth",
    authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
    token: { url: "https://osu.ppy.sh/oauth/token" },
    userinfo: { url: "https://osu.ppy.sh/api/v2/me", request: profileRequest("osu!") },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.id), name: profile.username ?? null, email: null, image: profile.avatar_url ?? null };
    },
    style: { bg: "#FF66AA", text: "#fff" },
    options,
  };
}
