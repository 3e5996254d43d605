/**
 * OAuth 2 / OIDC sign-in, black-box through `Auth()` against a real OpenID Provider (oidc-provider,
 * server/oauth/test-idp.ts) whose ID token carries only `sub`: the authorization request (as Auth.js
 * builds it; R-OAUTH-14), the check cookies (lifetimes, provider binding), discovery caching, complete
 * sign-ins with the cookie and the database strategy (with their events), client authentication
 * methods, and a throwing `profile()` (docs/compatibility.md#oauth-and-openid-connect).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { decode } from "../jwt/index.js";
import { OAuth, OIDC, type OAuthConfig } from "../providers/oauth.js";
import { type CookieJar, ORIGIN, SECRET, get, setCookies, testConfig } from "../testing/harness.js";
import type { Account, AuthConfig, Profile, User } from "../types.js";
import { clearDiscoveryCache } from "./client.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "./test-idp.js";

const PROVIDER_IDS = ["idp", "idp-pkce-only", "idp-post", "idp-public", "idp-wrong-secret", "idp-form", "idp-throws"];
const callbackUri = (id: string) => `${ORIGIN}/auth/callback/${id}`;
const SIGNIN_OAUTH_ERROR = `${ORIGIN}/auth/signin?error=OAuthCallbackError`;
const WELL_KNOWN = "/.well-known/openid-configuration";

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp({
    clients: [
      { client_id: "client-a", client_secret: "secret-a", redirect_uris: PROVIDER_IDS.map(callbackUri) },
      {
        client_id: "post-client",
        client_secret: "secret-post",
        token_endpoint_auth_method: "client_secret_post",
        redirect_uris: PROVIDER_IDS.map(callbackUri),
      },
      { client_id: "public-client", token_endpoint_auth_method: "none", redirect_uris: PROVIDER_IDS.map(callbackUri) },
    ],
  });
});
afterAll(async () => {
  await idp.close();
});

function oidc(overrides: Partial<OAuthConfig> = {}): OAuthConfig {
  return OIDC({ id: "idp", name: "Test IdP", issuer: idp.issuer, clientId: "client-a", clientSecret: "secret-a", ...overrides });
}

interface Recorder {
  errors: Error[];
  events: { name: string; message: any }[];
  config: AuthConfig;
}

/** A config with these providers whose log errors and events are recorded. */
function setup(providers: OAuthConfig[], overrides: Partial<AuthConfig> = {}): Recorder {
  const errors: Error[] = [];
  const events: Recorder["events"] = [];
  const record = (name: string) => (message: unknown) => void events.push({ name, message });
  const config = testConfig({
    providers,
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    events: { createUser: record("createUser"), linkAccount: record("linkAccount"), signIn: record("signIn"), updateUser: record("updateUser") },
    ...overrides,
  });
  return { errors, events, config };
}

/** A complete sign-in as `login`; returns the callback's answer and the browser's jar. */
async function signInAs(config: AuthConfig, login: string, provider = "idp", fields: Record<string, string> = {}, jar?: CookieJar) {
  const start = await startOAuthSignIn(config, provider, { fields, jar });
  const callback = await idp.completeLogin(start.authorizationUrl, { login });
  const response = await oauthCallback(config, callback, start.jar);
  return { response, jar: start.jar, start, callback };
}

async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user?: User } | null> {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  return (await response.json()) as { user?: User } | null;
}

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
}

async function s256(verifier: string): Promise<string> {
  return Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))).toString("base64url");
}

function expiresOf(setCookie: string): number {
  return Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!);
}

// ---------------------------------------------------------------------------------------------
// The authorization request
// ---------------------------------------------------------------------------------------------

