/**
 * `foyer-auth/providers/webex`: "Sign in with Webex" (Webex Integrations, OAuth 2). Authorize at
 * `webexapis.com/v1/authorize` (`scope=spark:kms spark:people_read`), exchange the code at
 * `/v1/access_token` (client id and secret in the form body, as Webex documents it), then
 * `GET /v1/people/me`; the e-mail address is the first of `emails`. `apiBaseUrl` moves all three (e.g.
 * a FedRAMP environment). Errors are `{ "message", "errors": [{ "description" }], "trackingId" }`.
 *
 * ```ts
 * import Webex from "foyer-auth/providers/webex";
 * Webex(); // AUTH_WEBEX_ID, AUTH_WEBEX_SECRET
 * ```
 */
import { baseUrlOption } from "./base-url.js";
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /people/me` answer (the fields Foyer uses, and a few more). */
export interface WebexProfile {
  id: string;
  emails: string[];
  displayName?: string;
  nickName?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  orgId?: string;
  created?: string;
  type?: string;
  [key: string]: unknown;
}

export interface WebexOptions extends Partial<OAuthConfig<WebexProfile>> {
  /** The API's base URL (default `https://webexapis.com/v1`). */
  apiBaseUrl?: string;
}

/**
 * Sign in with Webex (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_WEBEX_ID`, `AUTH_WEBEX_SECRET`); `apiBaseUrl` (default `https://webexapis.com/v1`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/webex` (default basePath `/auth`).
 * Default scopes: `spark:kms spark:people_read`; client authentication: `client_secret_post`.
 * @example
 * ```ts
 * import Webex from "foyer-auth/providers/webex";
 * const config = { providers: [Webex({ clientId: process.env.AUTH_WEBEX_ID, clientSecret: process.env.AUTH_WEBEX_SECRET })] };
 * ```
 */
export default function Webex(options: WebexOptions = {}): OAuthConfig<WebexProfile> {
  const api = baseUrlOption(options.apiBaseUrl ?? "https://webexapis.com/v1", "Webex", "apiBaseUrl");
  return {
    id: "webex",
    name: "Webex",
    type: "oauth",
    authorization: { url: `${api}/authorize`, params: { scope: "spark:kms spark:people_read" } },
    token: { url: `${api}/access_token` },
    userinfo: { url: `${api}/people/me`, request: profileRequest("Webex") },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.id, name: profile.displayName ?? null, email: profile.emails?.[0] ?? null, image: profile.avatar ?? null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
