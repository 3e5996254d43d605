/**
 * `foyer-auth/providers/netlify`: "Log in with Netlify" (OAuth 2). Authorize at
 * `app.netlify.com/authorize` (Netlify has no scopes), exchange the code at
 * `api.netlify.com/oauth/token`, then `GET api.netlify.com/api/v1/user`.
 *
 * ```ts
 * import Netlify from "foyer-auth/providers/netlify";
 * Netlify(); // AUTH_NETLIFY_ID, AUTH_NETLIFY_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /api/v1/user` answer. */
export interface NetlifyProfile {
  id: string;
  uid?: string;
  full_name: string | null;
  avatar_url: string | null;
  email: string;
  affiliate_id?: string;
  site_count?: number;
  created_at?: string;
  last_login?: string;
  login_providers?: string[];
  [key: string]: unknown;
}

/**
 * Sign in with Netlify (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_NETLIFY_ID`, `AUTH_NETLIFY_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/netlify` (default basePath `/auth`).
 * @example
 * ```ts
 * import Netlify from "foyer-auth/providers/netlify";
 * const config = { providers: [Netlify({ clientId: process.env.AUTH_NETLIFY_ID, clientSecret: process.env.AUTH_NETLIFY_SECRET })] };
 * ```
 */
export default function Netlify(options: Partial<OAuthConfig<NetlifyProfile>> = {}): OAuthConfig<NetlifyProfile> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    authorization: { url: "https://app.netlify.com/authorize" },
    token: { url: "https://api.netlify.com/oauth/token" },
    userinfo: { url: "https://api.netlify.com/api/v1/user", request: profileRequest("Netlify") },
    profile(profile) {
      return { id: profile.id, name: profile.full_name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null };
    },
    style: { brandColor: "#32e6e2" },
    options,
  };
}
