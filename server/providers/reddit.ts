/**
 * `foyer-auth/providers/reddit`: "Log in with Reddit" (OAuth 2, as Reddit's API wiki documents it):
 * authorize at `www.reddit.com/api/v1/authorize` with `scope=identity` and the required `duration`
 * (`temporary`; `permanent` adds a refresh token), exchange the code at
 * `www.reddit.com/api/v1/access_token` with HTTP Basic client authentication, then
 * `GET oauth.reddit.com/api/v1/me`. Reddit documents `state`, not PKCE. It gives no e-mail address.
 *
 * ```ts
 * import Reddit from "foyer-auth/providers/reddit";
 * Reddit(); // AUTH_REDDIT_ID, AUTH_REDDIT_SECRET (a "web app")
 * Reddit({ authorization: { params: { duration: "permanent" } } });
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The identity of the signed-in user (`GET /api/v1/me`, scope `identity`). */
export interface RedditProfile {
  id: string;
  /** The username. */
  name: string;
  /** The avatar; Reddit HTML-escapes it (`&amp;`). */
  icon_img?: string;
  snoovatar_img?: string;
  created_utc?: number;
  has_verified_email?: boolean;
  over_18?: boolean;
  total_karma?: number;
  [key: string]: unknown;
}

/**
 * Sign in with Reddit (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_REDDIT_ID`, `AUTH_REDDIT_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/reddit` (default basePath `/auth`).
 * Default scope: `identity`, `duration=temporary` (`permanent` adds a refresh token); check: state. No e-mail address.
 * @example
 * ```ts
 * import Reddit from "foyer-auth/providers/reddit";
 * const config = { providers: [Reddit({ clientId: process.env.AUTH_REDDIT_ID, clientSecret: process.env.AUTH_REDDIT_SECRET })] };
 * ```
 */
export default function Reddit(options: Partial<OAuthConfig<RedditProfile>> = {}): OAuthConfig<RedditProfile> {
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity", duration: "temporary" } },
    token: { url: "https://www.reddit.com/api/v1/access_token" },
    userinfo: { url: "https://oauth.reddit.com/api/v1/me" },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    checks: ["state"],
    profile(profile) {
      const icon = profile.icon_img ? profile.icon_img.replace(/&amp;/g, "&") : null;
      return { id: profile.id, name: profile.name, email: null, image: icon || profile.snoovatar_img || null };
    },
    style: { brandColor: "#FF4500" },
    options,
  };
}
