/**
 * Token responses of real-world OAuth 2 providers that bend the spec (server/oauth/fetch.ts), through
 * `Auth()` against a tiny local OAuth 2 server whose token endpoint answers whatever the test sets:
 * a string `expires_in`, no `token_type`, a form-encoded body, JSON served as `text/plain`. Also the
 * token request itself (Auth.js's form body: `redirect_uri`, `code`, `code_verifier`, `grant_type`)
 * and the stored account (`token_type` lowercased, `expires_at`).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OAuth } from "../providers/oauth.js";
import { ORIGIN, testConfig } from "../testing/harness.js";
import type { Account, AuthConfig, Profile } from "../types.js";
import { oauthCallback, startOAuthSignIn } from "./test-idp.js";

interface TokenAnswer {
  status?: number;
  contentType: string;
  body: string;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: URLSearchParams;
}

let server: Server;
let base: string;
let answer: TokenAnswer;
let tokenRequests: Received[];
let userinfoRequests: Received[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      if (req.method === "POST" && path === "/token") {
        tokenRequests.push({ headers: req.headers, body: new URLSearchParams(raw) });
        res.writeHead(answer.status ?? 200, { "content-type": answer.contentType });
        return void res.end(answer.body);
      }
      if (req.method === "GET" && path === "/userinfo") {
        userinfoRequests.push({ headers: req.headers, body: new URLSearchParams() });
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ id: 42, login: "octo", name: "Octo Cat", email: "octo@example.com" }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  tokenRequests = [];
  userinfoRequests = [];
});

function setup() {
  const errors: Error[] = [];
  const signIns: { account: Account; profile: Profile }[] = [];
  const config: AuthConfig = testConfig({
    providers: [
      OAuth({
        id: "tiny",
        name: "Tiny",
        authorization: `${base}/authorize?scope=read`,
        token: `${base}/token`,
        userinfo: `${base}/userinfo`,
        clientId: "tiny-client",
        clientSecret: "tiny-secret",
      }),
    ],
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    events: { signIn: (message) => void signIns.push(message as never) },
  });
  return { config, errors, signIns };
}

/** Starts the sign-in, then arrives at the callback with a code as the provider would send it. */
async function signIn(config: AuthConfig) {
  const start = await startOAuthSignIn(config, "tiny");
  expect(`${start.authorizationUrl.origin}${start.authorizationUrl.pathname}`).toBe(`${base}/authorize`);
  const callback = new URL(`${ORIGIN}/auth/callback/tiny`);
  callback.searchParams.set("code", "the-code");
  callback.searchParams.set("state", start.authorizationUrl.searchParams.get("state")!);
  const before = Math.floor(Date.now() / 1000);
  const response = await oauthCallback(config, callback.href, start.jar);
  const after = Math.ceil(Date.now() / 1000);
  return { response, start, before, after };
}

describe("token-response normalisers", () => {
  it.each<[string, TokenAnswer]>([
    [
      "standard JSON with token_type Bearer",
      { contentType: "application/json", body: JSON.stringify({ access_token: "at-1", token_type: "Bearer", expires_in: 3600, scope: "read" }) },
    ],
    [
      "a string expires_in",
      {
        contentType: "application/json; charset=utf-8",
        body: JSON.stringify({ access_token: "at-1", token_type: "bearer", expires_in: "3600", scope: "read" }),
      },
    ],
    ["no token_type", { contentType: "application/json", body: JSON.stringify({ access_token: "at-1", expires_in: 3600, scope: "read" }) }],
    ["a form-encoded body", { contentType: "application/x-www-form-urlencoded", body: "access_token=at-1&token_type=bearer&expires_in=3600&scope=read" }],
    [
      "form-encoded text served as text/plain, without token_type",
      { contentType: "text/plain; charset=utf-8", body: "access_token=at-1&expires_in=3600&scope=read" },
    ],
    [
      "JSON served as text/plain",
      { contentType: "text/plain", body: JSON.stringify({ access_token: "at-1", token_type: "Bearer", expires_in: "3600", scope: "read" }) },
    ],
    ["JSON served as text/html", { contentType: "text/html; charset=utf-8", body: JSON.stringify({ access_token: "at-1", expires_in: 3600, scope: "read" }) }],
  ])("%s → signed in; token_type 'bearer', numeric expires_at", async (_name, tokenAnswer) => {
    answer = tokenAnswer;
    const { config, errors, signIns } = setup();
    const { response, before, after } = await signIn(config);
    expect(errors).toEqual([]);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(signIns).toHaveLength(1);
    const { account, profile } = signIns[0]!;
    expect(account).toMatchObject({ provider: "tiny", type: "oauth", providerAccountId: "42", access_token: "at-1", token_type: "bearer", scope: "read" });
    expect(typeof account.expires_at).toBe("number");
    expect(account.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(account.expires_at).toBeLessThanOrEqual(after + 3600);
    expect(profile).toMatchObject({ login: "octo", email: "octo@example.com" });
    // The userinfo request carried the access token.
    expect(userinfoRequests.map((request) => request.headers.authorization)).toEqual(["Bearer at-1"]);
  });

  it("the token request: authorization_code grant with the code, redirect_uri, PKCE verifier and Basic client authentication", async () => {
    answer = { contentType: "application/json", body: JSON.stringify({ access_token: "at-1", token_type: "bearer" }) };
    const { config } = setup();
    const { start } = await signIn(config);
    expect(tokenRequests).toHaveLength(1);
    const { headers, body } = tokenRequests[0]!;
    // base64(formUrlEncode(id) + ":" + formUrlEncode(secret)), RFC 6749 §2.3.1, as Auth.js sends it: "-" is %2D.
    expect(headers.authorization).toBe(`Basic ${Buffer.from("tiny%2Dclient:tiny%2Dsecret").toString("base64")}`);
    expect(body.get("grant_type")).toBe("authorization_code");
    expect(body.get("code")).toBe("the-code");
    expect(body.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/tiny`);
    const verifier = body.get("code_verifier")!;
    const challenge = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))).toString("base64url");
    expect(challenge).toBe(start.authorizationUrl.searchParams.get("code_challenge"));
    expect(body.has("client_secret")).toBe(false);
  });

  it("without expires_in there is no expires_at", async () => {
    answer = { contentType: "application/json", body: JSON.stringify({ access_token: "at-1", token_type: "bearer" }) };
    const { config, signIns } = setup();
    await signIn(config);
    expect(signIns[0]!.account).not.toHaveProperty("expires_at");
  });

  it.each<[string, TokenAnswer]>([
    [
      "an OAuth error answer",
      { status: 400, contentType: "application/json", body: JSON.stringify({ error: "invalid_grant", error_description: "bad code" }) },
    ],
    ["a 200 without an access token", { contentType: "application/json", body: JSON.stringify({ token_type: "bearer" }) }],
    ["an HTML error page", { status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" }],
  ])("%s → OAuthCallbackError, nobody signed in", async (_name, tokenAnswer) => {
    answer = tokenAnswer;
    const { config, errors, signIns } = setup();
    const { response } = await signIn(config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
    expect(signIns).toEqual([]);
    expect(errors.map((error) => error.name)).toEqual(["OAuthCallbackError"]);
  });
});
