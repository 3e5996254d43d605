/**
 * `foyer-auth/providers/medium`: "Sign in with Medium" (OAuth 2). Authorize at
 * `medium.com/m/oauth/authorize` (`scope=basicProfile`), exchange the code at
 * `api.medium.com/v1/tokens` with the client id and secret in the form body (as Medium documents it),
 * (it answers `201 Created` with `scope` as an array;
 * this provider hands on a 200 with the scope joined)
 * then `GET api.medium.com/v1/me`, whose answer is wrapped in `data`; Medium's errors are
 * `{ "errors": [{ "message", "code" }] }`. Medium gives no e-mail address. (Medium no longer issues
 * new integration tokens; existing apps keep working.)
 *
 * ```ts
 * import Medium from "foyer-auth/providers/medium";
 * Medium(); // AUTH_MEDIUM_ID, AUTH_MEDIUM_SECRET
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import { profileRequest, tokenAnswerLayer } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /v1/me` answer. */
export interface MediumProfile {
  data: { id: string; username: string; name: string; url: string; imageUrl: string };
  [key: string]: unknown;
}

/**
 * Sign in with Medium (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_MEDIUM_ID`, `AUTH_MEDIUM_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/medium` (default basePath `/auth`).
 * Default scope: `basicProfile`; client authentication: `client_secret_post`. No e-mail address.
 * @example
 * ```ts
 * import Medium from "foyer-auth/providers/medium";
 * const config = { providers: [Medium({ clientId: process.env.AUTH_MEDIUM_ID, clientSecret: process.env.AUTH_MEDIUM_SECRET })] };
 * ```
 */
export default function Medium(options: Partial<OAuthConfig<MediumProfile>> = {}): OAuthConfig<MediumProfile> {
  return {
    id: "medium",
    name: "Medium",
    type: "oauth",
    authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
    token: { url: "https://api.medium.com/v1/tokens" },
    userinfo: { url: "https://api.medium.com/v1/me", request: profileRequest("Medium", { failure: (body) => (body.data ? undefined : "no data") }) },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Medium answers 201, with `scope` as an array and `expires_at` in milliseconds: the scope joined, `expires_at` dropped.
    [providerFetchLayer]: tokenAnswerLayer("/v1/tokens", ({ scope, expires_at: _expiresAt, ...rest }) => ({
      ...rest,
      ...(Array.isArray(scope) ? { scope: scope.join(" ") } : scope === undefined ? {} : { scope }),
    })),
    profile(profile) {
      return { id: profile.data.id, name: profile.data.name ?? profile.data.username ?? null, email: null, image: profile.data.imageUrl ?? null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
