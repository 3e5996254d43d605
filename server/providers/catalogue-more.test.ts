/**
 * The second half of the Auth.js provider catalogue (LINE … Zoho, and Ory Hydra), each provider driven
 * through Foyer's real `Auth()` against a local server that speaks that provider's documented wire
 * format (server/providers/test-oauth-server.ts), one table row per provider with its real quirks:
 *
 * - OAuth 2 providers keep their real endpoints: the authorization URL the browser gets is checked
 *   as is, and the provider's `customFetch` carries the server-side requests (token, profile) for
 *   the real hosts to the local server, where each request is checked (method, client
 *   authentication, token scheme, extra headers, query, body);
 * - OpenID Connect providers get a local issuer (discovery, JWKS, signed ID tokens);
 * - every row also answers with the provider's documented error shape on one endpoint, which must
 *   fail the sign-in (`OAuthCallbackError`, no session).
 */
import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { clearDiscoveryCache } from "../oauth/client.js";
import { CookieJar, ORIGIN, csrf, get, postForm, testConfig } from "../testing/harness.js";
import type { Account, Profile } from "../types.js";
import LINE from "./line.js";
import Logto from "./logto.js";
import Mailchimp from "./mailchimp.js";
import Mailru from "./mailru.js";
import Mastodon from "./mastodon.js";
import Mattermost from "./mattermost.js";
import Medium from "./medium.js";
import Naver from "./naver.js";
import Netlify from "./netlify.js";
import NetSuite from "./netsuite.js";
import Nextcloud from "./nextcloud.js";
import Notion from "./notion.js";
import type { OAuthConfig } from "./oauth.js";
import OneLogin from "./onelogin.js";
import OryHydra from "./ory-hydra.js";
import Osso from "./osso.js";
import Osu from "./osu.js";
import Passage from "./passage.js";
import Patreon from "./patreon.js";
import PingId from "./ping-id.js";
import Pinterest from "./pinterest.js";
import Pipedrive from "./pipedrive.js";
import Roblox from "./roblox.js";
import SimpleLogin from "./simplelogin.js";
import Strava from "./strava.js";
import { startTestOAuthServer, type RecordedRequest, type Reply } from "./test-oauth-server.js";
import Threads from "./threads.js";
import Todoist from "./todoist.js";
import Trakt from "./trakt.js";
import UnitedEffects from "./united-effects.js";
import Vipps from "./vipps.js";
import VK from "./vk.js";
import Webex from "./webex.js";
import WeChat from "./wechat.js";
import Wikimedia from "./wikimedia.js";
import WordPress from "./wordpress.js";
import Yandex from "./yandex.js";
import ZITADEL from "./zitadel.js";
import Zoho from "./zoho.js";

const CLIENT_ID = "client-id.123";
/** Characters that client_secret_basic must form-encode before Base64 (RFC 6749 §2.3.1). */
const CLIENT_SECRET = "s3cr3t/+:x";
const ACCESS_TOKEN = "access-token-xyz";
const CODE = "authorization-code-123";
const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

const server = await startTestOAuthServer();
const local = (path: string) => `${server.url}${path}`;
afterAll(() => server.close());
beforeEach(() => clearDiscoveryCache());

/** Requests for any public host go to the local server under `/<host>` (path and query kept). */
const hostsToLocal: typeof fetch = (input, init) => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  if (url.hostname === "127.0.0.1") return fetch(input, init);
  return fetch(local(`/${url.host}${url.pathname}${url.search}`), init);
};
/** The local path that stands for a real URL (see {@link hostsToLocal}). */
const at = (url: string) => {
  const parsed = new URL(url);
  return `/${parsed.host}${parsed.pathname}`;
};
/** Options that keep the real endpoints and send the server-side requests to the local server. */
const realHosts = { ...credentials, customFetch: hostsToLocal };

type Check = "pkce" | "state" | "nonce";

interface Route {
  method: "GET" | "POST";
  /** The local path (see {@link at}). */
  path: string;
  reply: Reply | ((ctx: { nonce?: string }) => Reply | Promise<Reply>);
  /** Expected query of the request (exactly). */
  query?: Record<string, string>;
  /** Expected `Authorization` header (default `Bearer <access token>` for profile requests). */
  authorization?: string;
  /** Headers the request must carry. */
  headers?: Record<string, string>;
  /** Expected JSON body. */
  json?: unknown;
}

interface Row {
  id: string;
  provider: () => OAuthConfig<never>;
  /** The authorization endpoint the browser is sent to (no query). */
  authorize: string;
  /** Authorization parameters; `null` means absent. */
  params?: Record<string, string | null>;
  checks: Check[];
  /** How the client authenticates at the token endpoint; `wechat`: WeChat's GET with appid and secret. */
  clientAuth: "client_secret_basic" | "client_secret_post" | "wechat";
  token: Route;
  /** The profile requests, in order (none when the ID token suffices). */
  profile: Route[];
  user: { name: string | null; email?: string | null; image: string | null };
  accountId: string;
  /** The provider's documented error answer on one endpoint: the sign-in must fail. */
  error: { method: "GET" | "POST"; path: string; reply: Reply };
}

const HS256_KEY = new TextEncoder().encode(CLIENT_SECRET);

/** A token answer with an RS256 ID token signed by the local server. */
function withIdToken(issuer: string, claims: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return async ({ nonce }: { nonce?: string }): Promise<Reply> => ({
    body: {
      access_token: ACCESS_TOKEN,
      token_type: "Bearer",
      expires_in: 3600,
      ...extra,
      id_token: await server.idToken({ iss: issuer, aud: CLIENT_ID, ...(nonce ? { nonce } : {}), ...claims }),
    },
  });
}

const oauthError = (status = 400): Reply => ({ status, body: { error: "invalid_grant", error_description: "The authorization code is invalid or expired." } });

const issuers = {
  line: server.oidc("/line"),
  logto: server.oidc("/logto/oidc"),
  onelogin: server.oidc("/onelogin/oidc/2"),
  hydra: server.oidc("/hydra"),
  passage: server.oidc("/passage"),
  "ping-id": server.oidc("/ping/env-1/as"),
  roblox: server.oidc("/roblox/oauth/"),
  simplelogin: server.oidc("/simplelogin"),
  "united-effects": server.oidc("/ue/group-1"),
  vipps: server.oidc("/vipps/access-management-1.0/access/"),
  zitadel: server.oidc("/zitadel"),
};

/** An OIDC row: discovery at the local issuer, the ID token carries the profile, the token endpoint refuses a bad code. */
function oidcRow(
  id: keyof typeof issuers,
  provider: (issuer: string) => OAuthConfig<never>,
  claims: Record<string, unknown>,
  rest: Partial<Row> & Pick<Row, "user" | "accountId">,
): Row {
  const issuer = issuers[id];
  const base = new URL(issuer).pathname.replace(/\/$/, "");
  return {
    id,
    provider: () => provider(issuer),
    authorize: local(`${base}/authorize`),
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: { method: "POST", path: `${base}/token`, reply: withIdToken(issuer, claims) },
    profile: [],
    error: { method: "POST", path: `${base}/token`, reply: oauthError() },
    ...rest,
  };
}

