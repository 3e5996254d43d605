/**
 * `foyer-auth/providers/mattermost`: sign in with a Mattermost server's accounts (OAuth 2 service
 * provider). The `issuer` option is the server's URL: authorize at `<issuer>/oauth/authorize`,
 * exchange the code at `<issuer>/oauth/access_token` (client id and secret in the form body), then
 * `GET <issuer>/api/v4/users/me`.
 *
 * ```ts
 * import Mattermost from "foyer-auth/providers/mattermost";
 * Mattermost(); // AUTH_MATTERMOST_ID, AUTH_MATTERMOST_SECRET, AUTH_MATTERMOST_ISSUER=https://chat.example.com
 * ```
 */
import { instanceUrl, profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The user, as `GET /api/v4/users/me` answers. */
export interface MattermostProfile {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  nickname: string;
  position: string;
  roles: string;
  locale: string;
  create_at: number;
  update_at: number;
  delete_at: number;
  [key: string]: unknown;
}

export interface MattermostOptions extends Partial<OAuthConfig<MattermostProfile>> {
  /** The Mattermost server's URL, e.g. `https://chat.example.com` (default `AUTH_MATTERMOST_ISSUER`). */
  issuer?: string;
}

/**
 * Sign in with Mattermost (OAuth 2) on the server named by `issuer`.
 * Options: `clientId`, `clientSecret` and `issuer` (default `AUTH_MATTERMOST_ID`, `AUTH_MATTERMOST_SECRET`, `AUTH_MATTERMOST_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/mattermost` (default basePath `/auth`).
 * Client authentication: `client_secret_post`. The name is the username (else first and last name).
 * @example
 * ```ts
 * import Mattermost from "foyer-auth/providers/mattermost";
 * const config = { providers: [Mattermost({ clientId: process.env.AUTH_MATTERMOST_ID, clientSecret: process.env.AUTH_MATTERMOST_SECRET, issuer: process.env.AUTH_MATTERMOST_ISSUER })] };
 * ```
 */
export default function Mattermost(options: MattermostOptions = {}): OAuthConfig<MattermostProfile> {
  const base = instanceUrl(options, "mattermost", "Mattermost");
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    ...(base
      ? {
          authorization: { url: `${base}/oauth/authorize` },
          token: { url: `${base}/oauth/access_token` },
          userinfo: { url: `${base}/api/v4/users/me`, request: profileRequest("Mattermost") },
        }
      : { userinfo: { request: profileRequest("Mattermost") } }),
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const full = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      return { id: profile.id, name: profile.username || full || null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
