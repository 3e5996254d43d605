/**
 * Hostile OAuth / OIDC callbacks (docs/security.md#oauth-and-openid-connect, R-OAUTH-01…09; R-SESS-02), black-box through
 * `Auth()` against real OpenID Providers (server/oauth/test-idp.ts). Every failed check sends the
 * browser back to the sign-in page with `error=OAuthCallbackError` (try again) — never the
 * Configuration page — signs nobody in, and the log names the check that failed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import { formatError } from "../core/logger.js";
import { OIDC, type OAuthConfig } from "../providers/oauth.js";
import { type CookieJar, ORIGIN, get, setCookies, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "./test-idp.js";

const PROVIDER_IDS = ["idp", "idp-b", "idp-swap", "idp-misissued", "idp-form"];
const callbackUri = (id: string) => `${ORIGIN}/auth/callback/${id}`;
const SIGNIN_OAUTH_ERROR = `${ORIGIN}/auth/signin?error=OAuthCallbackError`;
const CHECK_COOKIES = ["authjs.pkce.code_verifier", "authjs.state", "authjs.nonce"];

let idp: TestIdp;
/** A second, unrelated OpenID Provider (another issuer), with the same client id. */
let idp2: TestIdp;
beforeAll(async () => {
  [idp, idp2] = await Promise.all([
    startTestIdp({
      clients: [
        { client_id: "client-a", client_secret: "secret-a", redirect_uris: PROVIDER_IDS.map(callbackUri) },
        { client_id: "client-b", client_secret: "secret-b", redirect_uris: PROVIDER_IDS.map(callbackUri) },
      ],
    }),
    startTestIdp({ clients: [{ client_id: "client-a", client_secret: "secret-a", redirect_uris: [...PROVIDER_IDS, "idp2"].map(callbackUri) }] }),
  ]);
});
afterAll(async () => {
  await Promise.all([idp.close(), idp2.close()]);
});
afterEach(() => {
  vi.useRealTimers();
});

function oidc(overrides: Partial<OAuthConfig> = {}): OAuthConfig {
  return OIDC({ id: "idp", name: "Test IdP", issuer: idp.issuer, clientId: "client-a", clientSecret: "secret-a", ...overrides });
}

function setup(providers: OAuthConfig[] = [oidc()], overrides: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const signIns: unknown[] = [];
  const config = testConfig({
    providers,
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    events: { signIn: (message) => void signIns.push(message) },
    ...overrides,
  });
  /** Everything logged, one line per error, with the causes' messages. */
  const log = () => errors.map((error) => formatError(error)).join("\n");
  return { config, errors, signIns, log };
}

/** Sign-in started at Foyer and completed at the IdP: the callback URL and the browser's jar. */
async function begin(config: AuthConfig, provider = "idp", login = "ada", at: TestIdp = idp) {
  const start = await startOAuthSignIn(config, provider);
  const callback = await at.completeLogin(start.authorizationUrl, { login });
  return { ...start, callback };
}

function withParam(url: string, name: string, value: string | null): string {
  const out = new URL(url);
  if (value === null) out.searchParams.delete(name);
  else out.searchParams.set(name, value);
  return out.href;
}

