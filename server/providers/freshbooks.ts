/**
 * `foyer-auth/providers/freshbooks`: sign in with FreshBooks (OAuth 2): authorize at `auth.freshbooks.com/service/auth/oauth/authorize`, token at `api.freshbooks.com/auth/oauth/token`, the user at `GET api.freshbooks.com/auth/api/v1/users/me`, wrapped in `{ response }` with a numeric id.
 *
 * ```ts
 * import Freshbooks from "foyer-auth/providers/freshbooks";
 * Freshbooks(); // AUTH_FRESHBOOKS_ID, AUTH_FRESHBOOKS_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://api.freshbooks.com/auth/api/v1/users/me`'s answer. */
export interface FreshbooksProfile {
  response: {
    id: number;
    identity_id?: number;
    first_name?: string;
    last_name?: string;
    email?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * Sign in with Freshbooks (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_FRESHBOOKS_ID`, `AUTH_FRESHBOOKS_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/freshbooks` (default basePath `/auth`).
 * No scope parameter (the app's scopes apply); PKCE and state.
 * @example
 * ```ts
 * import Freshbooks from "foyer-auth/providers/freshbooks";
 * const config = { providers: [Freshbooks({ clientId: process.env.AUTH_FRESHBOOKS_ID, clientSecret: process.env.AUTH_FRESHBOOKS_SECRET })] };
 * ```
 */
export default function Freshbooks(options: Partial<OAuthConfig<FreshbooksProfile>> = {}): OAuthConfig<FreshbooksProfile> {
  return {
    id: "freshbooks",
    name: "Freshbooks",
    type: "oauth",
    authorization: { url: "https://auth.freshbooks.com/service/auth/oauth/authorize" },
    token: { url: "https://api.freshbooks.com/auth/oauth/token" },
    userinfo: { url: "https://api.freshbooks.com/auth/api/v1/users/me" },
    profile(profile) {
      const user = profile.response;
      return { id: String(user.id), name: [user.first_name, user.last_name].filter(Boolean).join(" ") || null, email: user.email ?? null, image: null };
    },
    style: { bg: "#0075dd", text: "#fff", brandColor: "#0075DD" },
    options,
  };
}
