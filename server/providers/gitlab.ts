/**
 * `foyer-auth/providers/gitlab`: "Sign in with GitLab" (OAuth 2, GitLab as the provider). GitLab's
 * documented flow: authorize at `/oauth/authorize` (`scope=read_user`), exchange the code at
 * `/oauth/token` with the client id and secret in the form body, then `GET /api/v4/user`, all on
 * gitlab.com or, with `baseUrl`, on a self-managed instance.
 *
 * ```ts
 * import GitLab from "foyer-auth/providers/gitlab";
 * GitLab(); // AUTH_GITLAB_ID (the Application ID), AUTH_GITLAB_SECRET
 * GitLab({ baseUrl: "https://gitlab.example.com" }); // a self-managed instance
 * ```
 */
import { baseUrlOption } from "./base-url.js";
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

export interface GitLabOptions extends Partial<OAuthConfig<GitLabProfile>> {
  /**
   * The instance's URL, for self-managed GitLab (default `https://gitlab.com`). Authorization, token and
   * user requests all go there (`<baseUrl>/oauth/authorize`, `/oauth/token`, `/api/v4/user`); a path is
   * kept, for an instance under a relative URL root. Explicit `authorization`/`token`/`userinfo` URLs win.
   */
  baseUrl?: string | URL;
}

/**
 * Sign in with GitLab (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_GITLAB_ID`, `AUTH_GITLAB_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/gitlab` (default basePath `/auth`).
 * Default scope: `read_user`. `baseUrl` (default `https://gitlab.com`) names a self-managed instance.
 * @example
 * ```ts
 * import GitLab from "foyer-auth/providers/gitlab";
 * const config = { providers: [GitLab({ clientId: process.env.AUTH_GITLAB_ID, clientSecret: process.env.AUTH_GITLAB_SECRET })] };
 * ```
 */
export default function GitLab(options: GitLabOptions = {}): OAuthConfig<GitLabProfile> {
  const base = baseUrlOption(options.baseUrl ?? "https://gitlab.com", "GitLab", "baseUrl");
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user" } },
    token: { url: `${base}/oauth/token` },
    userinfo: { url: `${base}/api/v4/user` },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? profile.username, email: profile.email ?? null, image: profile.avatar_url ?? null };
    },
    style: { brandColor: "#FC6D26" },
    options,
  };
}
