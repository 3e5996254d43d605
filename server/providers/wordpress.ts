/**
 * `foyer-auth/providers/wordpress`: "Log in with WordPress.com" (OAuth 2, WordPress.com and Jetpack
 * sites). Authorize at `public-api.wordpress.com/oauth2/authorize` (`scope=auth`), exchange the code at
 * `/oauth2/token` with the client id and secret in the form body (as WordPress.com documents it),
 * then `GET public-api.wordpress.com/rest/v1/me`. The id is the numeric `ID` (stored as a string).
 * Errors are `{ "error", "message" }`.
 *
 * ```ts
 * import WordPress from "foyer-auth/providers/wordpress";
 * WordPress(); // AUTH_WORDPRESS_ID, AUTH_WORDPRESS_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /rest/v1/me` answer (the fields Foyer uses, and a few more). */
export interface WordPressProfile {
  ID: number;
  display_name: string;
  username: string;
  email: string;
  primary_blog?: number;
  language?: string;
  avatar_URL: string;
  profile_URL?: string;
  verified?: boolean;
  email_verified?: boolean;
  date?: string;
  [key: string]: unknown;
}

/**
 * Sign in with WordPress.com (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_WORDPRESS_ID`, `AUTH_WORDPRESS_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/wordpress` (default basePath `/auth`).
 * Default scope: `auth`; client authentication: `client_secret_post`.
 * @example
 * ```ts
 * import WordPress from "foyer-auth/providers/wordpress";
 * const config = { providers: [WordPress({ clientId: process.env.AUTH_WORDPRESS_ID, clientSecret: process.env.AUTH_WORDPRESS_SECRET })] };
 * ```
 */
export default function WordPress(options: Partial<OAuthConfig<WordPressProfile>> = {}): OAuthConfig<WordPressProfile> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    type: "oauth",
    authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
    token: { url: "https://public-api.wordpress.com/oauth2/token" },
    userinfo: { url: "https://public-api.wordpress.com/rest/v1/me", request: profileRequest("WordPress.com") },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: String(profile.ID),
        name: profile.display_name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.avatar_URL ?? null,
      };
    },
    style: { bg: "#21759B", text: "#fff" },
    options,
  };
}
