/**
 * `foyer-auth/providers/box`: sign in with Box (OAuth 2): authorize at `account.box.com/api/oauth2/authorize`, token at `api.box.com/oauth2/token`, the user at `GET api.box.com/2.0/users/me` (the address is its `login`).
 *
 * ```ts
 * import Box from "foyer-auth/providers/box";
 * Box(); // AUTH_BOX_ID, AUTH_BOX_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The user, as `GET https://api.box.com/2.0/users/me` answers. */
export interface BoxProfile {
  type: "user";
  id: string;
  name: string;
  /** The user's primary e-mail address. */
  login: string;
  avatar_url?: string;
  status?: string;
  language?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Box (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_BOX_ID`, `AUTH_BOX_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/box` (default basePath `/auth`).
 * No scope parameter (the app's scopes apply); PKCE and state.
 * @example
 * ```ts
 * import Box from "foyer-auth/providers/box";
 * const config = { providers: [Box({ clientId: process.env.AUTH_BOX_ID, clientSecret: process.env.AUTH_BOX_SECRET })] };
 * ```
 */
export default function Box(options: Partial<OAuthConfig<BoxProfile>> = {}): OAuthConfig<BoxProfile> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: { url: "https://account.box.com/api/oauth2/authorize" },
    token: { url: "https://api.box.com/oauth2/token" },
    userinfo: { url: "https://api.box.com/2.0/users/me" },
    profile(profile) {
      return { id: profile.id, name: profile.name ?? null, email: profile.login ?? null, image: profile.avatar_url ?? null };
    },
    style: { bg: "#0075C9", text: "#fff", brandColor: "#0061D5" },
    options,
  };
}
