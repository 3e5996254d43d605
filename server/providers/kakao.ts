/**
 * `foyer-auth/providers/kakao`: sign in with Kakao (OAuth 2): authorize at `kauth.kakao.com/oauth/authorize`, token at `kauth.kakao.com/oauth/token` (client id and secret as form parameters), the user at `GET kapi.kakao.com/v2/user/me` (numeric `id`; name, address and picture under `kakao_account`, present when the user consented). Scopes are the consent items set on the app.
 *
 * ```ts
 * import Kakao from "foyer-auth/providers/kakao";
 * Kakao(); // AUTH_KAKAO_ID, AUTH_KAKAO_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://kapi.kakao.com/v2/user/me`'s answer (the fields Foyer uses). */
export interface KakaoProfile {
  id: number;
  connected_at?: string;
  properties?: Record<string, string>;
  kakao_account?: {
    profile?: { nickname?: string; thumbnail_image_url?: string; profile_image_url?: string; is_default_image?: boolean };
    email?: string;
    is_email_valid?: boolean;
    is_email_verified?: boolean;
    name?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * Sign in with Kakao (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_KAKAO_ID`, `AUTH_KAKAO_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/kakao` (default basePath `/auth`).
 * No scope parameter (the app's consent items apply); `client_secret_post`; PKCE and state.
 * @example
 * ```ts
 * import Kakao from "foyer-auth/providers/kakao";
 * const config = { providers: [Kakao({ clientId: process.env.AUTH_KAKAO_ID, clientSecret: process.env.AUTH_KAKAO_SECRET })] };
 * ```
 */
export default function Kakao(options: Partial<OAuthConfig<KakaoProfile>> = {}): OAuthConfig<KakaoProfile> {
  return {
    id: "kakao",
    name: "Kakao",
    type: "oauth",
    authorization: { url: "https://kauth.kakao.com/oauth/authorize" },
    token: { url: "https://kauth.kakao.com/oauth/token" },
    userinfo: { url: "https://kapi.kakao.com/v2/user/me" },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const account = profile.kakao_account;
      return {
        id: String(profile.id),
        name: account?.profile?.nickname ?? account?.name ?? null,
        email: account?.email ?? null,
        image: account?.profile?.profile_image_url ?? null,
      };
    },
    style: { brandColor: "#FFE812", bg: "#FFE812", text: "#000" },
    options,
  };
}
