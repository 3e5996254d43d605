/**
 * `foyer-auth/providers/gitlab`: "Sign in with GitLab" (OAuth 2, GitLab as the provider). GitLab's
 * documented flow: authorize at `/oauth/authorize` (`scope=read_user`), exchange the code at
 * `/oauth/token` with the client id and secret in the form body, then `GET /api/v4/user`. For a
 * self-managed instance, point the three endpoints at it.
 *
 * ```ts
 * import GitLab from "foyer-auth/providers/gitlab";
 * GitLab(); // AUTH_GITLAB_ID (the Application ID), AUTH_GITLAB_SECRET
 * GitLab({
 *   authorization: { url: "https://gitlab.example.com/oauth/authorize" },
 *   token: { url: "https://gitlab.example.com/oauth/token" },
 *   userinfo: { url: "https://gitlab.example.com/api/v4/user" },
 * });
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The current user (`GET /api/v4/user`). */
export interface GitLabProfile {
  id: number;
  username: string;
  name: string;
  state: string;
  avatar_url: string | null;
  web_url: string;
  /** The primary e-mail address (scope `read_user`). */
  email: string;
  public_email?: string | null;
  created_at: string;
  bio?: string;
  location?: string | null;
  locked?: boolean;
  two_factor_enabled?: boolean;
  bot?: boolean;
  [key: string]: unknown;
}

/**
 * Sign in with GitLab (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_GITLAB_ID`, `AUTH_GITLAB_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/gitlab` (default basePath `/auth`).
 * Default scope: `read_user`; endpoints are on gitlab.com (override them for a self-managed instance).
 * @example
 * ```ts
 * import GitLab from "foyer-auth/providers/gitlab";
 * const config = { providers: [GitLab({ clientId: process.env.AUTH_GITLAB_ID, clientSecret: process.env.AUTH_GITLAB_SECRET })] };
 * ```
 */
export default function GitLab(options: Partial<OAuthConfig<GitLabProfile>> = {}): OAuthConfig<GitLabProfile> {
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: { url: "https://gitlab.com/oauth/authorize", params: { scope: "read_user" } },
    token: { url: "https://gitlab.com/oauth/token" },
    userinfo: { url: "https://gitlab.com/api/v4/user" },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? profile.username, email: profile.email ?? null, image: profile.avatar_url ?? null };
    },
    style: { brandColor: "#FC6D26" },
    options,
  };
}
