/**
 * A provider's custom fetch, through `Auth()`: an Auth.js config that names it with `@auth/core`'s
 * `[customFetch]` symbol, one with Foyer's symbol, and one with the older string key all send every
 * request Foyer makes to the provider (discovery, token, userinfo, provider-specific profile requests)
 * through the user's fetch, for a full OAuth and a full OpenID Connect sign-in against a real OpenID
 * Provider (server/oauth/test-idp.ts). Twitch and TikTok, which fix their services' answers with a
 * fetch of their own, keep their fixes and still send the requests through the user's fetch.
 */
import { customFetch as authjsCustomFetch } from "@auth/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { customFetch } from "../core/custom-fetch.js";
import { customFetch as exportedCustomFetch } from "../index.js";
import GitHub from "../providers/github.js";
import { OAuth, OIDC, type OAuthConfig } from "../providers/oauth.js";
import TikTok from "../providers/tiktok.js";
import Twitch from "../providers/twitch.js";
import { ORIGIN, get, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { clearDiscoveryCache } from "./client.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "./test-idp.js";

const PROVIDER_IDS = ["idp-oidc", "idp-oauth", "twitch"];
const callbackUri = (id: string) => `${ORIGIN}/auth/callback/${id}`;

let idp: TestIdp;
/** The IdP's back-channel paths: the requests only the relying party's server makes. */
let backChannel: Set<string>;

beforeAll(async () => {
  idp = await startTestIdp({
    // Sign-in access tokens are due at once (30 s < the 60 s refresh leeway); refreshed ones last an hour.
    accessTokenTtl: (grantType) => (grantType === "refresh_token" ? 3600 : 30),
    clients: [
      { client_id: "client-a", client_secret: "secret-a", redirect_uris: PROVIDER_IDS.map(callbackUri) },
      {
        client_id: "post-client",
        client_secret: "secret-post",
        token_endpoint_auth_method: "client_secret_post",
        redirect_uris: PROVIDER_IDS.map(callbackUri),
      },
    ],
  });
  const metadata = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
  backChannel = new Set(
    ["/.well-known/openid-configuration", metadata.token_endpoint, metadata.userinfo_endpoint, metadata.jwks_uri].map(
      (url) => new URL(url!, idp.issuer).pathname,
    ),
  );
});
afterAll(async () => {
  await idp.close();
});
beforeEach(() => {
  clearDiscoveryCache();
  idp.clearRequests();
});

/** A fetch that records each request's method and URL, then sends it on (or answers it itself). */
function recordingFetch(answer: (url: URL, init: RequestInit | undefined) => Promise<Response | undefined> | undefined = () => undefined) {
  const seen: { method: string; url: URL; body?: string }[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
    seen.push({ method: (init?.method ?? "GET").toUpperCase(), url, ...(body !== undefined ? { body } : {}) });
    return (await answer(url, init)) ?? fetch(input, init);
  };
  return { fetcher, seen, paths: () => seen.map((request) => request.url.pathname) };
}

/** The paths of the requests the IdP received from the relying party's server, in order. */
function serverRequestsAtIdp(): string[] {
  return idp.requests.filter((request) => backChannel.has(request.path)).map((request) => request.path);
}

function setup(provider: OAuthConfig<any>, overrides: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const config = testConfig({ providers: [provider], logger: { error: (error) => void errors.push(error), warn() {}, debug() {} }, ...overrides });
  return { config, errors };
}

async function sessionUser(config: AuthConfig, cookie: string): Promise<Record<string, unknown> | undefined> {
  const body = (await (await Auth(get("/auth/session", { cookie }), config)).json()) as { user?: Record<string, unknown> } | null;
  return body?.user;
}

/** Signs in at the IdP as `login` through `provider`; the answer of Foyer's callback. */
async function idpSignIn(config: AuthConfig, provider: string, login: string) {
  const start = await startOAuthSignIn(config, provider);
  const callback = await idp.completeLogin(start.authorizationUrl, { login });
  const response = await oauthCallback(config, callback, start.jar);
  return { response, jar: start.jar };
}

const KEYS: [string, symbol | "customFetch"][] = [
  ["@auth/core's [customFetch] symbol (an Auth.js config)", authjsCustomFetch],
  ["foyer-auth's [customFetch] symbol", customFetch],
  ["the string key customFetch (earlier Foyer versions)", "customFetch"],
];

describe("the customFetch symbol", () => {
  it("is exported by the package root and shared by every copy of Foyer (Symbol.for)", () => {
    expect(exportedCustomFetch).toBe(customFetch);
    expect(customFetch).toBe(Symbol.for("foyer-auth.custom-fetch"));
    expect(customFetch).not.toBe(authjsCustomFetch);
  });
});

describe.each(KEYS)("a provider's fetch given under %s", (_name, key) => {
  it("sees every request of a full OpenID Connect sign-in (discovery, token, userinfo)", async () => {
    const user = recordingFetch();
    const { config, errors } = setup(OIDC({ id: "idp-oidc", issuer: idp.issuer, clientId: "client-a", clientSecret: "secret-a", [key]: user.fetcher }));
    const { response, jar } = await idpSignIn(config, "idp-oidc", "oidc-user");
    expect(errors).toEqual([]);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await sessionUser(config, jar.header)).toMatchObject({ email: "oidc-user@example.test", name: "User oidc-user" });
    // The IdP's own log of what the server asked: every one of those requests went through the user's fetch.
    const atIdp = serverRequestsAtIdp();
    expect(atIdp).toEqual(expect.arrayContaining(["/.well-known/openid-configuration", "/token", "/me"]));
    expect(user.paths()).toEqual(atIdp);
  });

  it("sees the token refresh of a session read too", async () => {
    const user = recordingFetch();
    const provider = OIDC({
      id: "idp-oidc",
      issuer: idp.issuer,
      clientId: "client-a",
      clientSecret: "secret-a",
      authorization: { params: { scope: "openid profile email offline_access", prompt: "consent" } },
      refreshTokens: true,
      [key]: user.fetcher,
    });
    const { config, errors } = setup(provider);
    const { jar } = await idpSignIn(config, "idp-oidc", "refreshing-user");
    const tokenRequests = () => user.paths().filter((path) => path === "/token").length;
    expect(tokenRequests()).toBe(1);
    const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
    const body = (await response.json()) as { user?: unknown; error?: string } | null;
    expect(errors).toEqual([]);
    expect(body?.user).toBeDefined();
    expect(body?.error).toBeUndefined();
    // The refresh grant went through the user's fetch, and nothing reached the IdP around it.
    expect(tokenRequests()).toBe(2);
    expect(user.paths()).toEqual(serverRequestsAtIdp());
  });

  it("sees every request of a full OAuth 2 sign-in (token, userinfo) with explicit endpoints", async () => {
    const user = recordingFetch();
    const provider = OAuth({
      id: "idp-oauth",
      authorization: { url: `${idp.issuer}/auth`, params: { scope: "openid email profile" } },
      token: `${idp.issuer}/token`,
      userinfo: `${idp.issuer}/me`,
      clientId: "client-a",
      clientSecret: "secret-a",
      [key]: user.fetcher,
    });
    const { config, errors } = setup(provider);
    const { response, jar } = await idpSignIn(config, "idp-oauth", "oauth-user");
    expect(errors).toEqual([]);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await sessionUser(config, jar.header)).toMatchObject({ email: "oauth-user@example.test" });
    const atIdp = serverRequestsAtIdp();
    expect(atIdp).toEqual(expect.arrayContaining(["/token", "/me"]));
    expect(user.paths()).toEqual(atIdp);
  });

  it("GitHub's own profile requests (/user, /user/emails) go through it too, given in the factory's options", async () => {
    const github = recordingFetch(async (url) => {
      if (url.pathname === "/login/oauth/access_token") return Response.json({ access_token: "gh-at", token_type: "bearer", scope: "read:user,user:email" });
      if (url.pathname === "/user") return Response.json({ id: 7, login: "octo", name: "Octo", email: null, avatar_url: "https://avatars.example/7" });
      if (url.pathname === "/user/emails") return Response.json([{ email: "octo@example.test", primary: true, verified: true }]);
      return new Response("unexpected request", { status: 500 });
    });
    const { config, errors } = setup(GitHub({ clientId: "gh-id", clientSecret: "gh-secret", [key]: github.fetcher }));
    const start = await startOAuthSignIn(config, "github");
    const state = start.authorizationUrl.searchParams.get("state")!;
    const response = await oauthCallback(config, `${ORIGIN}/auth/callback/github?code=gh-code&state=${state}`, start.jar);
    expect(errors).toEqual([]);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(github.seen.map(({ method, url }) => `${method} ${url.host}${url.pathname}`)).toEqual([
      "POST github.com/login/oauth/access_token",
      "GET api.github.com/user",
      "GET api.github.com/user/emails",
    ]);
    expect(await sessionUser(config, start.jar.header)).toMatchObject({ email: "octo@example.test", name: "Octo" });
  });

  it("Twitch keeps its fix (scope answered as an array is joined) and sends its requests through the user's fetch", async () => {
    // The user's fetch stands between Foyer and the IdP and answers `scope` as Twitch does: as an array.
    const twitchLike = recordingFetch(async (url, init) => {
      if (url.pathname !== "/token") return undefined;
      const response = await fetch(url, init);
      const body = (await response.json()) as { scope?: string };
      return Response.json({ ...body, scope: body.scope?.split(" ") ?? [] }, { status: response.status });
    });
    const { config, errors } = setup(Twitch({ issuer: idp.issuer, clientId: "post-client", clientSecret: "secret-post", [key]: twitchLike.fetcher }));
    const { response, jar } = await idpSignIn(config, "twitch", "streamer");
    expect(errors).toEqual([]);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await sessionUser(config, jar.header)).toBeDefined();
    const atIdp = serverRequestsAtIdp();
    expect(atIdp).toContain("/token");
    expect(twitchLike.paths()).toEqual(atIdp);
    // Twitch authenticates with client_secret_post: the secret went in the body the user's fetch saw.
    expect(twitchLike.seen.find((request) => request.url.pathname === "/token")?.body).toContain("client_secret=secret-post");
  });

  it("TikTok keeps its fix (client_key in the token request) and sends token and user-info requests through the user's fetch", async () => {
    const tiktok = recordingFetch(async (url, init) => {
      if (url.pathname === "/v2/oauth/token/") {
        const form = new URLSearchParams(String(init?.body));
        // TikTok refuses a token request without client_key: the provider's fix must have added it.
        if (form.get("client_key") !== "tt-key") return Response.json({ error: "invalid_request", error_description: "client_key" }, { status: 400 });
        return Response.json({ access_token: "tt-at", token_type: "Bearer", expires_in: 86400, open_id: "tt-open-id", scope: "user.info.basic" });
      }
      if (url.pathname === "/v2/user/info/") {
        return Response.json({
          data: { user: { open_id: "tt-open-id", display_name: "Dancer", avatar_url: "https://p16.example/a.jpg" } },
          error: { code: "ok", message: "", log_id: "log-1" },
        });
      }
      return new Response("unexpected request", { status: 500 });
    });
    const { config, errors } = setup(TikTok({ clientId: "tt-key", clientSecret: "tt-secret", [key]: tiktok.fetcher }));
    const start = await startOAuthSignIn(config, "tiktok");
    const state = start.authorizationUrl.searchParams.get("state")!;
    const response = await oauthCallback(config, `${ORIGIN}/auth/callback/tiktok?code=tt-code&state=${state}`, start.jar);
    expect(errors).toEqual([]);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(tiktok.seen.map(({ method, url }) => `${method} ${url.host}${url.pathname}`)).toEqual([
      "POST open.tiktokapis.com/v2/oauth/token/",
      "GET open.tiktokapis.com/v2/user/info/",
    ]);
    expect(await sessionUser(config, start.jar.header)).toMatchObject({ name: "Dancer", image: "https://p16.example/a.jpg" });
  });
});
