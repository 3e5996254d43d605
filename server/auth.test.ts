/**
 * Black-box tests of request parsing and dispatch through `Auth()`, which match Auth.js's
 * (docs/compatibility.md#1-what-is-identical-on-the-wire; hostile cases R-REQ-*,
 * docs/security.md#csrf-and-request-shape).
 */
import { describe, expect, it } from "vitest";
import { Auth } from "./auth.js";
import { raw } from "./core/markers.js";
import { AuthError, CredentialsSignin } from "./core/errors.js";
import type { AuthConfig } from "./types.js";
import { ORIGIN, csrf, get, postForm, postJson, signIn, testConfig, unusedAdapter } from "./testing/harness.js";

const CONFIG_REDIRECT = `${ORIGIN}/auth/error?error=Configuration`;

describe("request parsing", () => {
  it.each(["PUT", "DELETE", "PATCH", "OPTIONS"])('R-REQ-12 %s → 400 "Bad request."', async (method) => {
    const response = await Auth(new Request(`${ORIGIN}/auth/session`, { method }), testConfig());
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toBe("Bad request.");
  });

  it("R-REQ-12 HEAD → 400 with an empty body", async () => {
    const response = await Auth(new Request(`${ORIGIN}/auth/session`, { method: "HEAD" }), testConfig());
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("");
  });

  it.each(["/auth/session/x", "/auth/unknown", "/auth/signin/a/b", "/api/auth/signin", "/auth/auth/signin/github", "/auth", "/auth/", "/authsession"])(
    "R-REQ-13 %s → 400",
    async (path) => {
      const response = await Auth(get(path), testConfig());
      expect(response.status).toBe(400);
      expect(await response.json()).toBe("Bad request.");
    },
  );

  it("tolerates trailing slashes (/auth/providers/// = providers)", async () => {
    const response = await Auth(get("/auth/providers///"), testConfig());
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).toEqual(["credentials"]);
  });

  it("a custom basePath moves every route", async () => {
    const config = testConfig({ basePath: "/api/auth" });
    expect((await Auth(get("/api/auth/csrf"), config)).status).toBe(200);
    expect((await Auth(get("/auth/csrf"), config)).status).toBe(400);
  });

  it('basePath "/" serves actions at the root', async () => {
    const response = await Auth(get("/csrf"), testConfig({ basePath: "/" }));
    expect(response.status).toBe(200);
  });

  it("writes the default basePath back into the config object, as Auth.js does", async () => {
    const config = testConfig();
    await Auth(get("/auth/csrf"), config);
    expect(config.basePath).toBe("/auth");
  });

  it("R-REQ-07 invalid JSON → 400", async () => {
    const response = await Auth(postJson("/auth/signout", '{"csrfToken":'), testConfig());
    expect(response.status).toBe(400);
    expect(await response.json()).toBe("Bad request.");
  });

  it.each(["null", "[]", '"x"', "1"])("R-REQ-08 JSON that is not an object (%s) → treated as no body → MissingCSRF", async (body) => {
    const response = await Auth(postJson("/auth/signout", body), testConfig());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it.each(["text/plain", "multipart/form-data; boundary=x"])("R-REQ-06 Content-Type %s → body ignored → MissingCSRF", async (type) => {
    const { jar, csrfToken } = await csrf(testConfig());
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": type, cookie: jar.header },
      body: `csrfToken=${csrfToken}`,
    });
    const response = await Auth(request, testConfig());
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it.each([
    ["text/plain; x=application/x-www-form-urlencoded", (token: string) => `csrfToken=${token}`],
    ["text/plain; charset=application/json", (token: string) => JSON.stringify({ csrfToken: token })],
    ["multipart/form-data; boundary=application/x-www-form-urlencoded", (token: string) => `csrfToken=${token}`],
    ["application/x-www-form-urlencoded-but-not", (token: string) => `csrfToken=${token}`],
    ["application/json-seq", (token: string) => JSON.stringify({ csrfToken: token })],
    ["text/application/json", (token: string) => JSON.stringify({ csrfToken: token })],
    ["application/jsonp", (token: string) => JSON.stringify({ csrfToken: token })],
  ])("a Content-Type that only mentions a form or JSON type (%s) is not read as one → body ignored → MissingCSRF", async (type, body) => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const request = new Request(`${ORIGIN}/auth/signout`, { method: "POST", headers: { "content-type": type, cookie: jar.header }, body: body(csrfToken) });
    const response = await Auth(request, config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it.each([
    ["APPLICATION/X-WWW-FORM-URLENCODED", (token: string) => `csrfToken=${token}`],
    [" application/x-www-form-urlencoded ; charset=UTF-8", (token: string) => `csrfToken=${token}`],
    ["Application/Json;charset=utf-8", (token: string) => JSON.stringify({ csrfToken: token })],
    ['application/json; profile="text/plain"', (token: string) => JSON.stringify({ csrfToken: token })],
  ])("a form or JSON media type in any case, with spaces or parameters (%s), is read", async (type, body) => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": type, cookie: jar.header },
      body: `${body(csrfToken)}`,
    });
    const response = await Auth(request, config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("R-REQ-11 a body over the limit → 413 before parsing (declared length)", async () => {
    const big = "x".repeat(2 * 1024 * 1024);
    const response = await Auth(postForm("/auth/signout", { csrfToken: big }), testConfig());
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "PayloadTooLarge" });
  });

  it("R-REQ-11 a streamed body without Content-Length over the limit → 413", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await Auth(request, testConfig({ maxBodySize: 100_000 }));
    expect(response.status).toBe(413);
  });

  it("R-REQ-09 __proto__ / constructor as provider ids miss the lookup → Configuration redirect", async () => {
    for (const id of ["__proto__", "constructor", "prototype", "toString"]) {
      const { jar, csrfToken } = await csrf(testConfig());
      const response = await Auth(postForm(`/auth/callback/${id}`, { csrfToken }, { cookie: jar.header }), testConfig());
      expect(response.headers.get("location")).toBe(CONFIG_REDIRECT);
    }
  });

  it("R-REQ-09 __proto__ keys in JSON, form and query do not pollute prototypes", async () => {
    const config = testConfig();
    await Auth(postJson("/auth/session?__proto__[polluted]=1", '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'), config);
    await Auth(postForm("/auth/signout", { "__proto__[polluted]": "1", __proto__: "x" }), config);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("R-REQ-10 repeated form keys: the last value counts", async () => {
    const { jar, csrfToken } = await csrf(testConfig());
    const body = `csrfToken=wrong&csrfToken=${csrfToken}`;
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
      body,
    });
    const response = await Auth(request, testConfig());
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("the provider id `undefined` means no provider", async () => {
    const { jar, csrfToken } = await csrf(testConfig());
    const response = await Auth(postForm("/auth/signin/undefined", { csrfToken }, { cookie: jar.header }), testConfig());
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin`);
  });
});

describe("method/action pairs: GET for all nine actions, POST for callback, session, signin and signout", () => {
  it.each(["csrf", "providers", "error", "verify-request", "webauthn-options"])("POST /%s → UnknownAction → Configuration redirect", async (action) => {
    const response = await Auth(postForm(`/auth/${action}`, {}), testConfig());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(CONFIG_REDIRECT);
  });

  it("GET /signin/<id> → Configuration redirect", async () => {
    const response = await Auth(get("/auth/signin/credentials"), testConfig());
    expect(response.headers.get("location")).toBe(CONFIG_REDIRECT);
  });

  it("an unknown provider id → Configuration redirect", async () => {
    const response = await Auth(get("/auth/callback/github"), testConfig());
    expect(response.headers.get("location")).toBe(CONFIG_REDIRECT);
  });

  it("GET /callback/credentials → Configuration redirect (credentials sign in by POST only)", async () => {
    const response = await Auth(get("/auth/callback/credentials"), testConfig());
    expect(response.headers.get("location")).toBe(CONFIG_REDIRECT);
  });

  it("POST /signin and /signin/credentials redirect to the sign-in page", async () => {
    for (const path of ["/auth/signin", "/auth/signin/credentials"]) {
      const { jar, csrfToken } = await csrf(testConfig());
      const response = await Auth(postForm(path, { csrfToken }, { cookie: jar.header }), testConfig());
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin`);
    }
  });

  it("Foyer's own areas: assets answer 404 JSON for unknown files; account routes are JSON, never Auth.js's 400", async () => {
    const asset = await Auth(get("/auth/assets/logo.svg"), testConfig());
    expect(asset.status).toBe(404);
    expect(await asset.json()).toMatchObject({ error: "NotFound" });
    const sessions = await Auth(get("/auth/account/sessions"), testConfig());
    expect(sessions.status).toBe(404);
    expect(await sessions.json()).toMatchObject({ error: "NotAvailable", message: expect.stringMatching(/database session/) });
    expect((await Auth(get("/auth/account/unknown"), testConfig())).status).toBe(404);
    // any other first segment is still Auth.js's unknown action
    expect((await Auth(get("/auth/accounts"), testConfig())).status).toBe(400);
  });
});

