/**
 * `foyer-auth/providers/dribbble`: sign in with Dribbble (OAuth 2): authorize at `dribbble.com/oauth/authorize`, the user at `GET api.dribbble.com/v2/user` (numeric id). The `scope` option is sent as is; without it Dribbble grants `public`.
 *
 * ```ts
 * import Dribbble from "foyer-auth/providers/dribbble";
 * Dribbble(); // AUTH_DRIBBBLE_ID, AUTH_DRIBBBLE_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://api.dribbble.com/v2/user`'s answer. */
export interface DribbbleProfile {
  id: number;
  name: string;
  login?: string;
  email?: string;
  avatar_url?: string;
  html_url?: string;
  [key: string]: unknown;
}

export interface DribbbleOptions extends Partial<OAuthConfig<DribbbleProfile>> {
  /** `public` (Dribbble's default) or `public upload`. */
  scope?: string;
}

/**
 * Sign in with Dribbble (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_DRIBBBLE_ID`, `AUTH_DRIBBBLE_SECRET`), and `scope` (`public upload`; default none, which Dribbble reads as `public`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/dribbble` (default basePath `/auth`).
 * PKCE and state.
 * @example
 * ```ts
 * import Dribbble from "foyer-auth/providers/dribbble";
 * const config = { providers: [Dribbble({ clientId: process.env.AUTH_DRIBBBLE_ID, clientSecret: process.env.AUTH_DRIBBBLE_SECRET })] };
 * ```
 */
export default function Dribbble(options: DribbbleOptions = {}): OAuthConfig<DribbbleProfile> {
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    authorization: { url: "https://dribbble.com/oauth/authorize", ...(options.scope ? { params: { scope: options.scope } } : {}) },
    token: { url: "https://dribbble.com/oauth/token" },
    userinfo: { url: "https://api.dribbble.com/v2/user" },
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? profile.login ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null };
    },
    style: { text: "#fff", bg: "#000", brandColor: "#EA4C89" },
    options,
  };
}
