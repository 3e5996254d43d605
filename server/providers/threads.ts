/**
 * `foyer-auth/providers/threads`: "Log in with Threads" (Meta's Threads API, OAuth 2). Authorize at
 * `threads.net/oauth/authorize` (`scope=threads_basic`), exchange the code at
 * `graph.threads.net/oauth/access_token` (client id and secret in the form body; the answer is
 * `{ access_token, user_id }`), then `GET graph.threads.net/v1.0/me?fields=id,username,threads_profile_picture_url`.
 * Meta documents `state` (no PKCE). Graph API errors are `{ "error": { "message", "type", "code", "fbtrace_id" } }`.
 * Threads gives no e-mail address; it requires an https callback URL.
 *
 * ```ts
 * import Threads from "foyer-auth/providers/threads";
 * Threads(); // AUTH_THREADS_ID (Threads App ID), AUTH_THREADS_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The Threads user fields Foyer asks for. */
export interface ThreadsUser {
  id: string;
  username?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
}

/**
 * The `GET /me` answer: the user's fields (Auth.js's type wraps them in `data`, which Foyer also accepts).
 */
export type ThreadsProfile = ThreadsUser & { data?: ThreadsUser; [key: string]: unknown };

/**
 * Sign in with Threads (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_THREADS_ID`, `AUTH_THREADS_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/threads` (default basePath `/auth`; https only).
 * Default scope: `threads_basic`; checks: state; client authentication: `client_secret_post`. No e-mail address.
 * @example
 * ```ts
 * import Threads from "foyer-auth/providers/threads";
 * const config = { providers: [Threads({ clientId: process.env.AUTH_THREADS_ID, clientSecret: process.env.AUTH_THREADS_SECRET })] };
 * ```
 */
export default function Threads(options: Partial<OAuthConfig<ThreadsProfile>> = {}): OAuthConfig<ThreadsProfile> {
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    checks: ["state"],
    authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
    token: { url: "https://graph.threads.net/oauth/access_token" },
    userinfo: {
      url: "https://graph.threads.net/v1.0/me",
      params: { fields: "id,username,threads_profile_picture_url" },
      request: profileRequest("Threads", { failure: (body) => (body.error ? "error" : undefined) }),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const user = profile.data ?? profile;
      return { id: String(user.id), name: user.username || null, email: null, image: user.threads_profile_picture_url || null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
