/**
 * `foyer-auth/providers/concept2`: sign in with a Concept2 Logbook account (OAuth 2): authorize at `log.concept2.com/oauth/authorize`, token at `log.concept2.com/oauth/access_token`, the user at `GET log.concept2.com/api/users/me`, wrapped in `{ data }` with a numeric id.
 *
 * ```ts
 * import Concept2 from "foyer-auth/providers/concept2";
 * Concept2(); // AUTH_CONCEPT2_ID, AUTH_CONCEPT2_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://log.concept2.com/api/users/me`'s answer. */
export interface Concept2Profile {
  data: {
    id: number;
    username: string;
    first_name?: string;
    last_name?: string;
    email?: string;
    profile_image?: string | null;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * Sign in with Concept2 (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_CONCEPT2_ID`, `AUTH_CONCEPT2_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/concept2` (default basePath `/auth`).
 * Default scope: `user:read,results:write`; PKCE and state.
 * @example
 * ```ts
 * import Concept2 from "foyer-auth/providers/concept2";
 * const config = { providers: [Concept2({ clientId: process.env.AUTH_CONCEPT2_ID, clientSecret: process.env.AUTH_CONCEPT2_SECRET })] };
 * ```
 */
export default function Concept2(options: Partial<OAuthConfig<Concept2Profile>> = {}): OAuthConfig<Concept2Profile> {
  return {
    id: "concept2",
    name: "Concept2",
    type: "oauth",
    authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read,results:write" } },
    token: { url: "https://log.concept2.com/oauth/access_token" },
    userinfo: { url: "https://log.concept2.com/api/users/me" },
    profile(profile) {
      const user = profile.data;
      return { id: String(user.id), name: user.username ?? null, email: user.email ?? null, image: user.profile_image ?? null };
    },
    style: { brandColor: "#003A70" },
    options,
  };
}