const ROWS: Row[] = [
  oidcRow(
    "line",
    (issuer) => LINE({ ...credentials, issuer }),
    {},
    {
      checks: ["state"],
      // LINE signs ID tokens HS256 with the channel secret (no nonce: LINE's documented checks are state only).
      token: {
        method: "POST",
        path: "/line/token",
        reply: async () => ({
          body: {
            access_token: ACCESS_TOKEN,
            expires_in: 2592000,
            id_token: await new SignJWT({ name: "Taro Line", picture: "https://profile.line-scdn.net/abc", email: "taro@line.test", amr: ["pwd"] })
              .setProtectedHeader({ alg: "HS256" })
              .setIssuer(issuers.line)
              .setSubject("U4af4980629")
              .setAudience(CLIENT_ID)
              .setIssuedAt()
              .setExpirationTime("10m")
              .sign(HS256_KEY),
            refresh_token: "r",
            scope: "openid profile email",
            token_type: "Bearer",
          },
        }),
      },
      user: { name: "Taro Line", email: "taro@line.test", image: "https://profile.line-scdn.net/abc" },
      accountId: "U4af4980629",
    },
  ),
  oidcRow(
    "logto",
    (issuer) => Logto({ ...credentials, issuer }),
    { sub: "logto-1", name: null, username: "jdoe", email: "jdoe@logto.test", picture: null },
    {
      params: { scope: "offline_access openid email profile" },
      user: { name: "jdoe", email: "jdoe@logto.test", image: null },
      accountId: "logto-1",
    },
  ),
  // OneLogin: `issuer` is the account URL; discovery is read from <issuer>/oidc/2/.well-known/openid-configuration.
  oidcRow(
    "onelogin",
    () => OneLogin({ ...credentials, issuer: local("/onelogin") }),
    { sub: "ol-9", name: "One Login", email: "one@onelogin.test" },
    {
      user: { name: "One Login", email: "one@onelogin.test", image: null },
      accountId: "ol-9",
    },
  ),
  oidcRow(
    "hydra",
    (issuer) => OryHydra({ ...credentials, issuer }),
    { sub: "hydra-1", name: "Hy Dra", email: "hy@hydra.test", picture: "https://hydra.test/p.png" },
    {
      user: { name: "Hy Dra", email: "hy@hydra.test", image: "https://hydra.test/p.png" },
      accountId: "hydra-1",
    },
  ),
  oidcRow(
    "passage",
    (issuer) => Passage({ ...credentials, issuer }),
    { sub: "psg-1", email: "pass@passage.test", name: "Pass Age" },
    {
      user: { name: "Pass Age", email: "pass@passage.test", image: null },
      accountId: "psg-1",
    },
  ),
  oidcRow(
    "ping-id",
    (issuer) => PingId({ ...credentials, issuer }),
    { sub: "ping-1", preferred_username: "pinger", email: "p@ping.test", name: "Ping Er" },
    {
      user: { name: "Ping Er", email: "p@ping.test", image: null },
      accountId: "ping-1",
    },
  ),
  oidcRow(
    "roblox",
    (issuer) => Roblox({ ...credentials, issuer }),
    { sub: "1516563360", name: "Robo", nickname: "robo", preferred_username: "robo", picture: "https://tr.rbxcdn.com/x" },
    {
      params: { scope: "openid profile" },
      checks: ["pkce", "state"],
      user: { name: "Robo", image: "https://tr.rbxcdn.com/x" },
      accountId: "1516563360",
    },
  ),
  oidcRow(
    "simplelogin",
    (issuer) => SimpleLogin({ ...credentials, issuer }),
    { sub: "sl-1", name: "Simple", email: "alias@simplelogin.test", email_verified: true, avatar_url: "https://sl.test/a.png", client: "App" },
    {
      user: { name: "Simple", email: "alias@simplelogin.test", image: "https://sl.test/a.png" },
      accountId: "sl-1",
    },
  ),
  oidcRow(
    "united-effects",
    (issuer) => UnitedEffects({ ...credentials, issuer }),
    { sub: "ue-1", email: "u@ue.test", name: "United" },
    {
      params: { scope: "openid email profile", resource: issuers["united-effects"] },
      user: { name: "United", email: "u@ue.test", image: null },
      accountId: "ue-1",
    },
  ),
  // Vipps: idToken false, the profile comes from userinfo.
  oidcRow(
    "vipps",
    (issuer) => Vipps({ ...credentials, issuer }),
    { sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944" },
    {
      params: { scope: "openid name email" },
      profile: [
        {
          method: "GET",
          path: "/vipps/access-management-1.0/access/userinfo",
          reply: {
            body: {
              sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
              name: "Ada Lovelace",
              given_name: "Ada",
              family_name: "Lovelace",
              email: "ada@vipps.test",
              email_verified: true,
              sid: "7d78a726",
            },
          },
        },
      ],
      user: { name: "Ada Lovelace", email: "ada@vipps.test", image: null },
      accountId: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
    },
  ),
  oidcRow(
    "zitadel",
    (issuer) => ZITADEL({ ...credentials, issuer }),
    { sub: "2084", name: "Zita Del", email: "zita@zitadel.test", picture: "https://zitadel.test/z.png" },
    {
      user: { name: "Zita Del", email: "zita@zitadel.test", image: "https://zitadel.test/z.png" },
      accountId: "2084",
    },
  ),
  {
    id: "mailchimp",
    provider: () => Mailchimp(realHosts),
    authorize: "https://login.mailchimp.com/oauth2/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    // Mailchimp's token answer: `scope: null`, `expires_in: 0`, no token_type.
    token: {
      method: "POST",
      path: at("https://login.mailchimp.com/oauth2/token"),
      reply: { body: { access_token: ACCESS_TOKEN, expires_in: 0, scope: null } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://login.mailchimp.com/oauth2/metadata"),
        authorization: `OAuth ${ACCESS_TOKEN}`,
        reply: {
          body: {
            dc: "us1",
            role: "owner",
            accountname: "Freddie's Jokes",
            user_id: 42,
            login: { email: "freddie@mailchimp.test", avatar: null, login_id: 4242, login_name: "freddie", login_email: "freddie@mailchimp.test" },
            login_url: "https://login.mailchimp.com",
            api_endpoint: "https://us1.api.mailchimp.com",
          },
        },
      },
    ],
    user: { name: "Freddie's Jokes", email: "freddie@mailchimp.test", image: null },
    accountId: "4242",
    error: {
      method: "GET",
      path: at("https://login.mailchimp.com/oauth2/metadata"),
      reply: { status: 401, body: { error: "invalid_token", error_description: "Invalid token" } },
    },
  },
  {
    id: "mailru",
    provider: () => Mailru(realHosts),
    authorize: "https://oauth.mail.ru/login",
    params: { scope: "userinfo" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: { method: "POST", path: at("https://oauth.mail.ru/token"), reply: { body: { expires_in: 3600, access_token: ACCESS_TOKEN, refresh_token: "r" } } },
    profile: [
      {
        method: "GET",
        path: at("https://oauth.mail.ru/userinfo"),
        // Mail.ru takes the token as a query parameter.
        query: { access_token: ACCESS_TOKEN },
        authorization: "",
        reply: {
          body: {
            id: "1234567890",
            client_id: CLIENT_ID,
            name: "Ivan Petrov",
            first_name: "Ivan",
            last_name: "Petrov",
            email: "ivan@mail.test",
            image: "https://filin.mail.ru/pic?x",
          },
        },
      },
    ],
    user: { name: "Ivan Petrov", email: "ivan@mail.test", image: "https://filin.mail.ru/pic?x" },
    accountId: "1234567890",
    error: {
      method: "GET",
      path: at("https://oauth.mail.ru/userinfo"),
      reply: { body: { error: "invalid_token", error_code: 6, error_description: "token not found" } },
    },
  },
  {
    id: "mastodon",
    provider: () => Mastodon({ ...realHosts, issuer: "https://mastodon.example" }),
    authorize: "https://mastodon.example/oauth/authorize",
    params: { scope: "read" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: "/mastodon.example/oauth/token",
      reply: { body: { access_token: ACCESS_TOKEN, token_type: "Bearer", scope: "read", created_at: 1573979017 } },
    },
    profile: [
      {
        method: "GET",
        path: "/mastodon.example/api/v1/accounts/verify_credentials",
        reply: {
          body: {
            id: "14715",
            username: "trwnh",
            acct: "trwnh",
            display_name: "infinite love ⴳ",
            avatar: "https://files.mastodon.example/a.gif",
            avatar_static: "https://files.mastodon.example/a.png",
          },
        },
      },
    ],
    user: { name: "trwnh", image: "https://files.mastodon.example/a.png" },
    accountId: "14715",
    error: {
      method: "GET",
      path: "/mastodon.example/api/v1/accounts/verify_credentials",
      reply: { status: 401, body: { error: "The access token is invalid" } },
    },
  },
  {
    id: "mattermost",
    provider: () => Mattermost({ ...realHosts, issuer: "https://chat.example.com" }),
    authorize: "https://chat.example.com/oauth/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: "/chat.example.com/oauth/access_token",
      reply: { body: { access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 3600, scope: "", refresh_token: "r" } },
    },
    profile: [
      {
        method: "GET",
        path: "/chat.example.com/api/v4/users/me",
        reply: {
          body: {
            id: "9xkmjz7tpbgq3ms6d6ro1qhwxr",
            username: "",
            first_name: "Matt",
            last_name: "Ermost",
            email: "matt@mattermost.test",
            roles: "system_user",
          },
        },
      },
    ],
    user: { name: "Matt Ermost", email: "matt@mattermost.test", image: null },
    accountId: "9xkmjz7tpbgq3ms6d6ro1qhwxr",
    error: {
      method: "GET",
      path: "/chat.example.com/api/v4/users/me",
      reply: {
        status: 401,
        body: {
          id: "api.context.session_expired.app_error",
          message: "Invalid or expired session, please login again.",
          detailed_error: "",
          request_id: "x",
          status_code: 401,
        },
      },
    },
  },
  {
    id: "medium",
    provider: () => Medium(realHosts),
    authorize: "https://medium.com/m/oauth/authorize",
    params: { scope: "basicProfile" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    // Medium answers `scope` as an array and `expires_at` in milliseconds.
    token: {
      method: "POST",
      path: at("https://api.medium.com/v1/tokens"),
      reply: {
        status: 201,
        body: { token_type: "Bearer", access_token: ACCESS_TOKEN, refresh_token: "r", scope: ["basicProfile"], expires_at: 4426786886000 },
      },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.medium.com/v1/me"),
        reply: {
          body: {
            data: {
              id: "5303d74c64f66366f00cb9b2a94f3251bf5",
              username: "majelbstoat",
              name: "Jamie Talbot",
              url: "https://medium.com/@majelbstoat",
              imageUrl: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
            },
          },
        },
      },
    ],
    user: { name: "Jamie Talbot", image: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png" },
    accountId: "5303d74c64f66366f00cb9b2a94f3251bf5",
    error: {
      method: "GET",
      path: at("https://api.medium.com/v1/me"),
      reply: { status: 401, body: { errors: [{ message: "Token was invalid.", code: 6003 }] } },
    },
  },
  {
    id: "naver",
    provider: () => Naver(realHosts),
    authorize: "https://nid.naver.com/oauth2.0/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://nid.naver.com/oauth2.0/token"),
      reply: { body: { access_token: ACCESS_TOKEN, refresh_token: "r", token_type: "bearer", expires_in: "3600" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://openapi.naver.com/v1/nid/me"),
        reply: {
          body: {
            resultcode: "00",
            message: "success",
            response: { id: "32742776", nickname: "OpenAPI", email: "openapi@naver.test", profile_image: "https://ssl.pstatic.net/p.png", name: "오픈 API" },
          },
        },
      },
    ],
    user: { name: "OpenAPI", email: "openapi@naver.test", image: "https://ssl.pstatic.net/p.png" },
    accountId: "32742776",
    // Naver's token endpoint reports a bad code with HTTP 200.
    error: {
      method: "POST",
      path: at("https://nid.naver.com/oauth2.0/token"),
      reply: { body: { error: "invalid_request", error_description: "no valid data in session" } },
    },
  },
  {
    id: "netlify",
    provider: () => Netlify(realHosts),
    authorize: "https://app.netlify.com/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: at("https://api.netlify.com/oauth/token"),
      reply: { body: { access_token: ACCESS_TOKEN, token_type: "Bearer", created_at: 1700000000 } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.netlify.com/api/v1/user"),
        reply: {
          body: {
            id: "5c9a3e1f",
            uid: null,
            full_name: "Net Lify",
            avatar_url: "https://avatars.netlify.test/n.png",
            email: "net@netlify.test",
            site_count: 3,
          },
        },
      },
    ],
    user: { name: "Net Lify", email: "net@netlify.test", image: "https://avatars.netlify.test/n.png" },
    accountId: "5c9a3e1f",
    error: {
      method: "GET",
      path: at("https://api.netlify.com/api/v1/user"),
      reply: { status: 401, body: { code: 401, message: "Access Denied: your token is invalid" } },
    },
  },
  {
    id: "netsuite",
    provider: () =>
      NetSuite({
        ...realHosts,
        accountID: "TSTDRV1234567_SB1",
        prompt: "login",
        userinfo: "https://tstdrv1234567-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=486&deploy=1",
      }),
    authorize: "https://tstdrv1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl",
    params: { scope: "restlets rest_webservices", prompt: "login" },
    checks: ["state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: "/tstdrv1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
      reply: { body: { access_token: ACCESS_TOKEN, refresh_token: "r", expires_in: "3600", token_type: "Bearer" } },
    },
    profile: [
      {
        method: "GET",
        path: "/tstdrv1234567-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl",
        query: { script: "486", deploy: "1" },
        reply: { body: { id: 1234, name: "Net Suite", email: "ns@netsuite.test", location: 1, role: 3, roleId: "administrator", subsidiary: 1 } },
      },
    ],
    user: { name: "Net Suite", email: "ns@netsuite.test", image: null },
    accountId: "1234",
    error: { method: "POST", path: "/tstdrv1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token", reply: oauthError() },
  },
  {
    id: "nextcloud",
    provider: () => Nextcloud({ ...realHosts, issuer: "https://cloud.example.com" }),
    authorize: "https://cloud.example.com/apps/oauth2/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    // The token answer names the account: the OCS user request goes to /cloud/users/<user_id>.
    token: {
      method: "POST",
      path: "/cloud.example.com/apps/oauth2/api/v1/token",
      reply: { body: { access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 3600, refresh_token: "r", user_id: "alice" } },
    },
    profile: [
      {
        method: "GET",
        path: "/cloud.example.com/ocs/v1.php/cloud/users/alice",
        headers: { "ocs-apirequest": "true", accept: "application/json" },
        reply: {
          body: {
            ocs: {
              meta: { status: "ok", statuscode: 100, message: "OK" },
              data: { id: "alice", displayname: "Alice Cloud", email: "alice@nextcloud.test", enabled: true },
            },
          },
        },
      },
    ],
    user: { name: "Alice Cloud", email: "alice@nextcloud.test", image: "https://cloud.example.com/avatar/alice/512" },
    accountId: "alice",
    error: {
      method: "GET",
      path: "/cloud.example.com/ocs/v1.php/cloud/users/alice",
      reply: { status: 401, body: { ocs: { meta: { status: "failure", statuscode: 997, message: "Current user is not logged in" }, data: [] } } },
    },
  },
  {
    id: "notion",
    provider: () => Notion(realHosts),
    authorize: "https://api.notion.com/v1/oauth/authorize",
    params: { owner: "user" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: at("https://api.notion.com/v1/oauth/token"),
      reply: {
        body: {
          access_token: ACCESS_TOKEN,
          token_type: "bearer",
          bot_id: "b3414d65",
          workspace_name: "Acme",
          workspace_icon: null,
          workspace_id: "w-1",
          owner: { type: "user", user: { object: "user", id: "e79a0b74" } },
          duplicated_template_id: null,
          request_id: "f2b6",
        },
      },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.notion.com/v1/users/me"),
        headers: { "notion-version": "2022-06-28" },
        reply: {
          body: {
            object: "user",
            id: "b3414d65",
            type: "bot",
            name: "Acme integration",
            avatar_url: null,
            bot: {
              owner: {
                type: "user",
                user: {
                  object: "user",
                  id: "e79a0b74",
                  name: "Avocado Lovelace",
                  avatar_url: "https://secure.notion-static.com/e6a352a8.jpg",
                  type: "person",
                  person: { email: "avo@notion.test" },
                },
              },
              workspace_name: "Acme",
            },
          },
        },
      },
    ],
    user: { name: "Avocado Lovelace", email: "avo@notion.test", image: "https://secure.notion-static.com/e6a352a8.jpg" },
    accountId: "e79a0b74",
    error: {
      method: "GET",
      path: at("https://api.notion.com/v1/users/me"),
      reply: { status: 401, body: { object: "error", status: 401, code: "unauthorized", message: "API token is invalid." } },
    },
  },
  {
    id: "osso",
    provider: () => Osso({ ...realHosts, issuer: "https://demo.ossoapp.com/" }),
    authorize: "https://demo.ossoapp.com/oauth/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: { method: "POST", path: "/demo.ossoapp.com/oauth/token", reply: { body: { access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 600 } } },
    profile: [
      {
        method: "GET",
        path: "/demo.ossoapp.com/oauth/me",
        reply: {
          body: { id: "c0d9d1a5-0b8b-4e5a-8a5b-2b53b3ad5d4f", email: "sam@example.com", idp: "OKTA", requested: { domain: "example.com", email: null } },
        },
      },
    ],
    user: { name: null, email: "sam@example.com", image: null },
    accountId: "c0d9d1a5-0b8b-4e5a-8a5b-2b53b3ad5d4f",
    error: { method: "POST", path: "/demo.ossoapp.com/oauth/token", reply: oauthError(401) },
  },
  {
    id: "osu",
    provider: () => Osu(realHosts),
    authorize: "https://osu.ppy.sh/oauth/authorize",
    params: { scope: "identify" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://osu.ppy.sh/oauth/token"),
      reply: { body: { token_type: "Bearer", expires_in: 86400, access_token: ACCESS_TOKEN, refresh_token: "r" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://osu.ppy.sh/api/v2/me"),
        reply: { body: { id: 2, username: "peppy", avatar_url: "https://a.ppy.sh/2?1.jpeg", country_code: "AU", is_bot: false, playmode: "osu" } },
      },
    ],
    user: { name: "peppy", image: "https://a.ppy.sh/2?1.jpeg" },
    accountId: "2",
    error: { method: "GET", path: at("https://osu.ppy.sh/api/v2/me"), reply: { status: 401, body: { authentication: "basic" } } },
  },
  {
    id: "patreon",
    provider: () => Patreon(realHosts),
    authorize: "https://www.patreon.com/oauth2/authorize",
    params: { scope: "identity identity[email]" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://www.patreon.com/api/oauth2/token"),
      reply: { body: { access_token: ACCESS_TOKEN, refresh_token: "r", expires_in: 2678400, scope: "identity identity[email]", token_type: "Bearer" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://www.patreon.com/api/oauth2/api/current_user"),
        reply: {
          body: {
            data: {
              id: "1234567",
              type: "user",
              attributes: { full_name: "Pat Reon", email: "pat@patreon.test", image_url: "https://c8.patreon.com/2/200/1234567" },
            },
            links: { self: "https://www.patreon.com/api/user/1234567" },
          },
        },
      },
    ],
    user: { name: "Pat Reon", email: "pat@patreon.test", image: "https://c8.patreon.com/2/200/1234567" },
    accountId: "1234567",
    error: {
      method: "GET",
      path: at("https://www.patreon.com/api/oauth2/api/current_user"),
      reply: {
        status: 401,
        body: {
          errors: [
            {
              code: 1,
              code_name: "Unauthorized",
              detail: "The server could not verify that you are authorized to access the URL requested.",
              id: "x",
              status: "401",
              title: "Unauthorized",
            },
          ],
        },
      },
    },
  },
  {
    id: "pinterest",
    provider: () => Pinterest(realHosts),
    authorize: "https://www.pinterest.com/oauth",
    params: { scope: "user_accounts:read" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: at("https://api.pinterest.com/v5/oauth/token"),
      reply: {
        body: {
          access_token: ACCESS_TOKEN,
          refresh_token: "r",
          response_type: "authorization_code",
          token_type: "bearer",
          expires_in: 2592000,
          refresh_token_expires_in: 31536000,
          scope: "user_accounts:read",
        },
      },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.pinterest.com/v5/user_account"),
        reply: { body: { account_type: "PINNER", profile_image: "https://i.pinimg.com/p.jpg", website_url: "", username: "pinfan" } },
      },
    ],
    user: { name: "pinfan", image: "https://i.pinimg.com/p.jpg" },
    accountId: "pinfan",
    error: {
      method: "GET",
      path: at("https://api.pinterest.com/v5/user_account"),
      reply: { status: 401, body: { code: 2, message: "Authentication failed." } },
    },
  },
  {
    id: "pipedrive",
    provider: () => Pipedrive(realHosts),
    authorize: "https://oauth.pipedrive.com/oauth/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: at("https://oauth.pipedrive.com/oauth/token"),
      reply: {
        body: {
          access_token: ACCESS_TOKEN,
          token_type: "Bearer",
          refresh_token: "r",
          scope: "base",
          expires_in: 3599,
          api_domain: "https://acme.pipedrive.com",
        },
      },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.pipedrive.com/v1/users/me"),
        reply: {
          body: { success: true, data: { id: 123, name: "Pipe Drive", email: "pipe@pipedrive.test", icon_url: "https://pipedrive.test/i.png", company_id: 9 } },
        },
      },
    ],
    user: { name: "Pipe Drive", email: "pipe@pipedrive.test", image: "https://pipedrive.test/i.png" },
    accountId: "123",
    error: {
      method: "GET",
      path: at("https://api.pipedrive.com/v1/users/me"),
      reply: { status: 401, body: { success: false, error: "unauthorized access", errorCode: 401, error_info: "Please check developers.pipedrive.com" } },
    },
  },
  {
    id: "strava",
    provider: () => Strava(realHosts),
    authorize: "https://www.strava.com/api/v3/oauth/authorize",
    params: { scope: "read", approval_prompt: "auto" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://www.strava.com/api/v3/oauth/token"),
      reply: {
        body: {
          token_type: "Bearer",
          expires_at: 1568775134,
          expires_in: 21600,
          refresh_token: "r",
          access_token: ACCESS_TOKEN,
          athlete: { id: 134815, firstname: "Marianne" },
        },
      },
    },
    profile: [
      {
        method: "GET",
        path: at("https://www.strava.com/api/v3/athlete"),
        reply: {
          body: {
            id: 134815,
            username: "marianne_t",
            resource_state: 3,
            firstname: "Marianne",
            lastname: "Teutenberg",
            profile: "https://dgalywyr863hv.cloudfront.net/l.jpg",
            profile_medium: "https://dgalywyr863hv.cloudfront.net/m.jpg",
          },
        },
      },
    ],
    user: { name: "Marianne Teutenberg", image: "https://dgalywyr863hv.cloudfront.net/l.jpg" },
    accountId: "134815",
    error: {
      method: "GET",
      path: at("https://www.strava.com/api/v3/athlete"),
      reply: { status: 401, body: { message: "Authorization Error", errors: [{ resource: "Athlete", field: "access_token", code: "invalid" }] } },
    },
  },
  {
    id: "threads",
    provider: () => Threads(realHosts),
    authorize: "https://threads.net/oauth/authorize",
    params: { scope: "threads_basic" },
    checks: ["state"],
    clientAuth: "client_secret_post",
    token: { method: "POST", path: at("https://graph.threads.net/oauth/access_token"), reply: { body: { access_token: ACCESS_TOKEN, user_id: 1234567890 } } },
    profile: [
      {
        method: "GET",
        path: at("https://graph.threads.net/v1.0/me"),
        query: { fields: "id,username,threads_profile_picture_url" },
        reply: { body: { id: "1234567890", username: "threadsapitestuser", threads_profile_picture_url: "https://scontent.cdninstagram.com/t.jpg" } },
      },
    ],
    user: { name: "threadsapitestuser", image: "https://scontent.cdninstagram.com/t.jpg" },
    accountId: "1234567890",
    error: {
      method: "GET",
      path: at("https://graph.threads.net/v1.0/me"),
      reply: {
        status: 400,
        body: { error: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190, fbtrace_id: "AbC" } },
      },
    },
  },
  {
    id: "todoist",
    provider: () => Todoist(realHosts),
    authorize: "https://todoist.com/oauth/authorize",
    params: { scope: "data:read" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: { method: "POST", path: at("https://todoist.com/oauth/access_token"), reply: { body: { access_token: ACCESS_TOKEN, token_type: "Bearer" } } },
    profile: [
      {
        method: "POST",
        path: at("https://api.todoist.com/sync/v9/sync"),
        json: { sync_token: "*", resource_types: '["user"]' },
        headers: { "content-type": "application/json" },
        reply: {
          body: {
            full_sync: true,
            sync_token: "x",
            user: { id: "2671355", email: "me@todoist.test", full_name: "Todo Ist", avatar_big: "https://dcff1xvirvpfp.cloudfront.net/b.jpg" },
          },
        },
      },
    ],
    user: { name: "Todo Ist", email: "me@todoist.test", image: "https://dcff1xvirvpfp.cloudfront.net/b.jpg" },
    accountId: "2671355",
    error: {
      method: "POST",
      path: at("https://api.todoist.com/sync/v9/sync"),
      reply: { status: 403, body: { error: "Invalid token", error_code: 401, error_extra: {}, error_tag: "AUTH_INVALID_TOKEN", http_code: 403 } },
    },
  },
  {
    id: "trakt",
    provider: () => Trakt(realHosts),
    authorize: "https://trakt.tv/oauth/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://api.trakt.tv/oauth/token"),
      reply: { body: { access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 7776000, refresh_token: "r", scope: "public", created_at: 1487889741 } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.trakt.tv/users/me"),
        query: { extended: "full" },
        headers: { "trakt-api-version": "2", "trakt-api-key": CLIENT_ID },
        reply: {
          body: {
            username: "sean",
            private: false,
            name: "Sean Rudford",
            vip: true,
            vip_ep: false,
            ids: { slug: "sean" },
            images: { avatar: { full: "https://walter.trakt.tv/a.jpg" } },
          },
        },
      },
    ],
    user: { name: "Sean Rudford", image: "https://walter.trakt.tv/a.jpg" },
    accountId: "sean",
    error: {
      method: "GET",
      path: at("https://api.trakt.tv/users/me"),
      reply: { status: 401, body: { error: "invalid_token", error_description: "The access token provided is invalid" } },
    },
  },
  {
    id: "vk",
    provider: () => VK(realHosts),
    authorize: "https://oauth.vk.com/authorize",
    params: { scope: "email", v: "5.131" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    // The e-mail address comes only in the token answer.
    token: {
      method: "POST",
      path: at("https://oauth.vk.com/access_token"),
      query: { v: "5.131" },
      reply: { body: { access_token: ACCESS_TOKEN, expires_in: 86400, user_id: 8492, email: "durov@vk.test" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.vk.com/method/users.get"),
        query: { fields: "photo_100", v: "5.131" },
        reply: {
          body: {
            response: [
              { id: 8492, first_name: "Pavel", last_name: "Durov", photo_100: "https://sun1.userapi.com/p100.jpg", can_access_closed: true, is_closed: false },
            ],
          },
        },
      },
    ],
    user: { name: "Pavel Durov", email: "durov@vk.test", image: "https://sun1.userapi.com/p100.jpg" },
    accountId: "8492",
    // VK's API errors come with HTTP 200.
    error: {
      method: "GET",
      path: at("https://api.vk.com/method/users.get"),
      reply: { body: { error: { error_code: 5, error_msg: "User authorization failed: invalid access_token (4).", request_params: [] } } },
    },
  },
  {
    id: "webex",
    provider: () => Webex(realHosts),
    authorize: "https://webexapis.com/v1/authorize",
    params: { scope: "spark:kms spark:people_read" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://webexapis.com/v1/access_token"),
      reply: { body: { access_token: ACCESS_TOKEN, expires_in: 1209600, refresh_token: "r", refresh_token_expires_in: 7776000, token_type: "Bearer" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://webexapis.com/v1/people/me"),
        reply: {
          body: {
            id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS8x",
            emails: ["web@webex.test", "alt@webex.test"],
            displayName: "Web Ex",
            avatar: "https://avatar-prod.webexcontent.com/a",
            orgId: "o",
          },
        },
      },
    ],
    user: { name: "Web Ex", email: "web@webex.test", image: "https://avatar-prod.webexcontent.com/a" },
    accountId: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS8x",
    error: {
      method: "GET",
      path: at("https://webexapis.com/v1/people/me"),
      reply: {
        status: 401,
        body: {
          message: "The request requires a valid access token set in the Authorization request header.",
          errors: [{ description: "The request requires a valid access token." }],
          trackingId: "ROUTER_1",
        },
      },
    },
  },
  {
    id: "wechat",
    provider: () => WeChat(realHosts),
    authorize: "https://open.weixin.qq.com/connect/oauth2/authorize",
    params: { appid: CLIENT_ID, scope: "snsapi_userinfo" },
    checks: ["state"],
    clientAuth: "wechat",
    // WeChat's token call is a GET with appid and secret; the answer has openid and unionid, no token_type.
    token: {
      method: "GET",
      path: at("https://api.weixin.qq.com/sns/oauth2/access_token"),
      query: { appid: CLIENT_ID, secret: CLIENT_SECRET, code: CODE, grant_type: "authorization_code" },
      authorization: "",
      reply: {
        body: {
          access_token: ACCESS_TOKEN,
          expires_in: 7200,
          refresh_token: "r",
          openid: "oLVPpjqs9BhvzwPj5A-vTYAX3GLc",
          scope: "snsapi_userinfo",
          unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
        },
      },
    },
    profile: [
      {
        method: "GET",
        path: at("https://api.weixin.qq.com/sns/userinfo"),
        query: { access_token: ACCESS_TOKEN, openid: "oLVPpjqs9BhvzwPj5A-vTYAX3GLc", lang: "zh_CN" },
        authorization: "",
        reply: {
          body: {
            openid: "oLVPpjqs9BhvzwPj5A-vTYAX3GLc",
            nickname: "微信用户",
            sex: 1,
            province: "广东",
            city: "广州",
            country: "中国",
            headimgurl: "https://thirdwx.qlogo.cn/mmopen/x/132",
            privilege: [],
            unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
          },
        },
      },
    ],
    user: { name: "微信用户", image: "https://thirdwx.qlogo.cn/mmopen/x/132" },
    accountId: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
    // WeChat's token errors come with HTTP 200.
    error: { method: "GET", path: at("https://api.weixin.qq.com/sns/oauth2/access_token"), reply: { body: { errcode: 40029, errmsg: "invalid code" } } },
  },
  {
    id: "wikimedia",
    provider: () => Wikimedia(realHosts),
    authorize: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: at("https://meta.wikimedia.org/w/rest.php/oauth2/access_token"),
      reply: { body: { token_type: "Bearer", expires_in: 14400, access_token: ACCESS_TOKEN, refresh_token: "r" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile"),
        reply: {
          body: {
            sub: 46618563,
            username: "Wiki Pedian",
            editcount: 12,
            confirmed_email: true,
            blocked: false,
            registered: "20200101000000",
            groups: ["*", "user"],
            rights: ["read"],
            grants: ["basic"],
            realname: "Wiki",
            email: "wp@wikimedia.test",
          },
        },
      },
    ],
    user: { name: "Wiki Pedian", email: "wp@wikimedia.test", image: null },
    accountId: "46618563",
    error: {
      method: "GET",
      path: at("https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile"),
      reply: { status: 401, body: { error: "invalid_request", error_description: "The access token is invalid", message: "The access token is invalid" } },
    },
  },
  {
    id: "wordpress",
    provider: () => WordPress(realHosts),
    authorize: "https://public-api.wordpress.com/oauth2/authorize",
    params: { scope: "auth" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://public-api.wordpress.com/oauth2/token"),
      reply: { body: { access_token: ACCESS_TOKEN, blog_id: "0", blog_url: null, token_type: "bearer", scope: "auth" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://public-api.wordpress.com/rest/v1/me"),
        reply: {
          body: {
            ID: 5678,
            display_name: "Word Press",
            username: "wordpress",
            email: "wp@wordpress.test",
            avatar_URL: "https://0.gravatar.com/avatar/x",
            email_verified: true,
          },
        },
      },
    ],
    user: { name: "Word Press", email: "wp@wordpress.test", image: "https://0.gravatar.com/avatar/x" },
    accountId: "5678",
    error: {
      method: "GET",
      path: at("https://public-api.wordpress.com/rest/v1/me"),
      reply: {
        status: 403,
        body: { error: "authorization_required", message: "An active access token must be used to query information about the current user." },
      },
    },
  },
  {
    id: "yandex",
    provider: () => Yandex(realHosts),
    authorize: "https://oauth.yandex.ru/authorize",
    params: { scope: "login:info login:email login:avatar" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      method: "POST",
      path: at("https://oauth.yandex.ru/token"),
      reply: { body: { access_token: ACCESS_TOKEN, expires_in: 31536000, refresh_token: "r", token_type: "bearer" } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://login.yandex.ru/info"),
        query: { format: "json" },
        authorization: `OAuth ${ACCESS_TOKEN}`,
        reply: {
          body: {
            id: "1000034426",
            login: "ivan",
            client_id: CLIENT_ID,
            display_name: "Ivan",
            real_name: "Ivan Ivanov",
            default_email: "ivan@yandex.test",
            emails: ["ivan@yandex.test"],
            is_avatar_empty: false,
            default_avatar_id: "131652443",
            psuid: "1.AAA",
          },
        },
      },
    ],
    user: { name: "Ivan", email: "ivan@yandex.test", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" },
    accountId: "1000034426",
    error: { method: "GET", path: at("https://login.yandex.ru/info"), reply: { status: 401, body: "", headers: { "content-type": "text/plain" } } },
  },
  {
    id: "zoho",
    provider: () => Zoho(realHosts),
    authorize: "https://accounts.zoho.com/oauth/v2/auth",
    params: { scope: "AaaServer.profile.Read" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      method: "POST",
      path: at("https://accounts.zoho.com/oauth/v2/token"),
      reply: { body: { access_token: ACCESS_TOKEN, refresh_token: "r", api_domain: "https://www.zohoapis.com", token_type: "Bearer", expires_in: 3600 } },
    },
    profile: [
      {
        method: "GET",
        path: at("https://accounts.zoho.com/oauth/user/info"),
        authorization: `Zoho-oauthtoken ${ACCESS_TOKEN}`,
        reply: { body: { First_Name: "Zo", Email: "zo@zoho.test", Last_Name: "Ho", Display_Name: "zoho.user", ZUID: 64291384 } },
      },
    ],
    user: { name: "Zo Ho", email: "zo@zoho.test", image: null },
    accountId: "64291384",
    // Zoho's token endpoint reports a bad code with HTTP 200.
    error: { method: "POST", path: at("https://accounts.zoho.com/oauth/v2/token"), reply: { body: { error: "invalid_code" } } },
  },
];

interface Flow {
  authorizeUrl: URL;
  callback: Response;
  session: { user?: { name?: string | null; email?: string | null; image?: string | null } } | null;
  account?: Account;
  profile?: Profile;
  requests: RecordedRequest[];
}

/** Sign-in → authorization URL → (the provider's answers) → callback → session, all through `Auth()`. */
async function signInFlow(provider: OAuthConfig<never>, prepare: (authorizeUrl: URL) => void): Promise<Flow> {
  const seen: { account?: Account; profile?: Profile } = {};
  const config = testConfig({
    providers: [provider],
    events: {
      signIn: ({ account, profile }) => {
        seen.account = account ?? undefined;
        seen.profile = profile;
      },
    },
  });
  const { jar, csrfToken } = await csrf(config, new CookieJar());
  const start = await Auth(postForm(`/auth/signin/${provider.id}`, { csrfToken, callbackUrl: `${ORIGIN}/dashboard` }, { cookie: jar.header }), config);
  expect(start.status, `sign-in with ${provider.id}`).toBe(302);
  jar.update(start);
  const authorizeUrl = new URL(start.headers.get("location")!);
  prepare(authorizeUrl);
  const from = server.requests.length;
  const answer = new URLSearchParams({ code: CODE });
  const state = authorizeUrl.searchParams.get("state");
  if (state) answer.set("state", state);
  const callback = await Auth(get(`/auth/callback/${provider.id}?${answer}`, { cookie: jar.header }), config);
  jar.update(callback);
  const session = (await (await Auth(get("/auth/session", { cookie: jar.header }), config)).json()) as Flow["session"];
  return { authorizeUrl, callback, session, ...seen, requests: server.requests.slice(from) };
}

/** Registers a row's routes (token, profile), then `override` (the error answer). */
function serve(row: Row, authorizeUrl: URL, override?: Row["error"]) {
  const nonce = authorizeUrl.searchParams.get("nonce") ?? undefined;
  for (const route of [row.token, ...row.profile]) {
    server.on(route.method, route.path, () => (typeof route.reply === "function" ? route.reply({ nonce }) : route.reply));
  }
  if (override) server.on(override.method, override.path, () => override.reply);
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function basicCredentials(header: string | undefined): [string, string] | undefined {
  const match = /^Basic (.+)$/.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
  return [decode(decoded.slice(0, colon)), decode(decoded.slice(colon + 1))];
}

function checkRoute(route: Route, request: RecordedRequest | undefined, bearer: boolean) {
  expect(request, `${route.method} ${route.path}`).toBeDefined();
  expect(request!.method).toBe(route.method);
  if (route.query) expect(Object.fromEntries(request!.query), `query of ${route.path}`).toEqual(route.query);
  const expectedAuth = route.authorization ?? (bearer ? `Bearer ${ACCESS_TOKEN}` : undefined);
  if (expectedAuth !== undefined) expect(request!.headers.authorization ?? "", `Authorization of ${route.path}`).toBe(expectedAuth);
  for (const [name, value] of Object.entries(route.headers ?? {})) expect(request!.headers[name], `${name} of ${route.path}`).toContain(value);
  if (route.json !== undefined) expect(JSON.parse(request!.body)).toEqual(route.json);
}

describe("the second half of the catalogue, each against its documented wire format", () => {
  for (const row of ROWS) {
    describe(row.id, () => {
      it("signs a user in and maps the profile", async () => {
        const provider = row.provider();
        expect(provider.id).toBe(row.id);
        let nonce: string | undefined;
        const flow = await signInFlow(provider, (url) => {
          nonce = url.searchParams.get("nonce") ?? undefined;
          serve(row, url);
        });

        // 1. The authorization request.
        const auth = flow.authorizeUrl;
        expect(`${auth.origin}${auth.pathname}`).toBe(row.authorize);
        expect(auth.searchParams.get("client_id")).toBe(CLIENT_ID);
        expect(auth.searchParams.get("response_type")).toBe("code");
        expect(auth.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/${row.id}`);
        for (const [name, value] of Object.entries(row.params ?? {})) expect(auth.searchParams.get(name), `authorization parameter ${name}`).toBe(value);
        const uses = (check: Check) => row.checks.includes(check);
        expect(auth.searchParams.has("code_challenge"), "PKCE").toBe(uses("pkce"));
        expect(auth.searchParams.has("state"), "state").toBe(uses("state"));
        expect(auth.searchParams.has("nonce"), "nonce").toBe(uses("nonce"));
        expect(nonce !== undefined).toBe(uses("nonce"));

        // 2. The token request.
        const tokenRequests = flow.requests.filter((r) => r.path === row.token.path);
        expect(tokenRequests).toHaveLength(1);
        const tokenRequest = tokenRequests[0]!;
        checkRoute(row.token, tokenRequest, false);
        if (row.clientAuth !== "wechat") {
          expect(tokenRequest.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
          const form = tokenRequest.form;
          expect(form.get("grant_type")).toBe("authorization_code");
          expect(form.get("code")).toBe(CODE);
          expect(form.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/${row.id}`);
          if (uses("pkce")) expect(s256(form.get("code_verifier")!)).toBe(auth.searchParams.get("code_challenge"));
          else expect(form.has("code_verifier")).toBe(false);
          if (row.clientAuth === "client_secret_basic") {
            expect(basicCredentials(tokenRequest.headers.authorization)).toEqual([CLIENT_ID, CLIENT_SECRET]);
            expect(form.has("client_secret")).toBe(false);
          } else {
            expect(tokenRequest.headers.authorization).toBeUndefined();
            expect(form.get("client_id")).toBe(CLIENT_ID);
            expect(form.get("client_secret")).toBe(CLIENT_SECRET);
          }
        }

        // 3. The profile requests.
        for (const route of row.profile)
          checkRoute(
            route,
            flow.requests.find((r) => r.path === route.path && r.method === route.method),
            true,
          );
        const known = new Set([row.token.path, ...row.profile.map((r) => r.path)]);
        const others = flow.requests.filter((r) => !known.has(r.path) && !/\.well-known|\/jwks$/.test(r.path));
        expect(others.map((r) => `${r.method} ${r.path}`)).toEqual([]);

        // 4. Signed in, with the mapped profile.
        expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
        expect(flow.session?.user).toMatchObject(Object.fromEntries(Object.entries(row.user).filter(([, v]) => v !== null)));
        for (const [key, value] of Object.entries(row.user)) if (value === null) expect(flow.session?.user?.[key as keyof typeof row.user] ?? null).toBeNull();
        if (!("email" in row.user)) expect(flow.session?.user).not.toHaveProperty("email");
        expect(flow.account).toMatchObject({ provider: row.id, type: provider.type, providerAccountId: row.accountId, access_token: ACCESS_TOKEN });
      });

      it("fails the sign-in on the provider's documented error answer", async () => {
        const flow = await signInFlow(row.provider(), (url) => serve(row, url, row.error));
        expect(flow.requests.some((r) => r.path === row.error.path && r.method === row.error.method)).toBe(true);
        expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
        expect(flow.callback.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
        expect(flow.session).toBeNull();
      });
    });
  }
});

/** `{ url, params }` of an endpoint given as a URL (with a query) or `{ url, params }`, the query merged into `params`. */
function endpoint(value: unknown): { url?: string; params: Record<string, string> } {
  const raw = typeof value === "string" ? { url: value } : ((value ?? {}) as { url?: string; params?: Record<string, unknown> });
  const params: Record<string, string> = {};
  let url: string | undefined;
  if (raw.url) {
    const parsed = new URL(raw.url);
    for (const [key, val] of parsed.searchParams) params[key] = val;
    url = `${parsed.origin}${parsed.pathname}`;
  }
  for (const [key, val] of Object.entries(raw.params ?? {})) if (typeof val === "string") params[key] = val;
  return { url, params };
}

describe("the same ids, endpoints, scopes and checks as @auth/core's providers", async () => {
  const modules = [
    "line",
    "logto",
    "mailchimp",
    "mailru",
    "mastodon",
    "mattermost",
    "medium",
    "naver",
    "netlify",
    "netsuite",
    "nextcloud",
    "notion",
    "onelogin",
    "ory-hydra",
    "osso",
    "osu",
    "passage",
    "patreon",
    "ping-id",
    "pinterest",
    "pipedrive",
    "roblox",
    "simplelogin",
    "strava",
    "threads",
    "todoist",
    "trakt",
    "united-effects",
    "vipps",
    "vk",
    "webex",
    "wechat",
    "wikimedia",
    "wordpress",
    "yandex",
    "zitadel",
    "zoho",
  ];
  // Osso's Auth.js URLs are `${issuer}oauth/…`: its issuer is documented with a trailing slash.
  const options = (name: string) => ({
    clientId: "id",
    clientSecret: "secret",
    issuer: name === "osso" ? "https://sso.example.com/" : "https://sso.example.com",
    accountID: "TSTDRV1",
  });
  /**
   * Userinfo URLs that differ on purpose: Pipedrive's documented `/v1/users/me`; NetSuite's is the user's
   * RESTlet; Notion's and Todoist's name the URL their `request` really calls (Auth.js keeps
   * `/v1/users` and none, and calls `/v1/users/me` and the Sync API).
   */
  const userinfoDiffers = new Set(["pipedrive", "netsuite", "notion", "todoist"]);
  for (const name of modules) {
    it(name, async () => {
      const ours = ((await import(`./${name}.js`)) as { default: (o: object) => OAuthConfig }).default(options(name));
      const theirs = ((await import(`@auth/core/providers/${name}`)) as { default: (o: object) => Record<string, unknown> }).default(options(name));
      expect(ours.id).toBe(theirs.id);
      expect(ours.name).toBe(theirs.name);
      expect(ours.type).toBe(theirs.type);
      expect(ours.issuer).toBe(theirs.issuer);
      expect(ours.wellKnown).toBe(theirs.wellKnown);
      expect(ours.checks).toEqual(theirs.checks);
      expect(ours.idToken).toBe(theirs.idToken);
      const [a, b] = [endpoint(ours.authorization), endpoint(theirs.authorization)];
      expect(a.url).toBe(b.url);
      expect(a.params.scope ?? "").toBe(b.params.scope ?? "");
      expect(endpoint(ours.token).url).toBe(endpoint(theirs.token).url);
      if (!userinfoDiffers.has(name)) expect(endpoint(ours.userinfo)).toEqual({ url: endpoint(theirs.userinfo).url, params: endpoint(theirs.userinfo).params });
    });
  }
});

describe("provider options", () => {
  it("Mastodon, Mattermost, Nextcloud, Osso: the server URL from `issuer`, else AUTH_<ID>_ISSUER; a bad URL names the option", () => {
    expect(endpoint(Mastodon({ issuer: "https://mastodon.social/" }).token).url).toBe("https://mastodon.social/oauth/token");
    const saved = process.env.AUTH_NEXTCLOUD_ISSUER;
    process.env.AUTH_NEXTCLOUD_ISSUER = "https://cloud.example.org/nc";
    try {
      expect(endpoint(Nextcloud().authorization).url).toBe("https://cloud.example.org/nc/apps/oauth2/authorize");
      expect(endpoint(Nextcloud({ issuer: "https://other.example" }).token).url).toBe("https://other.example/apps/oauth2/api/v1/token");
    } finally {
      if (saved === undefined) delete process.env.AUTH_NEXTCLOUD_ISSUER;
      else process.env.AUTH_NEXTCLOUD_ISSUER = saved;
    }
    expect(() => Mattermost({ issuer: "chat.example.com" })).toThrow(/Mattermost: `issuer` must be an absolute http\(s\) URL/);
    expect(() => Osso({ issuer: "javascript:alert(1)" })).toThrow(/Osso: `issuer` must be an http\(s\) URL/);
    // Without a server URL there are no endpoints: signing in is a configuration error, not a request to "undefined".
    expect(Mastodon().token).toBeUndefined();
  });

  it("OneLogin: discovery at <issuer>/oidc/2/.well-known/openid-configuration, the issuer from the options or AUTH_ONELOGIN_ISSUER", () => {
    expect(OneLogin({ issuer: "https://acme.onelogin.com/" }).wellKnown).toBe("https://acme.onelogin.com/oidc/2/.well-known/openid-configuration");
    const saved = process.env.AUTH_ONELOGIN_ISSUER;
    process.env.AUTH_ONELOGIN_ISSUER = "https://env.onelogin.com";
    try {
      expect(OneLogin().wellKnown).toBe("https://env.onelogin.com/oidc/2/.well-known/openid-configuration");
    } finally {
      if (saved === undefined) delete process.env.AUTH_ONELOGIN_ISSUER;
      else process.env.AUTH_ONELOGIN_ISSUER = saved;
    }
  });

  it("NetSuite: accountID makes the account domains (lower case, _ as -) and refuses anything else", () => {
    const provider = NetSuite({ accountID: "TSTDRV1234567_SB1" });
    expect(endpoint(provider.authorization).url).toBe("https://tstdrv1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl");
    expect(endpoint(provider.token).url).toBe("https://tstdrv1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token");
    expect(endpoint(NetSuite({ accountID: "1", scope: "restlets" }).authorization).params.scope).toBe("restlets");
    expect(() => NetSuite({ accountID: "evil.com/x?" })).toThrow(/NetSuite: `accountID`/);
  });

  it("WeChat: platformType WebsiteApp signs in with a QR code (qrconnect, snsapi_login)", () => {
    const website = endpoint(WeChat({ platformType: "WebsiteApp" }).authorization);
    expect(website).toMatchObject({ url: "https://open.weixin.qq.com/connect/qrconnect", params: { scope: "snsapi_login" } });
    expect(endpoint(WeChat().authorization)).toMatchObject({
      url: "https://open.weixin.qq.com/connect/oauth2/authorize",
      params: { scope: "snsapi_userinfo" },
    });
  });

  it("WeChat: a unionid-less account (an app not bound to the Open Platform) is identified by its openid", async () => {
    const row = ROWS.find((r) => r.id === "wechat")!;
    const flow = await signInFlow(row.provider(), (url) => {
      serve(row, url);
      server.on("GET", at("https://api.weixin.qq.com/sns/userinfo"), () => ({ body: { openid: "oOnly", nickname: "N", headimgurl: "", privilege: [] } }));
    });
    expect(flow.account?.providerAccountId).toBe("oOnly");
    // WeChat's in-app authorization URL ends with the #wechat_redirect fragment it requires.
    expect(flow.authorizeUrl.hash).toBe("#wechat_redirect");
  });

  it("Webex: apiBaseUrl moves authorization, token and profile", () => {
    const provider = Webex({ apiBaseUrl: "https://api-usgov.webex.com/v1/" });
    expect(endpoint(provider.authorization).url).toBe("https://api-usgov.webex.com/v1/authorize");
    expect(endpoint(provider.token).url).toBe("https://api-usgov.webex.com/v1/access_token");
    expect(endpoint(provider.userinfo).url).toBe("https://api-usgov.webex.com/v1/people/me");
  });

  it("United Effects: `resource` is the issuer as finally configured (AUTH_UNITED_EFFECTS_ISSUER included)", async () => {
    const saved = process.env.AUTH_UNITED_EFFECTS_ISSUER;
    process.env.AUTH_UNITED_EFFECTS_ISSUER = issuers["united-effects"];
    try {
      const config = testConfig({ providers: [((o: object) => UnitedEffects({ ...credentials, ...o })) as unknown as OAuthConfig] });
      const { jar, csrfToken } = await csrf(config, new CookieJar());
      const start = await Auth(postForm("/auth/signin/united-effects", { csrfToken }, { cookie: jar.header }), config);
      expect(new URL(start.headers.get("location")!).searchParams.get("resource")).toBe(issuers["united-effects"]);
    } finally {
      if (saved === undefined) delete process.env.AUTH_UNITED_EFFECTS_ISSUER;
      else process.env.AUTH_UNITED_EFFECTS_ISSUER = saved;
    }
  });

  it("Notion: an integration owned by a workspace (no bot.owner.user) fails the sign-in", async () => {
    const row = ROWS.find((r) => r.id === "notion")!;
    const flow = await signInFlow(row.provider(), (url) => {
      serve(row, url);
      server.on("GET", at("https://api.notion.com/v1/users/me"), () => ({
        body: { object: "user", id: "b", type: "bot", bot: { owner: { type: "workspace", workspace: true } } },
      }));
    });
    expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
  });
});

describe("the second half as a whole", () => {
  const all = () => ROWS.map((row) => row.provider());

  it("GET /providers lists each with its callback URL; the sign-in page shows each name with a bundled logo", async () => {
    const config = testConfig({ providers: all() });
    const listed = (await (await Auth(get("/auth/providers"), config)).json()) as Record<string, { callbackUrl: string; signinUrl: string }>;
    for (const row of ROWS) {
      expect(listed[row.id], row.id).toMatchObject({ callbackUrl: `${ORIGIN}/auth/callback/${row.id}`, signinUrl: `${ORIGIN}/auth/signin/${row.id}` });
    }
    const page = await Auth(get("/auth/signin"), config);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const provider of all()) {
      expect(html).toContain(String(provider.name).replace("'", "&#39;"));
      // simple-icons where it has the brand, a neutral letter mark otherwise: every button has a logo.
      expect(html, `logo of ${provider.id}`).toMatch(new RegExp(`/auth/assets/logos/${provider.id}\\.(fff|000)\\.[0-9a-f]{10}\\.svg`));
    }
  });

  it("every provider has a brand colour, keeps the user's options under `options`, and maps a profile", () => {
    const factories = {
      LINE,
      Logto,
      Mailchimp,
      Mailru,
      Mastodon,
      Mattermost,
      Medium,
      Naver,
      Netlify,
      NetSuite,
      Nextcloud,
      Notion,
      OneLogin,
      OryHydra,
      Osso,
      Osu,
      Passage,
      Patreon,
      PingId,
      Pinterest,
      Pipedrive,
      Roblox,
      SimpleLogin,
      Strava,
      Threads,
      Todoist,
      Trakt,
      UnitedEffects,
      Vipps,
      VK,
      Webex,
      WeChat,
      Wikimedia,
      WordPress,
      Yandex,
      ZITADEL,
      Zoho,
    };
    expect(Object.keys(factories)).toHaveLength(37);
    for (const [name, factory] of Object.entries(factories)) {
      const options = { ...credentials, issuer: "https://issuer.example", allowDangerousEmailAccountLinking: true };
      const provider = (factory as (o: object) => OAuthConfig)(options);
      expect(provider.options, name).toBe(options);
      expect(provider.style?.brandColor ?? provider.style?.bg, name).toMatch(/^#[0-9a-f]{3,6}$/i);
      expect(typeof provider.profile, name).toBe("function");
    }
  });
});
