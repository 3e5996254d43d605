/**
 * `foyer-auth/providers/trakt`: "Sign in with Trakt" (OAuth 2). Authorize at `trakt.tv/oauth/authorize`,
 * exchange the code at `api.trakt.tv/oauth/token` (client id and secret in the body, as Trakt
 * documents it), then `GET api.trakt.tv/users/me?extended=full` with Trakt's API headers
 * (`trakt-api-version: 2`, `trakt-api-key: <client id>`). The id is the user's `ids.slug`; Trakt
 * gives no e-mail address. For Trakt's staging server, move the three URLs to `api-staging.trakt.tv`.
 *
 * ```ts
 * import Trakt from "foyer-auth/providers/trakt";
 * Trakt(); // AUTH_TRAKT_ID, AUTH_TRAKT_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /users/me?extended=full` answer (the fields Foyer uses, and a few more). */
export interface TraktProfile {
  username: string;
  private: boolean;
  name: string;
  vip: boolean;
  vip_ep: boolean;
  ids: { slug: string };
  joined_at?: string;
  location?: string | null;
  about?: string | null;
  gender?: string | null;
  age?: number | null;
  images?: { avatar: { full: string } };
  [key: string]: unknown;
}

/**
 * Sign in with Trakt (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_TRAKT_ID`, `AUTH_TRAKT_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/trakt` (default basePath `/auth`).
 * Client authentication: `client_secret_post`. The id is `ids.slug`; no e-mail address.
 * @example
 * ```ts
 * import Trakt from "foyer-auth/providers/trakt";
 * const config = { providers: [Trakt({ clientId: process.env.AUTH_TRAKT_ID, clientSecret: process.env.AUTH_TRAKT_SECRET })] };
 * ```
 */
export default function Trakt(options: Partial<OAuthConfig<TraktProfile>> = {}): OAuthConfig<TraktProfile> {
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    authorization: { url: "https://trakt.tv/oauth/authorize" },
    token: { url: "https://api.trakt.tv/oauth/token" },
    userinfo: {
      url: "https://api.trakt.tv/users/me",
      params: { extended: "full" },
      request: profileRequest("Trakt", { headers: (provider) => ({ "trakt-api-version": "2", "trakt-api-key": String(provider.clientId ?? "") }) }),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.ids.slug, name: profile.name || profile.username || null, email: null, image: profile.images?.avatar?.full ?? null };
    },
    style: { bg: "#ED2224", text: "#fff" },
    options,
  };
}