describe("the authorization request", () => {
  it("has response_type=code, client_id, redirect_uri, the OIDC default scope, PKCE S256, state and nonce", async () => {
    const { config } = setup([oidc()]);
    const { response, authorizationUrl: url } = await startOAuthSignIn(config, "idp");
    expect(response.status).toBe(302);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    const params = url.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("client-a");
    expect(params.get("redirect_uri")).toBe(callbackUri("idp"));
    expect(params.get("scope")).toBe("openid profile email");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
  });

  it("sets the pkce, state and nonce cookies: sealed, bound to the provider and issuer, Max-Age=900 (nonce: Expires only)", async () => {
    const { config } = setup([oidc()]);
    const before = Date.now();
    const { response, authorizationUrl: url } = await startOAuthSignIn(config, "idp");
    const cookies = setCookies(response);
    const pkce = cookies.get("authjs.pkce.code_verifier")!;
    const state = cookies.get("authjs.state")!;
    const nonce = cookies.get("authjs.nonce")!;
    for (const header of [pkce, state, nonce]) {
      expect(header).toMatch(/; Path=\/;/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax$/);
      expect(header).not.toMatch(/; Secure/);
      const expires = expiresOf(header);
      expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 899_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 901_000);
    }
    expect(pkce).toMatch(/; Max-Age=900;/);
    expect(state).toMatch(/; Max-Age=900;/);
    expect(nonce).not.toMatch(/Max-Age/);

    // The values: sealed with the cookie's name as salt, carrying the provider id and issuer.
    const open = async (name: string, header: string) =>
      decode<{ value: string; provider: string; issuer: string }>({
        token: decodeURIComponent(header.slice(name.length + 1).split(";")[0]!),
        secret: SECRET,
        salt: name,
      });
    const verifier = await open("authjs.pkce.code_verifier", pkce);
    expect(verifier).toMatchObject({ provider: "idp", issuer: idp.issuer });
    expect(await s256(verifier!.value)).toBe(url.searchParams.get("code_challenge"));
    expect(await open("authjs.state", state)).toMatchObject({ value: url.searchParams.get("state"), provider: "idp", issuer: idp.issuer });
    expect(await open("authjs.nonce", nonce)).toMatchObject({ value: url.searchParams.get("nonce"), provider: "idp", issuer: idp.issuer });
  });

  it("a plain OAuth 2 provider gets PKCE and state, no nonce and no default scope", async () => {
    const { config } = setup([
      OAuth({
        id: "plain",
        authorization: "https://oauth.example.com/authorize",
        token: "https://oauth.example.com/token",
        userinfo: "https://oauth.example.com/me",
        clientId: "cid",
        clientSecret: "cs",
      }),
    ]);
    const { response, authorizationUrl: url } = await startOAuthSignIn(config, "plain");
    expect(`${url.origin}${url.pathname}`).toBe("https://oauth.example.com/authorize");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.has("nonce")).toBe(false);
    expect(url.searchParams.has("scope")).toBe(false);
    expect([...setCookies(response).keys()].filter((name) => /pkce|state|nonce/.test(name)).sort()).toEqual(["authjs.pkce.code_verifier", "authjs.state"]);
  });

  it.each([
    { checks: ["pkce"], params: ["code_challenge"], cookies: ["authjs.pkce.code_verifier"] },
    { checks: ["state"], params: ["state"], cookies: ["authjs.state"] },
    { checks: ["nonce"], params: ["nonce"], cookies: ["authjs.nonce"] },
    { checks: ["pkce", "nonce"], params: ["code_challenge", "nonce"], cookies: ["authjs.nonce", "authjs.pkce.code_verifier"] },
    { checks: ["none"], params: [], cookies: [] },
  ] as const)("a provider's explicit checks win: $checks", async ({ checks, params, cookies }) => {
    const { config } = setup([oidc({ checks: [...checks] })]);
    const { response, authorizationUrl: url } = await startOAuthSignIn(config, "idp");
    for (const param of ["code_challenge", "state", "nonce"]) expect(url.searchParams.has(param), param).toBe((params as readonly string[]).includes(param));
    expect(url.searchParams.has("code_challenge_method")).toBe((params as readonly string[]).includes("code_challenge"));
    expect([...setCookies(response).keys()].filter((name) => /pkce|state|nonce/.test(name)).sort()).toEqual(cookies);
  });

  it("the provider's authorization params are used (scope, prompt)", async () => {
    const { config } = setup([oidc({ authorization: { params: { scope: "openid email", prompt: "consent" } } })]);
    const { authorizationUrl: url } = await startOAuthSignIn(config, "idp");
    expect(url.searchParams.get("scope")).toBe("openid email");
    expect(url.searchParams.get("prompt")).toBe("consent");
  });

  it("R-OAUTH-14: forwards prompt and login_hint from the query, but never lets it override the protocol's own parameters", async () => {
    const { config } = setup([oidc()]);
    const hostile = new URLSearchParams({
      prompt: "login",
      login_hint: "ada@example.test",
      client_id: "evil-client",
      redirect_uri: "https://evil.example/steal",
      response_type: "token",
      state: "attacker-state",
      nonce: "attacker-nonce",
      code_challenge: "attacker-challenge-attacker-challenge-attack",
      code_challenge_method: "plain",
    });
    const { authorizationUrl: url } = await startOAuthSignIn(config, "idp", { query: hostile.toString() });
    const params = url.searchParams;
    expect(params.get("prompt")).toBe("login");
    expect(params.get("login_hint")).toBe("ada@example.test");
    for (const key of ["client_id", "redirect_uri", "response_type", "state", "nonce", "code_challenge", "code_challenge_method"]) {
      expect(params.getAll(key), key).toHaveLength(1);
      expect(params.get(key), key).not.toBe(hostile.get(key));
    }
    expect(params.get("client_id")).toBe("client-a");
    expect(params.get("redirect_uri")).toBe(callbackUri("idp"));
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(url.href).not.toContain("evil");
    expect(url.href).not.toContain("attacker");
  });

  it("response_mode=form_post: the state and nonce cookies are SameSite=None; Secure, the pkce cookie stays Lax", async () => {
    const { config } = setup([oidc({ id: "idp-form", authorization: { params: { response_mode: "form_post" } } })]);
    const { response, authorizationUrl: url } = await startOAuthSignIn(config, "idp-form");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    const cookies = setCookies(response);
    for (const name of ["authjs.state", "authjs.nonce"]) {
      expect(cookies.get(name), name).toMatch(/; Secure;/);
      expect(cookies.get(name), name).toMatch(/; SameSite=None$/);
    }
    expect(cookies.get("authjs.pkce.code_verifier")).toMatch(/; SameSite=Lax$/);
    expect(cookies.get("authjs.pkce.code_verifier")).not.toMatch(/Secure/);
  });

  it("discovery is fetched once and cached across sign-ins and callbacks", async () => {
    clearDiscoveryCache();
    const { config } = setup([oidc()]);
    idp.clearRequests();
    await startOAuthSignIn(config, "idp");
    await startOAuthSignIn(config, "idp");
    const { response } = await signInAs(config, "cache-user");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(idp.countRequests("/auth")).toBe(1);
    expect(idp.countRequests("/token")).toBe(1);
    expect(idp.countRequests(WELL_KNOWN)).toBe(1);
  });

  it("the discovery document is cached per issuer: another provider of the same issuer and a config built per request reuse it", async () => {
    clearDiscoveryCache();
    const other = () => oidc({ id: "idp-pkce-only" });
    await startOAuthSignIn(setup([oidc(), other()]).config, "idp");
    idp.clearRequests();
    // The same issuer through another provider, and through new config objects (e.g. a config made per request, as lazy initialisation does).
    await startOAuthSignIn(setup([oidc(), other()]).config, "idp-pkce-only");
    await startOAuthSignIn(setup([oidc()]).config, "idp");
    await signInAs(setup([oidc()]).config, "per-request");
    expect(idp.countRequests(WELL_KNOWN)).toBe(0);
  });

  it("each config's customFetch is the one used, also when another config has a provider with the same id", async () => {
    const calls = { first: 0, second: 0 };
    const counting =
      (name: keyof typeof calls): typeof fetch =>
      (input, init) => {
        calls[name]++;
        return fetch(input, init);
      };
    const first = setup([oidc({ customFetch: counting("first") })]).config;
    const second = setup([oidc({ customFetch: counting("second") })]).config;
    await signInAs(first, "fetch-one");
    const before = { ...calls };
    const { response } = await signInAs(second, "fetch-two");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(calls.first).toBe(before.first);
    // The token request and userinfo (at least) went through the second config's fetch.
    expect(calls.second - before.second).toBeGreaterThanOrEqual(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Complete sign-ins: login or register, session output, events and the redirect
// ---------------------------------------------------------------------------------------------

describe("a complete sign-in, cookie (jwt) strategy", () => {
  it("signs in with name and e-mail from userinfo although the ID token carries only sub", async () => {
    const { config, events, errors } = setup([oidc()]);
    const { response, jar } = await signInAs(config, "ada");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    const cookies = setCookies(response);
    expect(cookies.get("authjs.session-token")).toBeTruthy();
    // Every check cookie is deleted after use.
    for (const name of ["authjs.pkce.code_verifier", "authjs.state", "authjs.nonce"]) expect(cookies.get(name), name).toMatch(/^[^=]+=; Max-Age=0;/);

    expect(await sessionOf(config, jar)).toMatchObject({ user: { name: "User ada", email: "ada@example.test" } });
    expect(errors).toEqual([]);

    // The ID token really lacks the claims: they came from the userinfo endpoint.
    const signIn = events.find((event) => event.name === "signIn")!.message as { account: Account; profile: Profile };
    const idToken = payloadOf(signIn.account.id_token as string);
    expect(idToken.sub).toBe("ada");
    expect(idToken).not.toHaveProperty("email");
    expect(idToken).not.toHaveProperty("name");
    expect(signIn.profile).toMatchObject({ sub: "ada", email: "ada@example.test", email_verified: true, name: "User ada" });
    expect(signIn.account).toMatchObject({ provider: "idp", type: "oidc", providerAccountId: "ada", token_type: "bearer" });
    expect(events.map((event) => event.name)).toEqual(["signIn"]);
  });

  it("sends the user to the callbackUrl given at sign-in", async () => {
    const { config } = setup([oidc()]);
    const { response } = await signInAs(config, "ada", "idp", { callbackUrl: "/dashboard" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
  });

  it("works with Auth.js's default checks (PKCE only, no state, no nonce)", async () => {
    const { config } = setup([oidc({ id: "idp-pkce-only", checks: ["pkce"] })]);
    const { response, jar, start } = await signInAs(config, "grace", "idp-pkce-only");
    expect(start.authorizationUrl.searchParams.has("state")).toBe(false);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: "grace@example.test" } });
  });

  it("response_mode=form_post: the IdP posts the answer to the callback, which signs in", async () => {
    const { config } = setup([oidc({ id: "idp-form", authorization: { params: { response_mode: "form_post" } } })]);
    const start = await startOAuthSignIn(config, "idp-form");
    const answer = await idp.completeLoginAnswer(start.authorizationUrl, { login: "posty" });
    expect(answer.url).toBe(callbackUri("idp-form"));
    expect(Object.keys(answer.form!).sort()).toEqual(["code", "iss", "state"]);
    const response = await oauthCallback(config, answer, start.jar, { origin: idp.issuer });
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await sessionOf(config, start.jar)).toMatchObject({ user: { email: "posty@example.test" } });
  });
});

describe("a complete sign-in, database strategy with MemoryAdapter", () => {
  function databaseSetup(overrides: Partial<AuthConfig> = {}) {
    const adapter: Adapter = MemoryAdapter();
    return { adapter, ...setup([oidc()], { adapter, ...overrides }) };
  }

  it("creates the user, links the account with its tokens, and fires createUser → linkAccount → signIn", async () => {
    const { config, adapter, events, errors } = databaseSetup();
    const before = Math.floor(Date.now() / 1000);
    const { response, jar } = await signInAs(config, "ada");
    const after = Math.ceil(Date.now() / 1000);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(errors).toEqual([]);

    const user = await adapter.getUserByEmail!("ada@example.test");
    expect(user).toMatchObject({ name: "User ada", email: "ada@example.test" });
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "ada" })).toMatchObject({ id: user!.id });
    // The stored row (the adapter may keep the token strings sealed at rest, so only their presence is checked there).
    const accounts = await adapter.listAccounts!(user!.id);
    expect(accounts).toHaveLength(1);
    const stored = accounts[0]!;
    expect(stored).toMatchObject({ userId: user!.id, provider: "idp", type: "oidc", providerAccountId: "ada", token_type: "bearer" });
    expect(stored.access_token).toEqual(expect.any(String));
    expect(stored.id_token).toEqual(expect.any(String));
    expect(stored.scope).toContain("openid");
    expect(stored.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(stored.expires_at).toBeLessThanOrEqual(after + 3600);
    // The linked account as the linkAccount event sees it: the tokens in the clear.
    const linked = events.find((event) => event.name === "linkAccount")!.message as { account: Account; user: User };
    expect(linked.user.id).toBe(user!.id);
    expect(linked.account).toMatchObject({ userId: user!.id, provider: "idp", providerAccountId: "ada", token_type: "bearer", expires_at: stored.expires_at });
    expect(payloadOf(linked.account.id_token as string)).toMatchObject({ sub: "ada", aud: "client-a", iss: idp.issuer });
    expect(linked.account.access_token).toEqual(expect.any(String));

    expect(events.map((event) => event.name)).toEqual(["createUser", "linkAccount", "signIn"]);
    expect(events[2]!.message).toMatchObject({ isNewUser: true, user: { id: user!.id } });
    // A database session: the cookie holds a random token, the session reads the user.
    expect(await sessionOf(config, jar)).toMatchObject({ user: { name: "User ada", email: "ada@example.test" } });
  });

  it("a returning user: signIn only, same user, no new account", async () => {
    const { config, adapter, events } = databaseSetup();
    await signInAs(config, "ada");
    const user = await adapter.getUserByEmail!("ada@example.test");
    events.length = 0;

    const { response, jar } = await signInAs(config, "ada");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(events.map((event) => event.name)).toEqual(["signIn"]);
    expect(events[0]!.message).toMatchObject({ isNewUser: false, user: { id: user!.id } });
    expect(await adapter.listAccounts!(user!.id)).toHaveLength(1);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: "ada@example.test" } });
  });

  it("pages.newUser on the first sign-in only", async () => {
    const { config } = databaseSetup({ pages: { newUser: "/welcome" } });
    const first = await signInAs(config, "newbie", "idp", { callbackUrl: "/home" });
    // Relative, as the page is (as Auth.js builds the new-user redirect).
    expect(first.response.headers.get("location")).toBe(`/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/home`)}`);

    const again = await signInAs(config, "newbie", "idp", { callbackUrl: "/home" });
    expect(again.response.headers.get("location")).toBe(`${ORIGIN}/home`);
  });
});

// ---------------------------------------------------------------------------------------------
// Client authentication at the token endpoint (`client.token_endpoint_auth_method`)
// ---------------------------------------------------------------------------------------------

describe("client authentication", () => {
  function tokenRequests() {
    return idp.requests.filter((request) => request.method === "POST" && request.path === "/token");
  }

  it("client_secret_basic (the default) sends an Authorization header", async () => {
    const { config } = setup([oidc()]);
    idp.clearRequests();
    const { response } = await signInAs(config, "basic");
    expect(response.headers.get("location")).toBe(ORIGIN);
    // base64(formUrlEncode(id) + ":" + formUrlEncode(secret)) as RFC 6749 §2.3.1 and Auth.js: "-" is %2D.
    const expected = `Basic ${Buffer.from("client%2Da:secret%2Da").toString("base64")}`;
    expect(tokenRequests().map((request) => request.authorization)).toEqual([expected]);
  });

  it("client_secret_post: the IdP accepts the secret in the body (no Authorization header)", async () => {
    const { config } = setup([
      oidc({ id: "idp-post", clientId: "post-client", clientSecret: "secret-post", client: { token_endpoint_auth_method: "client_secret_post" } }),
    ]);
    idp.clearRequests();
    const { response, jar } = await signInAs(config, "poster", "idp-post");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests()[0]!.authorization).toBeUndefined();
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: "poster@example.test" } });
  });

  it("none: a public client with PKCE signs in without a secret", async () => {
    const { config } = setup([oidc({ id: "idp-public", clientId: "public-client", clientSecret: undefined, client: { token_endpoint_auth_method: "none" } })]);
    idp.clearRequests();
    const { response, jar, start } = await signInAs(config, "public", "idp-public");
    expect(start.authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(tokenRequests()[0]!.authorization).toBeUndefined();
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: "public@example.test" } });
  });

  it("a wrong client secret: the IdP refuses the code exchange → OAuthCallbackError, no session", async () => {
    const { config, errors } = setup([oidc({ id: "idp-wrong-secret", clientSecret: "not-the-secret" })]);
    const { response, jar } = await signInAs(config, "wrong", "idp-wrong-secret");
    expect(response.headers.get("location")).toBe(SIGNIN_OAUTH_ERROR);
    expect(setCookies(response).has("authjs.session-token")).toBe(false);
    expect(await sessionOf(config, jar)).toBeNull();
    expect(errors.map((error) => error.name)).toEqual(["OAuthCallbackError"]);
  });
});

// ---------------------------------------------------------------------------------------------
// profile() throws (docs/compatibility.md#oauth-and-openid-connect)
// ---------------------------------------------------------------------------------------------

describe("a provider whose profile() throws", () => {
  it("redirects to the sign-in page with error=Callback, logs OAuthProfileParseError, signs nobody in", async () => {
    const { config, errors, events } = setup([
      oidc({
        id: "idp-throws",
        profile() {
          throw new Error("the profile has an unexpected shape");
        },
      }),
    ]);
    const { response, jar } = await signInAs(config, "thrower", "idp-throws");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=Callback`);
    const cookies = setCookies(response);
    expect(cookies.has("authjs.session-token")).toBe(false);
    for (const name of ["authjs.pkce.code_verifier", "authjs.state", "authjs.nonce"]) expect(cookies.get(name), name).toMatch(/^[^=]+=; Max-Age=0;/);
    expect(await sessionOf(config, jar)).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: "OAuthProfileParseError", type: "OAuthProfileParseError" });
    expect(errors[0]!.message).toContain("idp-throws");
    expect(events).toEqual([]);
  });

  it("with pages.signIn, the custom sign-in page gets error=Callback", async () => {
    const { config } = setup(
      [
        oidc({
          id: "idp-throws",
          profile() {
            throw new Error("nope");
          },
        }),
      ],
      { pages: { signIn: "/login?from=oauth" } },
    );
    const { response } = await signInAs(config, "thrower", "idp-throws");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?from=oauth&error=Callback`);
  });
});
