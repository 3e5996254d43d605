/**
 * `foyer-auth/providers/yandex`: "Войти с Яндекс ID" (Yandex ID, OAuth 2). Authorize at
 * `oauth.yandex.ru/authorize` (`scope=login:info login:email login:avatar`), exchange the code at
 * `oauth.yandex.ru/token`, then `GET login.yandex.ru/info?format=json` with
 * `Authorization: OAuth <token>` (Yandex's documented scheme). The picture is built from
 * `default_avatar_id` unless `is_avatar_empty`.
 *
 * ```ts
 * import Yandex from "foyer-auth/providers/yandex";
 * Yandex(); // AUTH_YANDEX_ID, AUTH_YANDEX_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `login.yandex.ru/info` answer (the fields the default scopes give). */
export interface YandexProfile {
  id: string;
  login: string;
  client_id: string;
  psuid: string;
  emails?: string[];
  default_email?: string;
  is_avatar_empty?: boolean;
  default_avatar_id?: string;
  display_name?: string;
  real_name?: string;
  first_name?: string;
  last_name?: string;
  sex?: "female" | "male" | null;
  birthday?: string | null;
  default_phone?: { id: number; number: string };
  [key: string]: unknown;
}

/** The URL of a Yandex avatar (`islands-200`: 200×200). */
export function yandexAvatarUrl(profile: Pick<YandexProfile, "is_avatar_empty" | "default_avatar_id">): string | null {
  return !profile.is_avatar_empty && profile.default_avatar_id ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200` : null;
}

/**
 * Sign in with Yandex ID (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_YANDEX_ID`, `AUTH_YANDEX_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/yandex` (default basePath `/auth`).
 * Default scopes: `login:info login:email login:avatar`.
 * @example
 * ```ts
 * import Yandex from "foyer-auth/providers/yandex";
 * const config = { providers: [Yandex({ clientId: process.env.AUTH_YANDEX_ID, clientSecret: process.env.AUTH_YANDEX_SECRET })] };
 * ```
 */
export default function Yandex(options: Partial<OAuthConfig<YandexProfile>> = {}): OAuthConfig<YandexProfile> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: { url: "https://oauth.yandex.ru/authorize", params: { scope: "login:info login:email login:avatar" } },
    token: { url: "https://oauth.yandex.ru/token" },
    userinfo: { url: "https://login.yandex.ru/info", params: { format: "json" }, request: profileRequest("Yandex", { scheme: "OAuth" }) },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.first_name ?? null,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image: yandexAvatarUrl(profile),
      };
    },
    style: { bg: "#ffcc00", text: "#000" },
    options,
  };
}