describe("GET /providers (Auth.js's map keyed by id, plus Foyer's component descriptors)", () => {
  it("returns a map keyed by id: Auth.js's five keys exactly, plus the credentials fields", async () => {
    const response = await Auth(get("/auth/providers"), testConfig());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBeNull();
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${ORIGIN}/auth/signin/credentials`,
        callbackUrl: `${ORIGIN}/auth/callback/credentials`,
        fields: [
          { name: "username", label: "Username", type: "text", autocomplete: "username" },
          { name: "password", label: "Password", type: "password", autocomplete: "current-password" },
        ],
      },
    });
  });

  it("adds style (colours, a logo under /auth/assets) for OAuth and e-mail fields, and never lists secrets", async () => {
    const config = testConfig({
      adapter: unusedAdapter(),
      session: { strategy: "jwt" },
      providers: [
        { id: "github", name: "GitHub", type: "oauth", issuer: "https://github.com", clientId: "cid", clientSecret: "super-secret-value" },
        { id: "acme", name: "Acme", type: "oidc", issuer: "https://id.acme.test", clientSecret: "another-secret" },
        { id: "email", name: "Email", type: "email", apiKey: "re_secret_key" },
      ],
    });
    const response = await Auth(get("/auth/providers"), config);
    const text = await response.text();
    for (const secret of ["super-secret-value", "another-secret", "re_secret_key", "cid", "issuer"]) expect(text).not.toContain(secret);
    const body = JSON.parse(text);
    expect(body.github.style).toEqual({
      brandColor: "#181717",
      textColor: "#fff",
      logo: expect.stringMatching(/^\/auth\/assets\/logos\/github\.fff\.[0-9a-f]{10}\.svg$/),
    });
    expect(body.acme.style).toBeUndefined();
    expect(body.email.fields).toEqual([{ name: "email", label: "Email", type: "email", autocomplete: "email", required: true }]);
    for (const entry of Object.values(body) as Record<string, unknown>[]) {
      expect(Object.keys(entry).slice(0, 5)).toEqual(["id", "name", "type", "signinUrl", "callbackUrl"]);
    }
  });
});

describe("X-Auth-Return-Redirect", () => {
  it("turns a redirect into 200 {url}, keeping Set-Cookie and sending no Location (as Auth.js)", async () => {
    const { jar, csrfToken } = await csrf(testConfig());
    const response = await Auth(
      postForm(
        "/auth/callback/credentials",
        { csrfToken, username: "ada", password: "correct horse battery staple" },
        {
          cookie: jar.header,
          headers: { "X-Auth-Return-Redirect": "1" },
        },
      ),
      testConfig(),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: ORIGIN });
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });

  it("in the error path answers {url} without cookies", async () => {
    const response = await Auth(postForm("/auth/signout", {}, { headers: { "X-Auth-Return-Redirect": "1" } }), testConfig());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/signin?error=MissingCSRF` });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("raw mode", () => {
  it("returns the internal response object", async () => {
    const result = await Auth(get("/auth/csrf"), { ...testConfig(), raw } as AuthConfig);
    expect(result).not.toBeInstanceOf(Response);
    const internal = result as unknown as { status: number; body: { csrfToken: string }; cookies: { name: string; value: string }[] };
    expect(internal.status).toBe(200);
    expect(internal.body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(internal.cookies.map((c) => c.name)).toEqual(["authjs.csrf-token", "authjs.callback-url"]);
  });

  it("re-throws AuthErrors to the caller", async () => {
    const config: AuthConfig = { ...testConfig(), raw };
    const { jar, csrfToken } = await csrf(testConfig());
    await expect(
      Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: "nope" }, { cookie: jar.header }), config),
    ).rejects.toBeInstanceOf(CredentialsSignin);
  });

  it("still answers parse failures with a Response", async () => {
    const result = await Auth(get("/auth/nope"), { ...testConfig(), raw } as AuthConfig);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(400);
  });

  it("re-thrown errors are AuthErrors with a type", async () => {
    const config: AuthConfig = { ...testConfig(), raw };
    const error = await Auth(postForm("/auth/signout", {}), config).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).type).toBe("MissingCSRF");
  });
});

