/**
 * The redirect proxy (`redirectProxyUrl`, docs/compatibility.md#oauth-and-openid-connect; hostile cases
 * R-REDIR-14, R-REDIR-15), black-box
 * through `Auth()` with a real OpenID Provider: a preview deployment starts the sign-in, the IdP
 * answers the proxy's stable callback, the proxy forwards the answer — only to an origin on
 * `redirectProxyAllowedOrigins`, matched exactly, localhost only outside production.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import { OIDC } from "../providers/oauth.js";
import { ORIGIN, setCookies, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "./test-idp.js";

/** The proxy deployment (the harness's origin): the only redirect URI the IdP knows. */
const PROXY = `${ORIGIN}/auth`;
const PROXY_CALLBACK = `${PROXY}/callback/idp`;
const PREVIEW = "https://preview.example.com";
const CONFIGURATION_ERROR = `${ORIGIN}/auth/error?error=Configuration`;

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp({ clients: [{ client_id: "client-a", client_secret: "secret-a", redirect_uris: [PROXY_CALLBACK] }] });
});
afterAll(async () => {
  await idp.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function config(overrides: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const cfg = testConfig({
    redirectProxyUrl: PROXY,
    providers: [OIDC({ id: "idp", name: "Test IdP", issuer: idp.issuer, clientId: "client-a", clientSecret: "secret-a" })],
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    ...overrides,
  });
  return { config: cfg, errors };
}

/** A sign-in started on `origin` and completed at the IdP: the IdP's answer to the proxy's callback. */
async function startAt(deployment: AuthConfig, origin: string) {
  const start = await startOAuthSignIn(deployment, "idp", { origin });
  const answer = await idp.completeLogin(start.authorizationUrl, { login: "ada" });
  return { ...start, answer };
}

describe("forwarding", () => {
  it("a preview deployment signs in through the proxy: redirect_uri is the proxy's, the proxy forwards every parameter", async () => {
    const preview = config();
    const proxy = config({ redirectProxyAllowedOrigins: [PREVIEW] });
    const { jar, authorizationUrl, answer } = await startAt(preview.config, PREVIEW);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(PROXY_CALLBACK);
    expect(answer.startsWith(`${PROXY_CALLBACK}?`)).toBe(true);

    // The proxy has no cookies of this sign-in; it only forwards.
    const forwarded = await Auth(new Request(answer), proxy.config);
    expect(forwarded.status).toBe(302);
    const location = new URL(forwarded.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${PREVIEW}/auth/callback/idp`);
    const sent = new URL(answer).searchParams;
    expect(Object.fromEntries(location.searchParams)).toEqual(Object.fromEntries(sent));
    expect([...setCookies(forwarded).keys()].filter((name) => name.includes("session"))).toEqual([]);
    expect(proxy.errors).toEqual([]);

    // Back on the preview deployment: the code is exchanged with the proxy's redirect_uri.
    const done = await oauthCallback(preview.config, location.href, jar);
    expect(done.headers.get("location")).toBe(PREVIEW);
    expect(setCookies(done).get("__Secure-authjs.session-token")).toBeTruthy();
    const session = await Auth(new Request(`${PREVIEW}/auth/session`, { headers: { cookie: jar.header } }), preview.config);
    expect(await session.json()).toMatchObject({ user: { email: "ada@example.test" } });
    expect(preview.errors).toEqual([]);
  });

  it("a sign-in started on the proxy itself is not forwarded", async () => {
    const proxy = config({ redirectProxyAllowedOrigins: [PREVIEW] });
    const { jar, authorizationUrl, answer } = await startAt(proxy.config, ORIGIN);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(PROXY_CALLBACK);
    const response = await oauthCallback(proxy.config, answer, jar);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(setCookies(response).get("authjs.session-token")).toBeTruthy();
  });

  it("an error answer is forwarded to the starting deployment as well", async () => {
    const preview = config();
    const proxy = config({ redirectProxyAllowedOrigins: [PREVIEW] });
    const start = await startOAuthSignIn(preview.config, "idp", { origin: PREVIEW });
    const denied = await idp.deny(start.authorizationUrl);
    const forwarded = await Auth(new Request(denied), proxy.config);
    const location = new URL(forwarded.headers.get("location")!);
    expect(location.origin).toBe(PREVIEW);
    expect(location.searchParams.get("error")).toBe("access_denied");
    const back = await oauthCallback(preview.config, location.href, start.jar);
    expect(back.headers.get("location")).toBe(`${PREVIEW}/auth/signin?error=OAuthCallbackError`);
  });
});

describe("R-REDIR-14: refusing to forward", () => {
  it("an origin not on the allow list → Configuration, never a redirect there", async () => {
    const preview = config();
    const proxy = config({ redirectProxyAllowedOrigins: ["https://other.example.com"] });
    const { answer } = await startAt(preview.config, PREVIEW);
    const response = await Auth(new Request(answer), proxy.config);
    expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR);
    expect(proxy.errors.map((error) => error.name)).toEqual(["InvalidCheck"]);
    expect(proxy.errors[0]!.message).toContain(PREVIEW);
  });

  it("without an allow list nothing is forwarded", async () => {
    const preview = config();
    const proxy = config();
    const { answer } = await startAt(preview.config, PREVIEW);
    const response = await Auth(new Request(answer), proxy.config);
    expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR);
  });

  it("an undecryptable state → InvalidCheck → Configuration", async () => {
    const proxy = config({ redirectProxyAllowedOrigins: [PREVIEW] });
    const response = await Auth(new Request(`${PROXY_CALLBACK}?code=abc&state=not-a-sealed-state&iss=${encodeURIComponent(idp.issuer)}`), proxy.config);
    expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR);
    expect(proxy.errors.map((error) => error.name)).toEqual(["InvalidCheck"]);
  });

  it("a state sealed by another deployment's secret → Configuration", async () => {
    const foreign = config({ secret: "another-deployment-secret-0123456789abcdef" });
    const proxy = config({ redirectProxyAllowedOrigins: [PREVIEW] });
    const { answer } = await startAt(foreign.config, PREVIEW);
    const response = await Auth(new Request(answer), proxy.config);
    expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR);
    expect(proxy.errors.map((error) => error.name)).toEqual(["InvalidCheck"]);
  });
});

describe("R-REDIR-15: exact origins only", () => {
  it.each([
    ["another scheme", "http://preview.example.com", [PREVIEW]],
    ["another port", "https://preview.example.com:8443", [PREVIEW]],
    ["a subdomain", "https://evil.preview.example.com", [PREVIEW]],
    ["a wildcard entry", PREVIEW, ["https://*.example.com"]],
  ] as const)("%s is refused", async (_name, origin, allowed) => {
    const preview = config();
    const proxy = config({ redirectProxyAllowedOrigins: [...allowed] });
    const { answer } = await startAt(preview.config, origin);
    const response = await Auth(new Request(answer), proxy.config);
    expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR);
  });

  it.each(["http://localhost:4000", "http://127.0.0.1:4000"])("%s: forwarded in development, refused when NODE_ENV=production", async (origin) => {
    const preview = config();
    const proxy = config({ redirectProxyAllowedOrigins: [origin] });
    const { answer } = await startAt(preview.config, origin);

    vi.stubEnv("NODE_ENV", "development");
    const development = await Auth(new Request(answer), proxy.config);
    expect(new URL(development.headers.get("location")!).origin).toBe(origin);

    vi.stubEnv("NODE_ENV", "production");
    const production = await Auth(new Request(answer), proxy.config);
    expect(production.headers.get("location")).toBe(CONFIGURATION_ERROR);
  });
});
