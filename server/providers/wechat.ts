/**
 * `foyer-auth/providers/wechat`: "Sign in with WeChat" (微信登录, WeChat's own OAuth 2 dialect).
 *
 * - Authorize with `appid=<AppID>` (WeChat's name for the client id, sent next to `client_id`) at
 *   `open.weixin.qq.com/connect/oauth2/authorize…#wechat_redirect` (`scope=snsapi_userinfo`, inside WeChat:
 *   an Official Account) or, with `platformType: "WebsiteApp"`, at `open.weixin.qq.com/connect/qrconnect`
 *   (`scope=snsapi_login`, a QR code on a website). WeChat documents `state` only.
 * - WeChat's token call is not OAuth's POST: it is `GET api.weixin.qq.com/sns/oauth2/access_token?appid=…&secret=…&code=…&grant_type=authorization_code`,
 *   answering `{ access_token, expires_in, refresh_token, openid, scope, unionid }` without `token_type`,
 *   or `{ errcode, errmsg }` with HTTP 200. This provider turns the token request into that call
 *   and the answer into an OAuth token answer or error (on top of your own `[customFetch]`, if any).
 * - The user is `GET api.weixin.qq.com/sns/userinfo?access_token=…&openid=…&lang=zh_CN`; an `errcode`
 *   answer fails the sign-in.
 *
 * The account id is the `unionid` (the same across the developer's WeChat apps, present once the app
 * is bound to a WeChat Open Platform account), else the `openid` (this app only). WeChat gives no
 * e-mail address.
 *
 * ```ts
 * import WeChat from "foyer-auth/providers/wechat";
 * WeChat(); // AUTH_WECHAT_ID (AppID), AUTH_WECHAT_SECRET (AppSecret)
 * WeChat({ platformType: "WebsiteApp" }); // QR-code sign-in on a website
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import { readApi, userinfoUrl } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `sns/userinfo` answer. */
export interface WeChatProfile {
  openid: string;
  nickname: string;
  sex: number;
  province: string;
  city: string;
  country: string;
  headimgurl: string;
  privilege: string[];
  unionid?: string;
  [key: string]: unknown;
}

export interface WeChatOptions extends Partial<OAuthConfig<WeChatProfile>> {
  /**
   * Where users sign in: `"OfficialAccount"` (default; a page opened inside WeChat, `snsapi_userinfo`)
   * or `"WebsiteApp"` (a website, with a QR code scanned in WeChat, `snsapi_login`).
   */
  platformType?: "OfficialAccount" | "WebsiteApp";
}

function urlOf(input: RequestInfo | URL): URL {
  return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
}

/** The form fields of a request body (openid-client sends the token request as URLSearchParams). */
function formOf(body: BodyInit | null | undefined): URLSearchParams {
  if (body instanceof URLSearchParams) return new URLSearchParams(body);
  return new URLSearchParams(typeof body === "string" ? body : "");
}

/**
 * WeChat's token call: the OAuth token POST (client id and secret in the form body) becomes WeChat's
 * GET with `appid`, `secret`, `code` and `grant_type`; the answer gets `token_type: "bearer"`, and an
 * `errcode` answer becomes an OAuth error (status 400). Every other request goes through `next`.
 */
export function wechatFetchOver(next: typeof fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (!url.pathname.endsWith("/sns/oauth2/access_token") || (init?.method ?? "GET").toUpperCase() !== "POST") return next(input, init);
    const form = formOf(init?.body);
    const call = new URL(url);
    call.searchParams.set("appid", form.get("client_id") ?? "");
    call.searchParams.set("secret", form.get("client_secret") ?? "");
    call.searchParams.set("code", form.get("code") ?? "");
    call.searchParams.set("grant_type", "authorization_code");
    const response = await next(call, { method: "GET", headers: { Accept: "application/json" }, signal: init?.signal ?? null });
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return Response.json({ error: "server_error", error_description: `WeChat answered ${response.status} without JSON` }, { status: 502 });
    }
    if (body.errcode !== undefined && body.errcode !== 0) {
      return Response.json(
        { error: "invalid_grant", error_description: `WeChat errcode ${String(body.errcode)}: ${String(body.errmsg ?? "")}`.slice(0, 200) },
        { status: 400 },
      );
    }
    return Response.json({ ...body, token_type: "bearer" }, { status: response.status });
  }) as typeof fetch;
}

/**
 * Sign in with WeChat (OAuth 2, WeChat's dialect).
 * Options: `clientId` and `clientSecret` (default `AUTH_WECHAT_ID`, `AUTH_WECHAT_SECRET`): the AppID and AppSecret; `platformType` (`"OfficialAccount"` or `"WebsiteApp"`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/wechat` (default basePath `/auth`; WeChat checks the domain).
 * Default scope: `snsapi_userinfo` (`snsapi_login` for `WebsiteApp`); checks: state. No e-mail address.
 * @example
 * ```ts
 * import WeChat from "foyer-auth/providers/wechat";
 * const config = { providers: [WeChat({ clientId: process.env.AUTH_WECHAT_ID, clientSecret: process.env.AUTH_WECHAT_SECRET, platformType: "WebsiteApp" })] };
 * ```
 */
export default function WeChat(options: WeChatOptions = {}): OAuthConfig<WeChatProfile> {
  const website = options.platformType === "WebsiteApp";
  return {
    id: "wechat",
    name: "WeChat",
    type: "oauth",
    checks: ["state"],
    authorization: {
      // WeChat requires the `#wechat_redirect` fragment on the in-app authorization URL (the query goes before it).
      url: website ? "https://open.weixin.qq.com/connect/qrconnect" : "https://open.weixin.qq.com/connect/oauth2/authorize#wechat_redirect",
      // The AppID as finally configured (options or AUTH_WECHAT_ID).
      params: { appid: (provider: OAuthConfig) => provider.clientId, scope: website ? "snsapi_login" : "snsapi_userinfo" },
    },
    token: { url: "https://api.weixin.qq.com/sns/oauth2/access_token" },
    client: { token_endpoint_auth_method: "client_secret_post" },
    [providerFetchLayer]: wechatFetchOver,
    userinfo: {
      url: "https://api.weixin.qq.com/sns/userinfo",
      async request({ tokens, provider }) {
        if (typeof tokens.openid !== "string" || !tokens.openid) throw new Error("WeChat: the token answer has no openid");
        const url = userinfoUrl(provider, "WeChat");
        url.searchParams.set("access_token", String(tokens.access_token ?? ""));
        url.searchParams.set("openid", tokens.openid);
        if (!url.searchParams.has("lang")) url.searchParams.set("lang", "zh_CN");
        const body = await readApi(provider, "WeChat", url);
        if (body.errcode !== undefined && body.errcode !== 0)
          throw new Error(`WeChat: sns/userinfo failed with errcode ${String(body.errcode)}: ${String(body.errmsg ?? "").slice(0, 200)}`);
        return body;
      },
    },
    profile(profile) {
      return { id: profile.unionid || profile.openid, name: profile.nickname ?? null, email: null, image: profile.headimgurl || null };
    },
    style: { bg: "#fff", text: "#000" },
    options,
  };
}
