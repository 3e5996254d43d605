/**
 * `foyer-auth/providers/atlassian`: sign in with an Atlassian account (OAuth 2.0 (3LO)): authorize at `auth.atlassian.com/authorize` with `audience=api.atlassian.com`, the user at `GET api.atlassian.com/me`. Atlassian documents `state`, not PKCE.
 *
 * ```ts
 * import Atlassian from "foyer-auth/providers/atlassian";
 * Atlassian(); // AUTH_ATLASSIAN_ID, AUTH_ATLASSIAN_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The user, as `GET https://api.atlassian.com/me` answers. */
export interface AtlassianProfile {
  account_id: string;
  account_type?: string;
  account_status?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  nickname?: string;
  picture?: string;
  locale?: string;
  zoneinfo?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Atlassian (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_ATLASSIAN_ID`, `AUTH_ATLASSIAN_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/atlassian` (default basePath `/auth`).
 * Default scope: `read:me` (with `audience=api.atlassian.com`); checks: state.
 * @example
 * ```ts
 * import Atlassian from "foyer-auth/providers/atlassian";
 * const config = { providers: [Atlassian({ clientId: process.env.AUTH_ATLASSIAN_ID, clientSecret: process.env.AUTH_ATLASSIAN_SECRET })] };
 * ```
 */
export default function Atlassian(options: Partial<OAuthConfig<AtlassianProfile>> = {}): OAuthConfig<AtlassianProfile> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: { url: "https://auth.atlassian.com/authorize", params: { audience: "api.atlassian.com", scope: "read:me" } },
    token: { url: "https://auth.atlassian.com/oauth/token" },
    userinfo: { url: "https://api.atlassian.com/me" },
    checks: ["state"],
    profile(profile) {
      return { id: profile.account_id, name: profile.name ?? profile.nickname ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { bg: "#fff", text: "#0052cc", brandColor: "#0052CC" },
    options,
  };
}
