/**
 * `foyer-auth/solid-start` through the real `Auth()`: the API route handlers as SolidStart calls them
 * (with an event holding the web `Request`), `getSession` at the config's prefix, and the failures
 * that must read as signed out. The same calls against `@auth/solid-start` show where it differs.
 */
import type { APIEvent } from "@solidjs/start/server";
import { describe, expect, it } from "vitest";
import memoryAdapter from "../../adapters/memory.js";
import { DEMO_USER, ORIGIN, PASSWORD, testConfig } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";
import * as SolidStart from "./index.js";
import { getSession, reachedUrl, SolidAuth, solidStartConfig, type SolidAuthConfig } from "./solid-auth.js";

/** A browser: keeps cookies and sends them back. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(private readonly origin = ORIGIN) {}

  request(path: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Request {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set("cookie", [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "));
    if (init.form) headers.set("content-type", "application/x-www-form-urlencoded");
    return new Request(`${this.origin}${path}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
    });
  }

  keep(response: Response): Response {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
}

function config(overrides: Partial<SolidAuthConfig> = {}): SolidAuthConfig {
  return testConfig(overrides as Partial<AuthConfig>) as SolidAuthConfig;
}

/** Signs ada in through the route handlers, as the built-in page's form does. */
async function signIn(auth: SolidStart.SolidAuthHandlers, browser: Browser, prefix: string, password = PASSWORD): Promise<Response> {
  const csrf = browser.keep(await auth.GET({ request: browser.request(`${prefix}/csrf`) }));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return browser.keep(
    await auth.POST({
      request: browser.request(`${prefix}/callback/credentials`, { form: { csrfToken, username: "ada", password, callbackUrl: `${ORIGIN}/protected` } }),
    }),
  );
}

