/**
 * `foyer-auth/providers/tiktok`: "Continue with TikTok" through TikTok Login Kit for Web (OAuth 2,
 * TikTok's v2 endpoints):
 *
 * - authorize at `https://www.tiktok.com/v2/auth/authorize` with `client_key=<client key>` and
 *   `scope=user.info.basic` (TikTok names the client id "client key");
 * - exchange the code at `https://open.tiktokapis.com/v2/oauth/token/`: a form body with the client
 *   id and secret (`client_secret_post`) and `client_key` appended, which this provider adds (on top
 *   of your own `[customFetch]`, if you give one);
 * - read the user with `GET https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name`
 *   (Bearer token). The answer is `{ data: { user }, error: { code, message, log_id } }`; any
 *   `error.code` other than `"ok"` fails the sign-in (`OAuthCallbackError`).
 *
 * TikTok gives no e-mail address: `email` is always `null`. Production apps need their domain and
 * callback URL reviewed by TikTok and cannot use localhost (use the sandbox and a tunnel to test).
 *
 * ```ts
 * import TikTok from "foyer-auth/providers/tiktok";
 * TikTok(); // AUTH_TIKTOK_ID (the Client Key), AUTH_TIKTOK_SECRET (the Client Secret)
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import type { Profile } from "../types.js";
import type { OAuthConfig, TokenSet } from "./oauth.js";

/** A TikTok user (`data.user`); each field is present only when named in `fields`. */
export interface TikTokUser {
  /** The user's id within this application. */
  open_id: string;
  /** The user's id across the developer's applications. */
  union_id?: string;
  avatar_url: string;
  avatar_url_100?: string;
  avatar_large_url?: string;
  display_name: string;
  username?: string;
  bio_description?: string;
  profile_deep_link?: string;
  is_verified?: boolean;
  follower_count?: number;
  following_count?: number;
  likes_count?: number;
  video_count?: number;
  /** Not supported by TikTok; never returned. */
  email?: string;
}

/** TikTok's error object: `code` is `"ok"` on success. */
export interface TikTokError {
  code: string;
  message: string;
  log_id: string;
}

/** The user-info answer: `data.user` on success, `error` otherwise. */
export interface TikTokProfile {
  data?: { user?: TikTokUser };
  error?: TikTokError;
  [key: string]: unknown;
}

/** The default `fields` of the user-info request. */
export const TIKTOK_USER_FIELDS = "open_id,avatar_url,display_name";

function urlOf(input: RequestInfo | URL): URL {
  return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
}

/**
 * TikTok's token endpoint: `client_key` (= the client id) appended to the form body, the request sent
 * as `application/x-www-form-urlencoded`, and the JSON answer re-wrapped as a fresh JSON response.
 * Every other request passes through. Requests go out through `next` (default: the global `fetch`).
 */
export function tiktokFetch(clientKey?: string, next: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (!url.pathname.endsWith("/token/") || (init?.method ?? "GET").toUpperCase() !== "POST") return next(input, init);
    const body = new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : typeof init?.body === "string" ? init.body : undefined);
    const key = body.get("client_id") ?? clientKey;
    if (key) body.append("client_key", key);
    const headers = new Headers(init?.headers);
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.delete("content-length");
    const response = await next(url, { ...init, method: "POST", headers, body });
    const text = await response.text();
    try {
      return Response.json(JSON.parse(text), { status: response.status });
    } catch {
      return new Response(text, { status: response.status, headers: { "content-type": response.headers.get("content-type") ?? "text/plain" } });
    }
  }) as typeof fetch;
}

/** The client key for the authorization URL: the `clientId` option, else `AUTH_<ID>_ID` from the environment. */
function clientKeyOf(options: Partial<OAuthConfig<TikTokProfile>>): string | undefined {
  if (typeof options.clientId === "string") return options.clientId;
  const id = String(options.id ?? "tiktok")
    .toUpperCase()
    .replace(/-/g, "_");
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[`AUTH_${id}_ID`];
}

async function userInfo({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }): Promise<Profile> {
  const userinfo = typeof provider.userinfo === "string" ? { url: provider.userinfo } : (provider.userinfo ?? {});
  if (!userinfo.url) throw new Error("TikTok: no user-info URL");
  const url = new URL(userinfo.url);
  for (const [key, value] of Object.entries(userinfo.params ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  const response = await (provider.customFetch ?? fetch)(url, { headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/json" } });
  let body: TikTokProfile;
  try {
    body = (await response.json()) as TikTokProfile;
  } catch {
    throw new Error(`TikTok: the user-info answer (${response.status}) is not JSON`);
  }
  const error = body?.error;
  if (error && error.code !== "ok") throw new Error(`TikTok: user info failed with error ${error.code} (log_id ${error.log_id}): ${error.message}`);
  if (!response.ok || !body?.data?.user) throw new Error(`TikTok: the user-info answer (${response.status}) has no data.user`);
  return body as Profile;
}

/**
 * Sign in with TikTok (OAuth 2, Login Kit for Web).
 * Options: `clientId` and `clientSecret` (default `AUTH_TIKTOK_ID`, `AUTH_TIKTOK_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/tiktok` (default basePath `/auth`).
 * `clientId` / `clientSecret` are the Client Key and Client Secret; `client_key` is added to the requests.
 * Default scope: `user.info.basic`. No e-mail address (`email` is `null`).
 * @example
 * ```ts
 * import TikTok from "foyer-auth/providers/tiktok";
 * const config = { providers: [TikTok({ clientId: process.env.AUTH_TIKTOK_ID, clientSecret: process.env.AUTH_TIKTOK_SECRET })] };
 * ```
 */
export default function TikTok(options: Partial<OAuthConfig<TikTokProfile>> = {}): OAuthConfig<TikTokProfile> {
  const clientKey = clientKeyOf(options);
  return {
    id: "tiktok",
    name: "TikTok",
    type: "oauth",
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize",
      // The client key is the client id, known only once AUTH_TIKTOK_ID has filled the provider.
      params: { client_key: (provider: OAuthConfig) => provider.clientId ?? clientKey, scope: "user.info.basic" },
    },
    token: { url: "https://open.tiktokapis.com/v2/oauth/token/" },
    userinfo: {
      url: "https://open.tiktokapis.com/v2/user/info/",
      params: { fields: TIKTOK_USER_FIELDS },
      request: userInfo,
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    [providerFetchLayer]: (next: typeof fetch) => tiktokFetch(clientKey, next),
    profile(profile) {
      const user = profile.data?.user;
      if (!user) throw new Error("TikTok: the profile has no data.user");
      return { id: user.open_id, name: user.display_name ?? null, email: null, image: user.avatar_url ?? null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
