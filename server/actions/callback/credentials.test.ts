/**
 * Credentials sign-in through `Auth()`: the Auth.js callback flow, the signIn callback outcomes and the
 * error mapping (docs/compatibility.md, docs/errors.md).
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../auth.js";
import { CredentialsSignin } from "../../core/errors.js";
import Credentials from "../../providers/credentials.js";
import { CookieJar, ORIGIN, PASSWORD, csrf, get, postForm, postJson, signIn, testConfig } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";

function withAuthorize(authorize: (credentials: Record<string, unknown>, request: Request) => unknown, overrides: Partial<AuthConfig> = {}) {
  return testConfig({ providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: authorize as never })], ...overrides });
}

async function submit(config: AuthConfig, fields: Record<string, string> = { username: "ada", password: PASSWORD }, headers?: Record<string, string>) {
  const { jar, csrfToken } = await csrf(config);
  return Auth(postForm("/auth/callback/credentials", { csrfToken, ...fields }, { cookie: jar.header, headers }), config);
}

describe("a successful sign-in", () => {
  it("sets the session cookie with Auth.js's attributes and redirects to the callback URL", async () => {
    const { response } = await signIn(testConfig());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!;
    expect(cookie).toMatch(/^authjs\.session-token=ey[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$/);
  });

  it("uses __Secure- names and the Secure attribute on https", async () => {
    const config = testConfig();
    const csrfResponse = await Auth(new Request("https://example.com/auth/csrf"), config);
    const jar = new CookieJar().update(csrfResponse);
    const { csrfToken } = await csrfResponse.json();
    const response = await Auth(
      new Request("https://example.com/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
        body: new URLSearchParams({ csrfToken, username: "ada", password: PASSWORD }),
      }),
      config,
    );
    const names = response.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toEqual(["__Secure-authjs.callback-url", "__Secure-authjs.session-token"].filter((n) => names.includes(n)));
    expect(names).toContain("__Secure-authjs.session-token");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("__Secure-authjs.session-token"))).toContain("; Secure;");
  });

  it("useSecureCookies forces the secure names on http; cookie overrides rename and keep defaults", async () => {
    const secure = await signIn(testConfig({ useSecureCookies: true }));
    expect(secure.response.headers.getSetCookie().some((c) => c.startsWith("__Secure-authjs.session-token="))).toBe(true);
    const renamed = await signIn(testConfig({ cookies: { sessionToken: { name: "app.session" } } }));
    expect(renamed.response.headers.getSetCookie().find((c) => c.startsWith("app.session="))).toMatch(/; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
  });

  it("authorize gets the posted fields and a Request with the original URL, headers and a JSON body", async () => {
    let seen: { credentials: Record<string, unknown>; url: string; method: string; agent: string | null; body: unknown } | undefined;
    const config = withAuthorize(async (credentials, request) => {
      seen = { credentials, url: request.url, method: request.method, agent: request.headers.get("user-agent"), body: await request.json() };
      return { id: "7" };
    });
    await submit({ ...config, basePath: "/auth" }, { username: "u", password: "p" }, { "user-agent": "test-agent/1.0" });
    expect(seen!.credentials).toMatchObject({ username: "u", password: "p", csrfToken: expect.any(String) });
    expect(seen!.url).toBe(`${ORIGIN}/auth/callback/credentials`);
    expect(seen!.method).toBe("POST");
    expect(seen!.agent).toBe("test-agent/1.0");
    expect(seen!.body).toMatchObject({ username: "u", password: "p" });
  });

  it("accepts a JSON body", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(postJson("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), config);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });

  it("a numeric id becomes a string; a missing id becomes a random UUID", async () => {
    const subs: unknown[] = [];
    const jwt = ({ token }: { token: { sub?: string } }) => (subs.push(token.sub), token);
    await submit(withAuthorize(() => ({ id: 42, name: "N" }), { callbacks: { jwt } }));
    await submit(withAuthorize(() => ({ name: "No id" }), { callbacks: { jwt } }));
    expect(subs[0]).toBe("42");
    expect(subs[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("callbacks and events get Auth.js's arguments; signIn event gets the raw authorize result", async () => {
    const log: Record<string, unknown>[] = [];
    const config = withAuthorize(() => ({ id: "u1", name: "U", email: "u@x.io", role: "admin" }), {
      callbacks: {
        signIn: (params) => (log.push({ callback: "signIn", ...params }), true),
        jwt: (params) => (log.push({ callback: "jwt", ...params }), params.token),
      },
      events: { signIn: (message) => void log.push({ event: "signIn", ...message }) },
    });
    await submit(config, { username: "x", password: "y" });
    const [signInCall, jwtCall, signInEvent] = log;
    expect(signInCall).toMatchObject({
      callback: "signIn",
      user: { id: "u1", name: "U", email: "u@x.io" },
      account: { providerAccountId: "u1", type: "credentials", provider: "credentials" },
      credentials: { username: "x", password: "y" },
    });
    expect(jwtCall).toMatchObject({
      callback: "jwt",
      token: { name: "U", email: "u@x.io", sub: "u1" },
      trigger: "signIn",
      isNewUser: false,
      account: { provider: "credentials" },
    });
    expect(signInEvent).toEqual({
      event: "signIn",
      user: { id: "u1", name: "U", email: "u@x.io", role: "admin" },
      account: expect.objectContaining({ provider: "credentials" }),
    });
  });

  it("a provider with another id and a custom basePath", async () => {
    const config = testConfig({
      basePath: "/api/auth",
      providers: [Credentials({ id: "password", name: "Password", credentials: {}, authorize: () => ({ id: "1" }) })],
    });
    const { jar, csrfToken } = await (async () => {
      const r = await Auth(get("/api/auth/csrf"), config);
      return { jar: new CookieJar().update(r), csrfToken: (await r.json()).csrfToken as string };
    })();
    const response = await Auth(postForm("/api/auth/callback/password", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });
});

describe("a refused sign-in", () => {
  it("authorize returning null → sign-in page with error=CredentialsSignin&code=credentials, no session", async () => {
    const response = await submit(testConfig(), { username: "ada", password: "wrong" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false);
  });

  it("a thrown CredentialsSignin subclass carries its code", async () => {
    class AccountLocked extends CredentialsSignin {
      override code = "locked";
    }
    const response = await submit(
      withAuthorize(() => {
        throw new AccountLocked();
      }),
    );
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=locked`);
  });

  it("a custom sign-in page gets the error appended to its own query", async () => {
    const response = await submit(testConfig({ pages: { signIn: "/login?next=1" } }), { username: "ada", password: "wrong" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?next=1&error=CredentialsSignin&code=credentials`);
  });

  it("any other error thrown by authorize → Configuration, logged as CallbackRouteError", async () => {
    const errors: Error[] = [];
    const config = withAuthorize(
      () => {
        throw new Error("db connection refused");
      },
      { logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } },
    );
    const response = await submit(config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((e) => (e as { type?: string }).type)).toContain("CallbackRouteError");
  });
});

describe("signIn callback outcomes", () => {
  it("false → AccessDenied on the error page", async () => {
    const response = await submit(testConfig({ callbacks: { signIn: () => false } }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false);
  });

  it("a thrown error → AccessDenied carrying the original message", async () => {
    const errors: Error[] = [];
    const response = await submit(
      testConfig({
        logger: { error: (e) => void errors.push(e), warn() {}, debug() {} },
        callbacks: {
          signIn: () => {
            throw new Error("banned user");
          },
        },
      }),
    );
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(errors[0]).toMatchObject({ type: "AccessDenied", message: "banned user" });
  });

  it("a string stops the sign-in and redirects there (through the redirect callback)", async () => {
    const response = await submit(testConfig({ callbacks: { signIn: () => "/onboarding" } }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/onboarding`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false);
  });

  it("a string to another origin is refused by the default redirect callback", async () => {
    const response = await submit(testConfig({ callbacks: { signIn: () => "https://evil.com/phish" } }));
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("a custom error page receives AccessDenied", async () => {
    const response = await submit(testConfig({ pages: { error: "/oops" }, callbacks: { signIn: () => false } }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/oops?error=AccessDenied`);
  });

  it("an absolute custom page keeps its own origin (no origin glued in front)", async () => {
    const response = await submit(testConfig({ pages: { error: "https://status.example.org/auth-error" }, callbacks: { signIn: () => false } }));
    expect(response.headers.get("location")).toBe("https://status.example.org/auth-error?error=AccessDenied");
  });

  it("a jwt callback returning null at sign-in signs nobody in", async () => {
    const response = await submit(testConfig({ callbacks: { jwt: () => null } }));
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().filter((c) => c.startsWith("authjs.session-token=ey"))).toEqual([]);
  });
});
