/**
 * `foyer-auth/providers/zoom`: "Sign in with Zoom" (OAuth 2, a Zoom "General App" with user-managed
 * authorization). Zoom's documented flow: authorize at `zoom.us/oauth/authorize`, exchange the code
 * at `zoom.us/oauth/token` with HTTP Basic client authentication (PKCE supported), then
 * `GET api.zoom.us/v2/users/me`. Scopes are chosen on the app in the Zoom App Marketplace, not in
 * the request: add `user:read:user` (granular) or `user:read` (classic).
 *
 * ```ts
 * import Zoom from "foyer-auth/providers/zoom";
 * Zoom(); // AUTH_ZOOM_ID, AUTH_ZOOM_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The current user (`GET /v2/users/me`). */
export interface ZoomProfile {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email: string;
  pic_url?: string;
  type?: number;
  role_name?: string;
  pmi?: number;
  personal_meeting_url?: string;
  timezone?: string;
  verified?: number;
  dept?: string;
  created_at?: string;
  last_login_time?: string;
  language?: string;
  status?: string;
  account_id?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Zoom (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_ZOOM_ID`, `AUTH_ZOOM_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/zoom` (default basePath `/auth`).
 * No scope is requested: add `user:read:user` (or `user:read`) to the app in the Zoom App Marketplace.
 * @example
 * ```ts
 * import Zoom from "foyer-auth/providers/zoom";
 * const config = { providers: [Zoom({ clientId: process.env.AUTH_ZOOM_ID, clientSecret: process.env.AUTH_ZOOM_SECRET })] };
 * ```
 */
export default function Zoom(options: Partial<OAuthConfig<ZoomProfile>> = {}): OAuthConfig<ZoomProfile> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: { url: "https://zoom.us/oauth/authorize" },
    token: { url: "https://zoom.us/oauth/token" },
    userinfo: { url: "https://api.zoom.us/v2/users/me" },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      return { id: profile.id, name: profile.display_name || fullName || null, email: profile.email ?? null, image: profile.pic_url ?? null };
    },
    style: { brandColor: "#0B5CFF" },
    options,
  };
}
