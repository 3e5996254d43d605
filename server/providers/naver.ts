/**
 * `foyer-auth/providers/naver`: "네이버 아이디로 로그인" (Naver Login, OAuth 2). Authorize at
 * `nid.naver.com/oauth2.0/authorize`, exchange the code at `nid.naver.com/oauth2.0/token` (client id
 * and secret as form parameters), then `GET openapi.naver.com/v1/nid/me`. Naver wraps the user in
 * `response` next to `resultcode` (`"00"` on success) and `message`; any other result code fails the
 * sign-in. Its token endpoint reports errors with HTTP 200, which this provider turns into a token error.
 *
 * ```ts
 * import Naver from "foyer-auth/providers/naver";
 * Naver(); // AUTH_NAVER_ID, AUTH_NAVER_SECRET
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import { profileRequest, tokenAnswerLayer } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /v1/nid/me` answer. */
export interface NaverProfile {
  resultcode: string;
  message: string;
  response: {
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    gender?: "F" | "M" | "U";
    age?: string;
    birthday?: string;
    profile_image?: string;
    birthyear?: string;
    mobile?: string;
  };
  [key: string]: unknown;
}

/**
 * Sign in with Naver (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_NAVER_ID`, `AUTH_NAVER_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/naver` (default basePath `/auth`).
 * Client authentication: `client_secret_post`. The profile is `response` of `/v1/nid/me` (`resultcode` `"00"`).
 * @example
 * ```ts
 * import Naver from "foyer-auth/providers/naver";
 * const config = { providers: [Naver({ clientId: process.env.AUTH_NAVER_ID, clientSecret: process.env.AUTH_NAVER_SECRET })] };
 * ```
 */
export default function Naver(options: Partial<OAuthConfig<NaverProfile>> = {}): OAuthConfig<NaverProfile> {
  return {
    id: "naver",
    name: "Naver",
    type: "oauth",
    authorization: { url: "https://nid.naver.com/oauth2.0/authorize" },
    token: { url: "https://nid.naver.com/oauth2.0/token" },
    userinfo: {
      url: "https://openapi.naver.com/v1/nid/me",
      request: profileRequest("Naver", {
        failure: (body) => (body.resultcode === "00" && body.response ? undefined : `${String(body.resultcode)} ${String(body.message)}`),
      }),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    [providerFetchLayer]: tokenAnswerLayer("/oauth2.0/token"),
    profile(profile) {
      const user = profile.response;
      return { id: user.id, name: user.nickname ?? user.name ?? null, email: user.email ?? null, image: user.profile_image ?? null };
    },
    style: { bg: "#03C75A", text: "#fff" },
    options,
  };
}
