/**
 * `foyer-auth/providers/spotify`: "Log in with Spotify" (OAuth 2 authorization code flow, as
 * Spotify's Web API documents it): authorize at `accounts.spotify.com/authorize`
 * (`scope=user-read-email`), exchange the code at `accounts.spotify.com/api/token` with HTTP Basic
 * client authentication, then `GET api.spotify.com/v1/me`.
 *
 * ```ts
 * import Spotify from "foyer-auth/providers/spotify";
 * Spotify(); // AUTH_SPOTIFY_ID, AUTH_SPOTIFY_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The current user's profile (`GET /v1/me`). */
export interface SpotifyProfile {
  id: string;
  display_name: string | null;
  /** Scope `user-read-email`; Spotify does not verify it. */
  email?: string;
  images: { url: string; height: number | null; width: number | null }[];
  country?: string;
  product?: string;
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean };
  external_urls?: { spotify: string };
  followers?: { href: string | null; total: number };
  href?: string;
  type?: "user";
  uri?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Spotify (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_SPOTIFY_ID`, `AUTH_SPOTIFY_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/spotify` (default basePath `/auth`).
 * Default scope: `user-read-email`.
 * @example
 * ```ts
 * import Spotify from "foyer-auth/providers/spotify";
 * const config = { providers: [Spotify({ clientId: process.env.AUTH_SPOTIFY_ID, clientSecret: process.env.AUTH_SPOTIFY_SECRET })] };
 * ```
 */
export default function Spotify(options: Partial<OAuthConfig<SpotifyProfile>> = {}): OAuthConfig<SpotifyProfile> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
    token: { url: "https://accounts.spotify.com/api/token" },
    userinfo: { url: "https://api.spotify.com/v1/me" },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.id, name: profile.display_name ?? null, email: profile.email ?? null, image: profile.images?.[0]?.url ?? null };
    },
    style: { brandColor: "#1ED760" },
    options,
  };
}
