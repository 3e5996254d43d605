/**
 * `foyer-auth/providers/strava`: "Connect with Strava" (OAuth 2). Authorize at
 * `www.strava.com/api/v3/oauth/authorize` (`scope=read`, `approval_prompt=auto`), exchange the code at
 * `www.strava.com/api/v3/oauth/token` with the client id and secret in the form body, then
 * `GET www.strava.com/api/v3/athlete`. The athlete id is a number (stored as a string); Strava gives
 * no e-mail address. Errors are `{ "message", "errors": [{ "resource", "field", "code" }] }`.
 *
 * ```ts
 * import Strava from "foyer-auth/providers/strava";
 * Strava(); // AUTH_STRAVA_ID, AUTH_STRAVA_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /athlete` answer (summary athlete). */
export interface StravaProfile {
  id: number;
  username?: string | null;
  resource_state?: number;
  firstname: string;
  lastname: string;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  sex?: "M" | "F" | null;
  premium?: boolean;
  summit?: boolean;
  created_at?: string;
  updated_at?: string;
  /** The large (124×124) picture. */
  profile: string;
  profile_medium?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Strava (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_STRAVA_ID`, `AUTH_STRAVA_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/strava` (default basePath `/auth`); Strava checks the domain only.
 * Default scope: `read`, `approval_prompt=auto`; client authentication: `client_secret_post`. No e-mail address.
 * @example
 * ```ts
 * import Strava from "foyer-auth/providers/strava";
 * const config = { providers: [Strava({ clientId: process.env.AUTH_STRAVA_ID, clientSecret: process.env.AUTH_STRAVA_SECRET })] };
 * ```
 */
export default function Strava(options: Partial<OAuthConfig<StravaProfile>> = {}): OAuthConfig<StravaProfile> {
  return {
    id: "strava",
    name: "Strava",
    type: "oauth",
    authorization: { url: "https://www.strava.com/api/v3/oauth/authorize", params: { scope: "read", approval_prompt: "auto", response_type: "code" } },
    token: { url: "https://www.strava.com/api/v3/oauth/token" },
    userinfo: { url: "https://www.strava.com/api/v3/athlete", request: profileRequest("Strava") },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const name = [profile.firstname, profile.lastname].filter(Boolean).join(" ");
      return { id: String(profile.id), name: name || profile.username || null, email: null, image: profile.profile ?? null };
    },
    style: { bg: "#FC4C02", text: "#fff" },
    options,
  };
}
