/**
 * `foyer-auth/providers/zoho`: sign in with Zoho Accounts (OAuth 2). Authorize at
 * `accounts.zoho.com/oauth/v2/auth` (`scope=AaaServer.profile.Read`), exchange the code at
 * `/oauth/v2/token` (client id and secret in the form body), then `GET accounts.zoho.com/oauth/user/info`
 * with `Authorization: Zoho-oauthtoken <token>` (Zoho's documented scheme). Zoho's token endpoint
 * reports errors as `{ "error": "invalid_code" }` with HTTP 200, which this provider turns into a
 * token error. For another data centre (accounts.zoho.eu, .in, …) move the three URLs there.
 *
 * ```ts
 * import Zoho from "foyer-auth/providers/zoho";
 * Zoho(); // AUTH_ZOHO_ID, AUTH_ZOHO_SECRET
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import { profileRequest, tokenAnswerLayer } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /oauth/user/info` answer. */
export interface ZohoProfile {
  ZUID: number;
  First_Name: string;
  Last_Name: string;
  Display_Name: string;
  Email: string;
  [key: string]: unknown;
}

/**
 * Sign in with Zoho (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_ZOHO_ID`, `AUTH_ZOHO_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/zoho` (default basePath `/auth`).
 * Default scope: `AaaServer.profile.Read`; client authentication: `client_secret_post`.
 * @example
 * ```ts
 * import Zoho from "foyer-auth/providers/zoho";
 * const config = { providers: [Zoho({ clientId: process.env.AUTH_ZOHO_ID, clientSecret: process.env.AUTH_ZOHO_SECRET })] };
 * ```
 */
export default function Zoho(options: Partial<OAuthConfig<ZohoProfile>> = {}): OAuthConfig<ZohoProfile> {
  return {
    id: "zoho",
    name: "Zoho",
    type: "oauth",
    authorization: { url: "https://accounts.zoho.com/oauth/v2/auth", params: { scope: "AaaServer.profile.Read" } },
    token: { url: "https://accounts.zoho.com/oauth/v2/token" },
    userinfo: { url: "https://accounts.zoho.com/oauth/user/info", request: profileRequest("Zoho", { scheme: "Zoho-oauthtoken" }) },
    client: { token_endpoint_auth_method: "client_secret_post" },
    [providerFetchLayer]: tokenAnswerLayer("/oauth/v2/token"),
    profile(profile) {
      const name = [profile.First_Name, profile.Last_Name].filter(Boolean).join(" ");
      return { id: String(profile.ZUID), name: name || profile.Display_Name || null, email: profile.Email ?? null, image: null };
    },
    style: { bg: "#E42527", text: "#fff" },
    options,
  };
}
