/**
 * `foyer-auth/providers/faceit`: sign in with FACEIT (OAuth 2): authorize at `accounts.faceit.com/accounts?redirect_popup=true`, token at `api.faceit.com/auth/v1/oauth/token` (client id and secret in a Basic header), the user at `GET api.faceit.com/auth/v1/resources/userinfo` (its id is `guid`).
 *
 * ```ts
 * import FACEIT from "foyer-auth/providers/faceit";
 * FACEIT(); // AUTH_FACEIT_ID, AUTH_FACEIT_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://api.faceit.com/auth/v1/resources/userinfo`'s answer. */
export interface FACEITProfile {
  guid: string;
  name?: string;
  nickname?: string;
  email?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  [key: string]: unknown;
}

/**
 * Sign in with FACEIT (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_FACEIT_ID`, `AUTH_FACEIT_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/faceit` (default basePath `/auth`).
 * No scope parameter (the app's scopes apply); `client_secret_basic`; PKCE and state.
 * @example
 * ```ts
 * import FACEIT from "foyer-auth/providers/faceit";
 * const config = { providers: [FACEIT({ clientId: process.env.AUTH_FACEIT_ID, clientSecret: process.env.AUTH_FACEIT_SECRET })] };
 * ```
 */
export default function FACEIT(options: Partial<OAuthConfig<FACEITProfile>> = {}): OAuthConfig<FACEITProfile> {
  return {
    id: "faceit",
    name: "FACEIT",
    type: "oauth",
    authorization: { url: "https://accounts.faceit.com/accounts", params: { redirect_popup: "true" } },
    token: { url: "https://api.faceit.com/auth/v1/oauth/token" },
    userinfo: { url: "https://api.faceit.com/auth/v1/resources/userinfo" },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.guid, name: profile.name ?? profile.nickname ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#FF5500" },
    options,
  };
}
