/**
 * `foyer-auth/providers/instagram`: sign in with Instagram (OAuth 2, Instagram's Basic Display / Instagram Login API): authorize at `api.instagram.com/oauth/authorize` (scope `user_profile`), token at `api.instagram.com/oauth/access_token` (client id and secret as form parameters), the user at `GET graph.instagram.com/me?fields=id,username,account_type,name`. Instagram's token answer has no `token_type` (only `access_token` and a numeric `user_id`), which Foyer reads as a Bearer token. No e-mail.
 *
 * ```ts
 * import Instagram from "foyer-auth/providers/instagram";
 * Instagram(); // AUTH_INSTAGRAM_ID, AUTH_INSTAGRAM_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://graph.instagram.com/me?fields=id,username,account_type,name`'s answer. */
export interface InstagramProfile {
  id: string;
  username: string;
  account_type?: string;
  name?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Instagram (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_INSTAGRAM_ID`, `AUTH_INSTAGRAM_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/instagram` (default basePath `/auth`).
 * Default scope: `user_profile`; `client_secret_post`; PKCE and state. The name is the username; no e-mail.
 * @example
 * ```ts
 * import Instagram from "foyer-auth/providers/instagram";
 * const config = { providers: [Instagram({ clientId: process.env.AUTH_INSTAGRAM_ID, clientSecret: process.env.AUTH_INSTAGRAM_SECRET })] };
 * ```
 */
export default function Instagram(options: Partial<OAuthConfig<InstagramProfile>> = {}): OAuthConfig<InstagramProfile> {
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    authorization: { url: "https://api.instagram.com/oauth/authorize", params: { scope: "user_profile" } },
    token: { url: "https://api.instagram.com/oauth/access_token" },
    userinfo: { url: "https://graph.instagram.com/me", params: { fields: "id,username,account_type,name" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.id), name: profile.username ?? null, email: null, image: null };
    },
    style: { bg: "#fff", text: "#000", brandColor: "#FF0069" },
    options,
  };
}
