/**
 * `foyer-auth/providers/twitter`: "Sign in with X" (formerly Twitter), OAuth 2.0 Authorization Code
 * Flow with PKCE as X documents it: authorize at `x.com/i/oauth2/authorize`, exchange the code at
 * `api.x.com/2/oauth2/token` with HTTP Basic client authentication (confidential clients), then
 * `GET api.x.com/2/users/me?user.fields=profile_image_url`. X requires PKCE and `state`, which are
 * Foyer's defaults. X's OAuth 2 API gives no e-mail address, so `email` is `null`.
 *
 * ```ts
 * import Twitter from "foyer-auth/providers/twitter";
 * Twitter(); // AUTH_TWITTER_ID, AUTH_TWITTER_SECRET (the OAuth 2.0 Client ID and Secret)
 * ```
 *
 * `foyer-auth/providers/x` is the same provider under the id `x`.
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET /2/users/me` answers `{ data: User }`. */
export interface TwitterProfile {
  data: {
    id: string;
    name: string;
    username: string;
    /** With `user.fields=profile_image_url`. */
    profile_image_url?: string;
    created_at?: string;
    description?: string;
    location?: string;
    protected?: boolean;
    verified?: boolean;
    url?: string;
    [field: string]: unknown;
  };
  [key: string]: unknown;
}

/** The X provider under a given id and name (`twitter` / `Twitter`, or `x` / `X`). */
export function twitterProvider(identity: { id: string; name: string }, options: Partial<OAuthConfig<TwitterProfile>>): OAuthConfig<TwitterProfile> {
  return {
    ...identity,
    type: "oauth",
    authorization: { url: "https://x.com/i/oauth2/authorize", params: { scope: "users.read tweet.read offline.access" } },
    token: { url: "https://api.x.com/2/oauth2/token" },
    userinfo: { url: "https://api.x.com/2/users/me", params: { "user.fields": "profile_image_url" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile({ data }) {
      return { id: data.id, name: data.name, email: null, image: data.profile_image_url ?? null };
    },
    style: { brandColor: "#000000" },
    options,
  };
}

/**
 * Sign in with X, formerly Twitter (OAuth 2 with PKCE), under the id `twitter`.
 * Options: `clientId` and `clientSecret` (default `AUTH_TWITTER_ID`, `AUTH_TWITTER_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/twitter` (default basePath `/auth`).
 * `clientId` / `clientSecret` are the OAuth 2.0 Client ID and Secret.
 * Default scopes: `users.read tweet.read offline.access`. No e-mail address (`email` is `null`).
 * @example
 * ```ts
 * import Twitter from "foyer-auth/providers/twitter";
 * const config = { providers: [Twitter({ clientId: process.env.AUTH_TWITTER_ID, clientSecret: process.env.AUTH_TWITTER_SECRET })] };
 * ```
 */
export default function Twitter(options: Partial<OAuthConfig<TwitterProfile>> = {}): OAuthConfig<TwitterProfile> {
  return twitterProvider({ id: "twitter", name: "Twitter" }, options);
}