describe("config as a function of the request", () => {
  it("accepts sync and async functions", async () => {
    const seen: string[] = [];
    const syncResponse = await Auth(get("/auth/providers"), (request) => {
      seen.push(new URL(request.url).pathname);
      return testConfig();
    });
    const asyncResponse = await Auth(get("/auth/csrf"), async () => testConfig());
    expect(syncResponse.status).toBe(200);
    expect(asyncResponse.status).toBe(200);
    expect(seen).toEqual(["/auth/providers"]);
  });

  it("a throwing config function gives the generic 500 JSON", async () => {
    const response = await Auth(get("/auth/session"), () => {
      throw new Error("database down");
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: "There was a problem with the server configuration. Check the server logs for more information.",
    });
  });

  it("signs in end to end with a per-request config", async () => {
    const { response } = await signIn(testConfig());
    expect(response.status).toBe(302);
  });
});

describe("JSON answers are never sniffed as something else", () => {
  /** Every kind of JSON answer Auth() gives: actions, errors, Foyer's own routes, return-redirect replies. */
  async function jsonAnswers(): Promise<[string, Response][]> {
    const config = testConfig();
    const { jar, csrfToken } = await signIn(config);
    const big = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "2000000" },
      body: "x",
    });
    return [
      ["GET /session", await Auth(get("/auth/session", { cookie: jar.header }), config)],
      ["POST /session", await Auth(postJson("/auth/session", { csrfToken }, { cookie: jar.header }), config)],
      ["POST /session without CSRF", await Auth(postJson("/auth/session", {}, { cookie: jar.header }), config)],
      ["GET /csrf", await Auth(get("/auth/csrf"), config)],
      ["GET /providers", await Auth(get("/auth/providers"), config)],
      ["400 bad request", await Auth(get("/auth/nope"), config)],
      ["400 bad JSON", await Auth(postJson("/auth/signout", "{"), config)],
      ["HEAD 400", await Auth(new Request(`${ORIGIN}/auth/session`, { method: "HEAD" }), config)],
      ["413", await Auth(big, config)],
      ["account 404", await Auth(get("/auth/account/unknown"), config)],
      ["account sessions", await Auth(get("/auth/account/sessions", { cookie: jar.header }), config)],
      ["return-redirect", await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header, headers: { "X-Auth-Return-Redirect": "1" } }), config)],
      ["500 config error", await Auth(get("/auth/session"), testConfig({ secret: undefined }))],
    ];
  }

  it("every JSON answer carries X-Content-Type-Options: nosniff", async () => {
    for (const [name, response] of await jsonAnswers()) {
      expect(response.headers.get("content-type"), name).toBe("application/json");
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
    }
  });

  it("the session update (POST /session) is never cached, like the session read", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await signIn(config);
    const read = await Auth(get("/auth/session", { cookie: jar.header }), config);
    const update = await Auth(postJson("/auth/session", { csrfToken, data: { x: 1 } }, { cookie: jar.header }), config);
    const anonymous = await Auth(postJson("/auth/session", { csrfToken }), config);
    for (const [name, response] of [
      ["GET", read],
      ["POST", update],
      ["POST without a session", anonymous],
    ] as const) {
      expect(response.headers.get("cache-control"), name).toMatch(/(^|, )no-store(,|$)/);
    }
    expect((await update.json()).user.email).toBe("ada@example.com");
  });
});