function jarWithout(jar: CookieJar, ...names: string[]): string {
  return [...jar.cookies]
    .filter(([name]) => !names.includes(name))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

async function sessionOf(config: AuthConfig, cookie: string): Promise<unknown> {
  return (await Auth(get("/auth/session", { cookie }), config)).json();
}

/** The common outcome of every hostile callback. */
async function expectRefused(config: AuthConfig, response: Response, cookie = ""): Promise<void> {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(SIGNIN_OAUTH_ERROR);
  expect(setCookies(response).has("authjs.session-token")).toBe(false);
  expect(await sessionOf(config, cookie)).toBeNull();
}

const tokenRequests = (at: TestIdp) => at.countRequests("/token");

// ---------------------------------------------------------------------------------------------

describe("R-OAUTH-01: a missing check cookie", () => {
  it.each([
    { cookie: "authjs.pkce.code_verifier", check: "pkceCodeVerifier" },
    { cookie: "authjs.state", check: "state" },
    { cookie: "authjs.nonce", check: "nonce" },
  ])("without $cookie → OAuthCallbackError (not Configuration), no session, the log names $check", async ({ cookie, check }) => {
    const { config, log, errors, signIns } = setup();
    const { jar, callback } = await begin(config);
    const tokens = tokenRequests(idp);
    const cookieHeader = jarWithout(jar, cookie);
    const response = await oauthCallback(config, callback, cookieHeader);
    await expectRefused(config, response, cookieHeader);
    expect(errors.map((error) => error.name)).toEqual(["OAuthCallbackError"]);
    expect(log()).toContain(`The ${check} check failed`);
    expect(signIns).toEqual([]);
    // The code was never spent: the checks run before the token request.
    expect(tokenRequests(idp)).toBe(tokens);
  });

  it("without any check cookie (a callback from another browser)", async () => {
    const { config } = setup();
    const { callback } = await begin(config);
    await expectRefused(config, await oauthCallback(config, callback, ""));
  });
});

// Callbacks refused by openid-client's checks. Each scenario is checked for its outcome (in its
// R-OAUTH section) and for its log (at the end of the file); it runs once, whichever test asks first.

/** `tokensBefore` / `tokensAfter`: the IdP's token requests just before and just after the callback. */
type Scenario = () => Promise<{ config: AuthConfig; response: Response; cookie: string; log: () => string; tokensBefore: number; tokensAfter: number }>;

/** Runs `scenario` on the first call only; later calls get the same result. */
function once(scenario: Scenario): Scenario {
  let result: ReturnType<Scenario> | undefined;
  return () => (result ??= scenario());
}

/** A completed login whose callback URL is changed by `mutate` before the browser arrives. */
function mutated(mutate: (callback: string) => string): Scenario {
  return once(async () => {
    const { config, log } = setup();
    const { jar, callback } = await begin(config);
    const tokensBefore = tokenRequests(idp);
    const response = await oauthCallback(config, mutate(callback), jar);
    return { config, response, cookie: jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
  });
}

const stateFromAnotherSignIn: Scenario = once(async () => {
  const { config, log } = setup();
  const { jar, callback } = await begin(config);
  const other = await startOAuthSignIn(config, "idp");
  const tokensBefore = tokenRequests(idp);
  const response = await oauthCallback(config, withParam(callback, "state", other.authorizationUrl.searchParams.get("state")), jar);
  return { config, response, cookie: jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
});

const nonceFromAnotherSignIn: Scenario = once(async () => {
  const { config, log } = setup();
  const first = await begin(config, "idp", "ada");
  const second = await startOAuthSignIn(config, "idp");
  first.jar.cookies.set("authjs.nonce", second.jar.cookies.get("authjs.nonce")!);
  const tokensBefore = tokenRequests(idp);
  const response = await oauthCallback(config, first.callback, first.jar);
  return { config, response, cookie: first.jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
});

/** The token endpoint's answer swapped for one issued to client-b (same IdP, same nonce): `aud` is wrong. */
const idTokenForAnotherClient: Scenario = once(async () => {
  let swapped: Record<string, unknown> | undefined;
  const customFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (swapped && url === `${idp.issuer}/token`) return Response.json(swapped);
    return fetch(input, init);
  };
  const { config, log } = setup([oidc({ id: "idp-swap", customFetch })]);
  const { jar, callback, authorizationUrl } = await begin(config, "idp-swap");
  const nonce = authorizationUrl.searchParams.get("nonce")!;

  const forB = new URL(`${idp.issuer}/auth`);
  const redirectB = callbackUri("idp-b");
  forB.search = new URLSearchParams({ client_id: "client-b", response_type: "code", scope: "openid", redirect_uri: redirectB, nonce, state: "s" }).toString();
  const codeB = new URL(await idp.completeLogin(forB, { login: "ada" })).searchParams.get("code")!;
  swapped = await idp.exchangeCode({ client_id: "client-b", client_secret: "secret-b" }, codeB, redirectB);
  expect(JSON.parse(Buffer.from(String(swapped.id_token).split(".")[1]!, "base64url").toString())).toMatchObject({ aud: "client-b", nonce });

  const tokensBefore = tokenRequests(idp);
  const response = await oauthCallback(config, callback, jar);
  return { config, response, cookie: jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
});

/** A provider with explicit endpoints at the IdP but a wrong `issuer`; `keepIss` false drops the iss parameter. */
function misconfiguredIssuer(keepIss: boolean): Scenario {
  return once(async () => {
    const { config, log } = setup([
      oidc({
        id: "idp-misissued",
        issuer: "https://issuer.example.com",
        authorization: `${idp.issuer}/auth`,
        token: `${idp.issuer}/token`,
        userinfo: `${idp.issuer}/me`,
      }),
    ]);
    const { jar, callback } = await begin(config, "idp-misissued");
    const tokensBefore = tokenRequests(idp);
    const response = await oauthCallback(config, keepIss ? callback : withParam(callback, "iss", null), jar);
    return { config, response, cookie: jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
  });
}

const MISISSUED_WITH_ISS = misconfiguredIssuer(true);
const MISISSUED_WITHOUT_ISS = misconfiguredIssuer(false);

describe("R-OAUTH-02: state", () => {
  it.each([
    ["from another sign-in", stateFromAnotherSignIn],
    ["garbage", mutated((callback) => withParam(callback, "state", "not-a-state"))],
    ["missing", mutated((callback) => withParam(callback, "state", null))],
  ] as const)("a state parameter %s → OAuthCallbackError, the code is not exchanged", async (_name, scenario) => {
    const { config, response, cookie, tokensBefore, tokensAfter } = await scenario();
    await expectRefused(config, response, cookie);
    expect(tokensAfter).toBe(tokensBefore);
  });
});

describe("R-OAUTH-03: nonce", () => {
  it("a nonce cookie from another sign-in → the ID token's nonce does not match → OAuthCallbackError", async () => {
    const { config, response, cookie } = await nonceFromAnotherSignIn();
    await expectRefused(config, response, cookie);
  });
});

describe("R-OAUTH-04: replay of a completed callback", () => {
  it("the check cookies are deleted on success, so the replay fails; with the old cookies the IdP refuses the spent code", async () => {
    const { config, log } = setup();
    const { jar, callback } = await begin(config);
    const cookiesBefore = jar.header;
    const first = await oauthCallback(config, callback, jar);
    expect(first.headers.get("location")).toBe(ORIGIN);
    const deleted = setCookies(first);
    for (const name of CHECK_COOKIES) expect(deleted.get(name), name).toMatch(/^[^=]+=; Max-Age=0;/);

    // The same browser again: no check cookies any more.
    const replay = await oauthCallback(config, callback, jarWithout(jar, "authjs.session-token"));
    await expectRefused(config, replay, jarWithout(jar, "authjs.session-token"));
    expect(log()).toContain("check failed");

    // An attacker who kept the check cookies: the IdP refuses the code a second time.
    const tokens = tokenRequests(idp);
    const stolen = await oauthCallback(config, callback, cookiesBefore);
    await expectRefused(config, stolen, cookiesBefore);
    expect(tokenRequests(idp)).toBe(tokens + 1);
    expect(log()).toMatch(/invalid_grant/);
  });
});

describe("R-OAUTH-05: check cookies of provider A at provider B's callback", () => {
  it("another provider on the same IdP (another client) → OAuthCallbackError naming the provider", async () => {
    const { config, log } = setup([oidc(), oidc({ id: "idp-b", clientId: "client-b", clientSecret: "secret-b" })]);
    const { jar, callback } = await begin(config, "idp");
    const atB = callback.replace("/auth/callback/idp?", "/auth/callback/idp-b?");
    const tokens = tokenRequests(idp);
    const response = await oauthCallback(config, atB, jar);
    await expectRefused(config, response, jar.header);
    expect(log()).toContain('made for provider "idp", not "idp-b"');
    expect(tokenRequests(idp)).toBe(tokens);
  });

  it("a provider on another IdP → OAuthCallbackError", async () => {
    const { config } = setup([oidc(), oidc({ id: "idp2", issuer: idp2.issuer })]);
    const { jar, callback } = await begin(config, "idp");
    const response = await oauthCallback(config, callback.replace("/auth/callback/idp?", "/auth/callback/idp2?"), jar);
    await expectRefused(config, response, jar.header);
  });

  it("the same provider id pointed at another issuer (mix-up) → OAuthCallbackError: the cookies are bound to the issuer", async () => {
    const { config: atFirst } = setup([oidc()]);
    const { config: atSecond, log } = setup([oidc({ issuer: idp2.issuer })]);
    const { jar, callback } = await begin(atFirst, "idp");
    const response = await oauthCallback(atSecond, withParam(callback, "iss", idp2.issuer), jar);
    await expectRefused(atSecond, response, jar.header);
    expect(log()).toContain("made for another issuer");
  });
});

const ISS_CASES = [
  ["a foreign issuer", mutated((callback) => withParam(callback, "iss", "https://evil.example"))],
  ["the other IdP's issuer", mutated((callback) => withParam(callback, "iss", idp2.issuer))],
  ["no iss although the IdP announces it", mutated((callback) => withParam(callback, "iss", null))],
] as const;

// Security-cases R-OAUTH-05 / §1.4 (V10.2.2): "Foyer also binds issuer, client_id and redirect_uri".
// The same provider id and issuer with another client or another redirect URI: the IdP refuses the
// code in the end; the binding should refuse it before the code is sent anywhere.
const otherClient: Scenario = once(async () => {
  const { config: atFirst } = setup();
  const { config, log } = setup([oidc({ clientId: "client-b", clientSecret: "secret-b" })]);
  const { jar, callback } = await begin(atFirst);
  const tokensBefore = tokenRequests(idp);
  const response = await oauthCallback(config, callback, jar);
  return { config, response, cookie: jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
});

const otherRedirectUri: Scenario = once(async () => {
  const { config: atFirst } = setup();
  const { config, log } = setup([oidc()], { basePath: "/api/auth" });
  const { jar, callback } = await begin(atFirst);
  const tokensBefore = tokenRequests(idp);
  const response = await oauthCallback(config, callback.replace("/auth/callback/", "/api/auth/callback/"), jar);
  return { config, response, cookie: jar.header, log, tokensBefore, tokensAfter: tokenRequests(idp) };
});

describe("R-OAUTH-05: check cookies made for another client or redirect URI", () => {
  it("another client_id (same provider id and issuer) → OAuthCallbackError, no session", async () => {
    const { config, response, cookie } = await otherClient();
    await expectRefused(config, response, cookie);
  });

  it("another redirect_uri (same provider id, issuer and client) → OAuthCallbackError, no session", async () => {
    const { response } = await otherRedirectUri();
    expect(response.headers.get("location")).toBe(`${ORIGIN}/api/auth/signin?error=OAuthCallbackError`);
    expect(setCookies(response).has("authjs.session-token")).toBe(false);
  });

  it.each([
    ["another client_id", otherClient],
    ["another redirect_uri", otherRedirectUri],
  ] as const)("%s: the cookies are bound to it, so the code is never sent to the token endpoint", async (_name, scenario) => {
    const { tokensBefore, tokensAfter, log } = await scenario();
    expect(tokensAfter).toBe(tokensBefore);
    expect(log()).toContain("check failed");
  });
});

describe("R-OAUTH-06: the iss parameter (RFC 9207)", () => {
  it.each(ISS_CASES)("%s → OAuthCallbackError, the code is not exchanged", async (_name, scenario) => {
    const { config, response, cookie, tokensBefore, tokensAfter } = await scenario();
    await expectRefused(config, response, cookie);
    expect(tokensAfter).toBe(tokensBefore);
  });
});

describe("R-OAUTH-07: check cookies older than 900 s", () => {
  async function beginAt(config: AuthConfig, secondsAgo: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - secondsAgo * 1000);
    const start = await startOAuthSignIn(config, "idp");
    vi.useRealTimers();
    const callback = await idp.completeLogin(start.authorizationUrl, { login: "ada" });
    return { ...start, callback };
  }

  it("expired → OAuthCallbackError, no session", async () => {
    const { config, log } = setup();
    const { jar, callback } = await beginAt(config, 900 + 16);
    const response = await oauthCallback(config, callback, jar);
    await expectRefused(config, response, jar.header);
    expect(log()).toMatch(/check failed: its cookie could not be opened/);
  });

  it("still valid a little before 900 s", async () => {
    const { config } = setup();
    const { jar, callback } = await beginAt(config, 880);
    const response = await oauthCallback(config, callback, jar);
    expect(response.headers.get("location")).toBe(ORIGIN);
  });
});

describe("R-OAUTH-08: an error answer from the provider", () => {
  const HOSTILE = `<script>alert("pwned")</script><img src=x onerror=alert(1)>`;

  async function expectNoDescription(response: Response): Promise<void> {
    const text = `${response.headers.get("location") ?? ""}\n${[...response.headers.values()].join("\n")}\n${await response.text()}`;
    for (const needle of ["<script", "alert(", "pwned", "onerror", "End-User aborted"]) expect(text).not.toContain(needle);
    expect(text).not.toContain(encodeURIComponent("<script"));
  }

  it("error=access_denied with a hostile error_description → OAuthCallbackError; the description is in no response", async () => {
    const { config, errors } = setup();
    const start = await startOAuthSignIn(config, "idp");
    const url = idp.errorCallback(start.authorizationUrl, "access_denied", HOSTILE);
    const response = await oauthCallback(config, url, start.jar);
    await expectRefused(config, response, start.jar.header);
    expect(errors.map((error) => error.name)).toEqual(["OAuthCallbackError"]);
    await expectNoDescription(response);

    // The sign-in page the browser lands on.
    const page = await Auth(
      get(new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search, { cookie: start.jar.header }),
      config,
    );
    expect(page.status).toBe(200);
    const html = await page.clone().text();
    expect(html).toContain('role="alert"');
    await expectNoDescription(page);

    // The same through the client API (X-Auth-Return-Redirect).
    const json = await oauthCallback(config, url, start.jar.header, { "X-Auth-Return-Redirect": "1" });
    expect(await json.clone().json()).toEqual({ url: SIGNIN_OAUTH_ERROR });
    await expectNoDescription(json);
  });

  it.each(["login", "consent"] as const)("the user cancels on the IdP's %s page → OAuthCallbackError", async (at) => {
    const { config } = setup();
    const start = await startOAuthSignIn(config, "idp");
    const url = await idp.deny(start.authorizationUrl, { at });
    expect(new URL(url).searchParams.get("error")).toBe("access_denied");
    const response = await oauthCallback(config, url, start.jar);
    await expectRefused(config, response, start.jar.header);
    await expectNoDescription(response);
  });
});

describe("R-OAUTH-09: a form_post answer replayed cross-site without cookies", () => {
  it("fails closed: OAuthCallbackError, no session", async () => {
    const provider = oidc({ id: "idp-form", authorization: { params: { response_mode: "form_post" } } });
    const { config } = setup([provider]);
    const start = await startOAuthSignIn(config, "idp-form");
    const answer = await idp.completeLoginAnswer(start.authorizationUrl, { login: "ada" });
    expect(answer.form).toBeDefined();
    const response = await oauthCallback(config, answer, "", { origin: "https://evil.example" });
    await expectRefused(config, response);
  });
});

describe("ID token validation", () => {
  it("an ID token issued to another client (wrong aud) → OAuthCallbackError", async () => {
    const { config, response, cookie } = await idTokenForAnotherClient();
    await expectRefused(config, response, cookie);
  });

  it.each([
    ["with the IdP's iss parameter", MISISSUED_WITH_ISS],
    ["without an iss parameter (only the ID token's iss is left to check)", MISISSUED_WITHOUT_ISS],
  ] as const)("a misconfigured issuer (explicit endpoints, issuer ≠ the IdP's) %s → OAuthCallbackError", async (_name, scenario) => {
    const { config, response, cookie } = await scenario();
    await expectRefused(config, response, cookie);
  });
});

describe("R-SESS-02: a check cookie pasted into the session slot", () => {
  it.each(CHECK_COOKIES)("%s as authjs.session-token → no session", async (name) => {
    const { config } = setup();
    const { jar } = await startOAuthSignIn(config, "idp");
    const value = jar.cookies.get(name)!;
    expect(value).toBeTruthy();
    expect(await sessionOf(config, `authjs.session-token=${value}`)).toBeNull();
  });
});

describe("the log names the check that failed (callback module: 'the log names the check')", () => {
  it.each([
    ["a state parameter from another sign-in", stateFromAnotherSignIn, /"state"/],
    ["a foreign iss parameter", ISS_CASES[0][1], /"iss"/],
    ["a missing iss parameter", ISS_CASES[2][1], /"iss"/],
    ["a nonce from another sign-in", nonceFromAnotherSignIn, /"nonce"/],
    ["an ID token for another client", idTokenForAnotherClient, /"aud"/],
    ["an ID token from another issuer", MISISSUED_WITHOUT_ISS, /"iss"/],
  ] as const)("%s", async (_name, scenario, check) => {
    const { response, log } = await scenario();
    expect(response.headers.get("location")).toBe(SIGNIN_OAUTH_ERROR);
    expect(log()).toMatch(check);
  });
});
