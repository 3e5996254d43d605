/**
 * `foyer-auth/providers/github`: "Sign in with GitHub" (an OAuth App or a GitHub App's user
 * authorization, OAuth 2). GitHub's documented flow: authorize at `github.com/login/oauth/authorize`,
 * exchange the code at `github.com/login/oauth/access_token` with the client id and secret in the
 * form body, then read the user at `api.github.com/user`. A user whose public e-mail is hidden has
 * `email: null` there; Foyer then asks `GET /user/emails` (scope `user:email`) for the primary,
 * verified address.
 *
 * GitHub names itself in the authorization answer (RFC 9207 `iss`, `https://github.com/login/oauth`
 * on github.com), so the provider's `issuer` is that value: Foyer checks a present `iss` against it.
 *
 * ```ts
 * import GitHub from "foyer-auth/providers/github";
 * GitHub(); // AUTH_GITHUB_ID, AUTH_GITHUB_SECRET
 * GitHub({ enterprise: { baseUrl: "https://ghe.example.com" } }); // GitHub Enterprise Server
 * ```
 */
import { baseUrlOption } from "./base-url.js";
import type { OAuthConfig } from "./oauth.js";

/** The authenticated user, as `GET /user` answers (the fields Foyer uses, and the common rest). */
export interface GitHubProfile {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string | null;
  url: string;
  html_url: string;
  type: string;
  site_admin: boolean;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  /** The public e-mail address; `null` when the user keeps it private. */
  email: string | null;
  hireable: boolean | null;
  bio: string | null;
  twitter_username?: string | null;
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
  private_gists?: number;
  total_private_repos?: number;
  owned_private_repos?: number;
  two_factor_authentication?: boolean;
  [key: string]: unknown;
}

/** One entry of `GET /user/emails`. */
export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: "public" | "private" | null;
}

const API_HEADERS = { Accept: "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28" };

export interface GitHubOptions extends Partial<OAuthConfig<GitHubProfile>> {
  /** GitHub Enterprise Server instead of github.com. */
  enterprise?: {
    /**
     * The server's URL, e.g. `https://ghe.example.com`: authorization and token move to
     * `<baseUrl>/login/oauth/…`, the API to `<baseUrl>/api/v3`, and the issuer to `<baseUrl>/login/oauth`.
     */
    baseUrl?: string;
  };
}

/** Where github.com or an Enterprise Server keeps sign-in (`web`) and the REST API (`api`). */
function githubHosts(enterprise: GitHubOptions["enterprise"]): { web: string; api: string } {
  if (!enterprise?.baseUrl) return { web: "https://github.com", api: "https://api.github.com" };
  const web = baseUrlOption(enterprise.baseUrl, "GitHub", "enterprise.baseUrl");
  return { web, api: `${web}/api/v3` };
}

/**
 * Sign in with GitHub (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_GITHUB_ID`, `AUTH_GITHUB_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/github` (default basePath `/auth`).
 * Default scopes: `read:user user:email`; a private e-mail is read from `GET /user/emails`.
 * `enterprise: { baseUrl }` signs in against GitHub Enterprise Server; the issuer is `<host>/login/oauth`.
 * @example
 * ```ts
 * import GitHub from "foyer-auth/providers/github";
 * const config = { providers: [GitHub({ clientId: process.env.AUTH_GITHUB_ID, clientSecret: process.env.AUTH_GITHUB_SECRET })] };
 * ```
 */
export default function GitHub(options: GitHubOptions = {}): OAuthConfig<GitHubProfile> {
  const { web, api } = githubHosts(options.enterprise);
  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    // The `iss` GitHub sends with the authorization answer: without it here, that check refuses every sign-in.
    issuer: `${web}/login/oauth`,
    authorization: { url: `${web}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: { url: `${web}/login/oauth/access_token` },
    userinfo: {
      url: `${api}/user`,
      async request({ tokens, provider }) {
        const url = typeof provider.userinfo === "string" ? provider.userinfo : provider.userinfo?.url;
        if (!url) throw new Error("GitHub: no userinfo URL");
        const fetcher = provider.customFetch ?? fetch;
        const headers = { ...API_HEADERS, Authorization: `Bearer ${tokens.access_token}` };
        const response = await fetcher(url, { headers });
        if (!response.ok) throw new Error(`GitHub: GET /user answered ${response.status}`);
        const profile = (await response.json()) as GitHubProfile;
        if (!profile.email) {
          // Private address: the primary, verified one from /user/emails (needs scope user:email).
          const emails = await fetcher(`${url.replace(/\/$/, "")}/emails`, { headers });
          if (emails.ok) {
            const list = (await emails.json()) as GitHubEmail[];
            const chosen = Array.isArray(list) ? (list.find((e) => e.primary && e.verified) ?? list.find((e) => e.verified)) : undefined;
            if (chosen) profile.email = chosen.email;
          }
        }
        return profile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? profile.login, email: profile.email, image: profile.avatar_url };
    },
    style: { brandColor: "#24292f" },
    options,
  };
}
