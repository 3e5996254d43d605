/**
 * `foyer-auth/providers/pinterest`: "Continue with Pinterest" (Pinterest API v5, OAuth 2). Authorize at
 * `www.pinterest.com/oauth` (`scope=user_accounts:read`), exchange the code at
 * `api.pinterest.com/v5/oauth/token` (HTTP Basic client authentication, as Pinterest documents it),
 * then `GET api.pinterest.com/v5/user_account`. The account has no numeric id: the username is the id.
 * Pinterest gives no e-mail address. Errors are `{ "code": <number>, "message" }`.
 *
 * ```ts
 * import Pinterest from "foyer-auth/providers/pinterest";
 * Pinterest(); // AUTH_PINTEREST_ID, AUTH_PINTEREST_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /v5/user_account` answer. */
export interface PinterestProfile {
  account_type: "BUSINESS" | "PINNER";
  profile_image: string;
  website_url: string;
  username: string;
  business_name?: string;
  about?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Pinterest (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_PINTEREST_ID`, `AUTH_PINTEREST_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/pinterest` (default basePath `/auth`).
 * Default scope: `user_accounts:read`. The id and name are the username; no e-mail address.
 * @example
 * ```ts
 * import Pinterest from "foyer-auth/providers/pinterest";
 * const config = { providers: [Pinterest({ clientId: process.env.AUTH_PINTEREST_ID, clientSecret: process.env.AUTH_PINTEREST_SECRET })] };
 * ```
 */
export default function Pinterest(options: Partial<OAuthConfig<PinterestProfile>> = {}): OAuthConfig<PinterestProfile> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    authorization: { url: "https://www.pinterest.com/oauth", params: { scope: "user_accounts:read" } },
    token: { url: "https://api.pinterest.com/v5/oauth/token" },
    userinfo: { url: "https://api.pinterest.com/v5/user_account", request: profileRequest("Pinterest") },
    profile(profile) {
      return { id: profile.username, name: profile.username, email: null, image: profile.profile_image ?? null };
    },
    style: { brandColor: "#bd081c" },
    options,
  };
}
