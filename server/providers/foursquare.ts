/**
 * `foyer-auth/providers/foursquare`: sign in with Foursquare (OAuth 2): authorize at `foursquare.com/oauth2/authenticate`, token at `foursquare.com/oauth2/access_token` (client id and secret as form parameters), the user at `GET api.foursquare.com/v2/users/self`, which takes the token as the `oauth_token` query parameter (not a Bearer header) and a `v` version date (`apiVersion`, default `20230131`), and wraps the user in `{ meta, response: { user } }`.
 *
 * ```ts
 * import Foursquare from "foyer-auth/providers/foursquare";
 * Foursquare(); // AUTH_FOURSQUARE_ID, AUTH_FOURSQUARE_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { accessToken, providerJson, userinfoUrl } from "./provider-api.js";

/** The user inside `GET https://api.foursquare.com/v2/users/self`'s `response`. */
export interface FoursquareUser {
  id: string;
  firstName?: string;
  lastName?: string;
  contact?: { email?: string; phone?: string; [key: string]: unknown };
  photo?: { prefix: string; suffix: string } | null;
  [key: string]: unknown;
}

/** `GET https://api.foursquare.com/v2/users/self`'s answer. */
export interface FoursquareProfile {
  meta?: { code: number; requestId?: string };
  response: { user: FoursquareUser };
  [key: string]: unknown;
}

export interface FoursquareOptions extends Partial<OAuthConfig<FoursquareProfile>> {
  /** The API version date Foursquare should answer as, `YYYYMMDD` (default `20230131`). */
  apiVersion?: string;
}

/**
 * Sign in with Foursquare (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_FOURSQUARE_ID`, `AUTH_FOURSQUARE_SECRET`), and `apiVersion` (`YYYYMMDD`, default `20230131`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/foursquare` (default basePath `/auth`).
 * No scope parameter; `client_secret_post`; PKCE and state.
 * @example
 * ```ts
 * import Foursquare from "foyer-auth/providers/foursquare";
 * const config = { providers: [Foursquare({ clientId: process.env.AUTH_FOURSQUARE_ID, clientSecret: process.env.AUTH_FOURSQUARE_SECRET })] };
 * ```
 */
export default function Foursquare(options: FoursquareOptions = {}): OAuthConfig<FoursquareProfile> {
  const apiVersion = options.apiVersion ?? "20230131";
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    authorization: { url: "https://foursquare.com/oauth2/authenticate" },
    token: { url: "https://foursquare.com/oauth2/access_token" },
    userinfo: {
      url: `https://api.foursquare.com/v2/users/self?v=${encodeURIComponent(apiVersion)}`,
      async request({ tokens, provider }) {
        const url = new URL(userinfoUrl(provider, "Foursquare"));
        url.searchParams.set("oauth_token", accessToken(tokens, "Foursquare"));
        return (await providerJson(provider, "Foursquare", url, { bearer: false })) as FoursquareProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const user = profile.response.user;
      return {
        id: user.id,
        name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
        email: user.contact?.email ?? null,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      };
    },
    style: { bg: "#000", text: "#fff", brandColor: "#3333FF" },
    options,
  };
}