describe("SolidAuth", () => {
  it("answers at /api/auth by default and signs in with credentials; getSession reads the session there", async () => {
    const options = config();
    const auth = SolidAuth(options);
    const browser = new Browser();
    const providers = await auth.GET({ request: browser.request("/api/auth/providers") });
    expect(providers.status).toBe(200);
    expect(Object.keys((await providers.json()) as object)).toEqual(["credentials"]);

    expect(await getSession(browser.request("/protected"), options)).toBeNull();
    const signedIn = await signIn(auth, browser, "/api/auth");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/protected`);
    const session = await getSession(browser.request("/protected"), options);
    expect(session?.user?.email).toBe(DEMO_USER.email);

    const { csrfToken } = (await (await auth.GET({ request: browser.request("/api/auth/csrf") })).json()) as { csrfToken: string };
    const out = browser.keep(await auth.POST({ request: browser.request("/api/auth/signout", { form: { csrfToken, callbackUrl: `${ORIGIN}/` } }) }));
    expect(out.status).toBe(302);
    expect(await getSession(browser.request("/protected"), options)).toBeNull();
  });

  it("uses a non-default prefix as the base path, without basePath (and getSession follows it)", async () => {
    const options = config({ prefix: "/auth/" });
    expect(solidStartConfig(options).basePath).toBe("/auth");
    const auth = SolidAuth(options);
    const browser = new Browser();
    expect((await signIn(auth, browser, "/auth")).headers.get("location")).toBe(`${ORIGIN}/protected`);
    expect((await getSession(browser.request("/"), options))?.user?.name).toBe(DEMO_USER.name);
    // Pages link to the prefix.
    const page = await auth.GET({ request: browser.request("/auth/signin") });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="http://localhost:3000/auth/callback/credentials"');
  });

  it("lets the prefix win over a different basePath, and keeps an equal one (what @auth/solid-start apps set)", () => {
    expect(solidStartConfig(config({ prefix: "/auth", basePath: "/elsewhere" })).basePath).toBe("/auth");
    expect(solidStartConfig(config({ prefix: "/api/auth", basePath: "/api/auth" })).basePath).toBe("/api/auth");
    expect(solidStartConfig(config({ basePath: "/custom" })).basePath).toBe("/custom");
    const options = config();
    expect(solidStartConfig(options)).toBe(solidStartConfig(options));
    expect("prefix" in solidStartConfig(config({ prefix: "/x" }))).toBe(false);
  });

  it("refuses a credentials form posted without the CSRF token (another site's form): nobody is signed in", async () => {
    const options = config();
    const auth = SolidAuth(options);
    const victim = new Browser();
    // The victim's browser has a CSRF cookie from an earlier visit; the attacker's page cannot read it.
    victim.keep(await auth.GET({ request: victim.request("/api/auth/csrf") }));
    const forged = victim.keep(
      await auth.POST({
        request: victim.request("/api/auth/callback/credentials", {
          form: { username: "ada", password: PASSWORD, csrfToken: "guessed" },
          headers: { origin: "https://evil.example" },
        }),
      }),
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);
    expect([...victim.jar.keys()].some((name) => name.includes("session-token"))).toBe(false);
    expect(await getSession(victim.request("/"), options)).toBeNull();
  });

  it("builds its URLs from the Host the server was reached at, not an Origin header solid-start 0.2 put into the request URL", async () => {
    const auth = SolidAuth(config());
    // solid-start 0.2's Node adapter: new URL(req.url, req.headers.origin ?? host).
    const forged = new Request("https://attacker.example/api/auth/callback/credentials", {
      method: "POST",
      headers: { host: "localhost:3000", origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "ada", password: PASSWORD, csrfToken: "guessed" }),
    });
    const answer = await auth.POST({ request: forged });
    expect(answer.headers.get("location")).toBe("https://localhost:3000/api/auth/signin?error=MissingCSRF");
    expect(reachedUrl(new Request("http://evil.example/x?y=1", { headers: { host: "app.example:8080" } })).href).toBe("http://app.example:8080/x?y=1");
    expect(reachedUrl(new Request("http://app.example/x", { headers: { host: "evil.example/path" } })).href).toBe("http://app.example/x");
    expect(reachedUrl(new Request("http://app.example/x", { headers: { host: "user@evil.example" } })).href).toBe("http://app.example/x");
    expect(reachedUrl(new Request("http://app.example/x")).href).toBe("http://app.example/x");
  });

  it("sends a wrong password back to the sign-in page with error=CredentialsSignin", async () => {
    const auth = SolidAuth(config());
    const browser = new Browser();
    const answer = await signIn(auth, browser, "/api/auth", "wrong");
    expect(answer.headers.get("location")).toMatch(/\/api\/auth\/signin\?error=CredentialsSignin&code=credentials/);
    expect(browser.jar.has("authjs.session-token")).toBe(false);
  });

  it("accepts a bare Request, and answers a config error with the generic 500 JSON, no stack", async () => {
    const errors: unknown[] = [];
    const auth = SolidAuth(config({ secret: undefined, logger: { error: (error) => void errors.push(error), warn() {}, debug() {} } }));
    const previous = process.env.AUTH_SECRET;
    delete process.env.AUTH_SECRET;
    try {
      const answer = await auth.GET(new Request(`${ORIGIN}/api/auth/session`));
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
      expect(JSON.parse(text)).toHaveProperty("message");
    } finally {
      if (previous !== undefined) process.env.AUTH_SECRET = previous;
    }
    expect(errors.length).toBeGreaterThan(0);
  });

  it("answers a request with an unusable Host with the generic 500, never a stack trace", async () => {
    const errors: unknown[] = [];
    const auth = SolidAuth(config({ logger: { error: (error) => void errors.push(error), warn() {}, debug() {} } }));
    const request = new Request(`${ORIGIN}/api/auth/session`);
    Object.defineProperty(request, "url", { value: "not a url" });
    const answer = await auth.GET({ request });
    expect(answer.status).toBe(500);
    expect(errors).toHaveLength(1);
  });
});

describe("getSession", () => {
  it("reads a database session through the adapter", async () => {
    const options = config({ adapter: memoryAdapter(), session: { strategy: "database" } });
    const auth = SolidAuth(options);
    const browser = new Browser();
    await signIn(auth, browser, "/api/auth");
    expect((await getSession(browser.request("/"), options))?.user?.email).toBe(DEMO_USER.email);
  });

  it("logs and returns null on any failure: a broken config, a failing adapter, a broken cookie, an unusable request", async () => {
    const errors: unknown[] = [];
    const logger = { error: (error: Error) => void errors.push(error), warn() {}, debug() {} };
    const cookie = { headers: { cookie: "authjs.session-token=garbage" } };
    const previous = process.env.AUTH_SECRET;
    delete process.env.AUTH_SECRET;
    try {
      expect(await getSession(new Request(`${ORIGIN}/`, cookie), config({ secret: undefined, logger }))).toBeNull();
    } finally {
      if (previous !== undefined) process.env.AUTH_SECRET = previous;
    }
    const failing = config({
      logger,
      session: { strategy: "database" },
      adapter: {
        ...memoryAdapter(),
        getSessionAndUser: () => {
          throw new Error("database unreachable");
        },
      },
    });
    expect(await getSession(new Request(`${ORIGIN}/`, cookie), failing)).toBeNull();
    expect(await getSession(new Request(`${ORIGIN}/`, cookie), config({ logger }))).toBeNull();
    const unusable = new Request(`${ORIGIN}/`);
    Object.defineProperty(unusable, "url", { value: "not a url" });
    errors.length = 0;
    expect(await getSession(unusable, config({ logger }))).toBeNull();
    expect(errors).toHaveLength(1);
    // Never a rejection, even for what is not a request at all.
    await expect(getSession(undefined as unknown as Request, config({ logger }))).resolves.toBeNull();
  });
});

describe("the module", () => {
  it("hands out route handlers that fit @solidjs/start's APIEvent (type-checked) and answer it", async () => {
    const { GET, POST } = SolidAuth(config());
    const handlers: ((event: APIEvent) => Promise<Response>)[] = [GET, POST];
    const event = { request: new Request(`${ORIGIN}/api/auth/providers`), params: { solidauth: "providers" } } as unknown as APIEvent;
    expect((await handlers[0]!(event)).status).toBe(200);
  });

  it("re-exports AuthError, CredentialsSignin and customFetch as @auth/solid-start does", async () => {
    const authjs = await import("@auth/core/errors");
    expect(new SolidStart.CredentialsSignin()).toBeInstanceOf(SolidStart.AuthError);
    expect(typeof SolidStart.customFetch).toBe("symbol");
    expect(SolidStart.CredentialsSignin.name).toBe(authjs.CredentialsSignin.name);
    expect(Object.keys(SolidStart).sort()).toEqual(["AuthError", "CredentialsSignin", "SOLID_START_PREFIX", "SolidAuth", "customFetch", "getSession"]);
  });
});
