/**
 * `foyer-auth/hono` in a real Hono app: in process through `app.request()` (web `Request` only, as on
 * Bun, Deno and Workers) and over real HTTP through `@hono/node-server`. The same app (test-app.ts)
 * is also built from `@hono/auth-js` with only the module changed, and passes the same flows.
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import AuthJsCredentials from "@auth/core/providers/credentials";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import memoryAdapter from "../../adapters/memory.js";
import { customFetch as rootCustomFetch } from "../../index.js";
import Credentials from "../../providers/credentials.js";
import { CookieJar, DEMO_USER, PASSWORD, SECRET } from "../../testing/harness.js";
import * as foyerHono from "./index.js";
import { createTestApp, type HonoAuthModule } from "./test-app.js";

// Loaded by a computed name so that its `declare module "hono"` (typed with @auth/core's types) does
// not meet Foyer's in the type checker; at run time it is the installed package.
const HONO_AUTH_JS = "@hono/auth-js";
const honoAuthJs = (await import(/* @vite-ignore */ HONO_AUTH_JS)) as HonoAuthModule;

type Send = (path: string, init?: RequestInit) => Promise<Response>;

const silent = { error() {}, warn() {}, debug() {} };

function appConfig(credentials: typeof Credentials, overrides: Record<string, unknown> = {}): object {
  return {
    basePath: "/api/auth",
    secret: SECRET,
    trustHost: true,
    logger: silent,
    providers: [
      credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize(input: Partial<Record<string, unknown>>) {
          return input.username === "ada" && input.password === PASSWORD ? { ...DEMO_USER } : null;
        },
      }),
    ],
    ...overrides,
  };
}

function inProcess(app: Hono): Send {
  return async (path, init = {}) => app.request(path, { redirect: "manual", ...init });
}

const servers: ServerType[] = [];

async function overHttp(app: Hono): Promise<Send> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return (path, init = {}) => fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual", ...init });
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function csrfToken(send: Send, jar: CookieJar): Promise<string> {
  const response = await send("/api/auth/csrf", { headers: { cookie: jar.header } });
  jar.update(response);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** The built-in page flow: the sign-in page, a CSRF token, the credentials form posted back. */
async function signInThroughPage(send: Send, jar: CookieJar, password = PASSWORD): Promise<Response> {
  const page = await send("/api/auth/signin", { headers: { cookie: jar.header } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("/api/auth/callback/credentials");
  jar.update(page);
  const token = await csrfToken(send, jar);
  const response = await send("/api/auth/callback/credentials", {
    method: "POST",
    headers: { ...FORM, cookie: jar.header },
    body: new URLSearchParams({ csrfToken: token, username: "ada", password, callbackUrl: "/after" }),
  });
  jar.update(response);
  return response;
}

const implementations = [
  { name: "foyer-auth/hono", auth: foyerHono as unknown as HonoAuthModule, credentials: Credentials },
  { name: "@hono/auth-js", auth: honoAuthJs, credentials: AuthJsCredentials as unknown as typeof Credentials },
];
const transports = [
  { name: "app.request()", start: async (app: Hono) => inProcess(app) },
  { name: "@hono/node-server over HTTP", start: overHttp },
];

const savedEnv = { ...process.env };
beforeEach(() => {
  delete process.env.AUTH_URL;
  delete process.env.NEXTAUTH_URL;
});
afterEach(() => {
  process.env = { ...savedEnv };
  vi.restoreAllMocks();
});

describe.each(implementations)("the same app on $name", ({ auth, credentials }) => {
  describe.each(transports)("through $name", ({ start }) => {
    let send: Send;
    beforeAll(async () => {
      send = await start(createTestApp({ auth, config: appConfig(credentials) }));
    });

    it("signs in through the built-in page, reads the user in a route and behind verifyAuth(), and signs out", async () => {
      const jar = new CookieJar();
      expect((await send("/api/protected/me")).status).toBe(401);

      const signedIn = await signInThroughPage(send, jar);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toMatch(/\/after$/);
      expect(jar.get("authjs.session-token")).toBeDefined();

      const me = await send("/api/protected/me", { headers: { cookie: jar.header } });
      expect(me.status).toBe(200);
      const authUser = (await me.json()) as { session: { user: { email: string } }; token?: { email?: string; sub?: string } };
      expect(authUser.session.user.email).toBe(DEMO_USER.email);
      expect(authUser.token?.email).toBe(DEMO_USER.email);
      expect(authUser.token?.sub).toBe(DEMO_USER.id);

      const whoami = await send("/whoami", { headers: { cookie: jar.header } });
      expect(await whoami.json()).toEqual({ email: DEMO_USER.email });

      const token = await csrfToken(send, jar);
      const signedOut = await send("/api/auth/signout", {
        method: "POST",
        headers: { ...FORM, cookie: jar.header },
        body: new URLSearchParams({ csrfToken: token }),
      });
      expect(signedOut.status).toBe(302);
      jar.update(signedOut);
      expect(jar.get("authjs.session-token")).toBeUndefined();
      const after = await send("/api/protected/me", { headers: { cookie: jar.header } });
      expect(after.status).toBe(401);
      expect(await after.text()).toBe("Unauthorized");
      expect(await (await send("/whoami", { headers: { cookie: jar.header } })).json()).toEqual({ email: null });
    });

    it("refuses a wrong password: back to the sign-in page with CredentialsSignin, no session", async () => {
      const jar = new CookieJar();
      const response = await signInThroughPage(send, jar, "wrong");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain("error=CredentialsSignin");
      expect(jar.get("authjs.session-token")).toBeUndefined();
      expect((await send("/api/protected/me", { headers: { cookie: jar.header } })).status).toBe(401);
    });

    it("signs nobody in from a form another site posts to the credentials callback", async () => {
      // The victim's browser holds a CSRF cookie from an earlier visit; the attacker has a token of their own.
      const victim = new CookieJar();
      await csrfToken(send, victim);
      const attackerToken = await csrfToken(send, new CookieJar());
      const response = await send("/api/auth/callback/credentials", {
        method: "POST",
        headers: { ...FORM, cookie: victim.header, origin: "https://evil.example", referer: "https://evil.example/form" },
        body: new URLSearchParams({ csrfToken: attackerToken, username: "ada", password: PASSWORD, callbackUrl: "/after" }),
      });
      victim.update(response);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(false);
      expect(response.headers.get("location") ?? "").not.toMatch(/\/after$/);
      expect((await send("/api/protected/me", { headers: { cookie: victim.header } })).status).toBe(401);
    });

    it("reads a broken session cookie as signed out: 401 behind verifyAuth(), null from getAuthUser()", async () => {
      const cookie = "authjs.session-token=not-a-token";
      expect((await send("/api/protected/me", { headers: { cookie } })).status).toBe(401);
      expect(await (await send("/whoami", { headers: { cookie } })).json()).toEqual({ email: null });
    });
  });
});

describe("foyer-auth/hono", () => {
  it("re-exports AuthError, CredentialsSignin and customFetch", () => {
    expect(new foyerHono.CredentialsSignin()).toBeInstanceOf(foyerHono.AuthError);
    expect(foyerHono.customFetch).toBe(rootCustomFetch);
  });

  it("passes a re-sealed session cookie on to the response, from c.json() routes and from routes returning their own Response", async () => {
    const send = inProcess(createTestApp({ auth: foyerHono as unknown as HonoAuthModule, config: appConfig(Credentials, { session: { updateAge: 0 } }) }));
    const jar = new CookieJar();
    await signInThroughPage(send, jar);
    for (const path of ["/whoami", "/plain", "/api/protected/me"]) {
      const response = await send(path, { headers: { cookie: jar.header } });
      expect(response.status, path).toBe(200);
      const sealed = response.headers.getSetCookie().filter((cookie) => cookie.startsWith("authjs.session-token="));
      expect(sealed, path).toHaveLength(1);
    }
  });

  it("differs from @hono/auth-js, which drops the re-sealed cookie (documented in docs/hono.md)", async () => {
    const send = inProcess(
      createTestApp({ auth: honoAuthJs, config: appConfig(AuthJsCredentials as unknown as typeof Credentials, { session: { updateAge: 0 } }) }),
    );
    const jar = new CookieJar();
    await signInThroughPage(send, jar);
    const response = await send("/whoami", { headers: { cookie: jar.header } });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("deletes a broken session cookie, also on the 401 of verifyAuth()", async () => {
    const send = inProcess(createTestApp({ auth: foyerHono as unknown as HonoAuthModule, config: appConfig(Credentials) }));
    const cookie = "authjs.session-token=not-a-token";
    for (const path of ["/api/protected/me", "/whoami"]) {
      const response = await send(path, { headers: { cookie } });
      const deletion = response.headers.getSetCookie().find((header) => header.startsWith("authjs.session-token="));
      expect(deletion, path).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    }
  });

  it("gives the adapter's user beside the session with database sessions, and no session token", async () => {
    const config = appConfig(Credentials, { adapter: memoryAdapter(), session: { strategy: "database" } });
    const send = inProcess(createTestApp({ auth: foyerHono as unknown as HonoAuthModule, config }));
    const jar = new CookieJar();
    expect((await signInThroughPage(send, jar)).status).toBe(302);
    const me = await send("/api/protected/me", { headers: { cookie: jar.header } });
    const authUser = (await me.json()) as { session: Record<string, unknown>; token?: unknown; user?: { id: string; email: string } };
    expect(authUser.user).toMatchObject({ email: DEMO_USER.email });
    expect(authUser.token).toBeUndefined();
    expect(authUser.session).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(JSON.stringify(authUser)).not.toContain(jar.get("authjs.session-token")!);
  });

  it("fails closed: a session callback that throws reads as signed out, logged, never thrown into the route", async () => {
    const error = vi.fn();
    let failing = false;
    const config = appConfig(Credentials, {
      logger: { ...silent, error },
      callbacks: {
        session({ session }: { session: unknown }) {
          if (failing) throw new Error("database down");
          return session;
        },
      },
    });
    const send = inProcess(createTestApp({ auth: foyerHono as unknown as HonoAuthModule, config }));
    const jar = new CookieJar();
    await signInThroughPage(send, jar);
    expect(await (await send("/whoami", { headers: { cookie: jar.header } })).json()).toEqual({ email: DEMO_USER.email });
    failing = true;
    const whoami = await send("/whoami", { headers: { cookie: jar.header } });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toEqual({ email: null });
    expect((await send("/api/protected/me", { headers: { cookie: jar.header } })).status).toBe(401);
    expect(error).toHaveBeenCalled();
  });

  it("fails closed without initAuthConfig: getAuthUser() is null and logs what to add; authHandler() answers 500 without a stack", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = new Hono();
    app.use("/api/auth/*", foyerHono.authHandler());
    app.get("/whoami", async (c) => c.json(await foyerHono.getAuthUser(c)));
    expect(await (await app.request("/whoami")).json()).toBeNull();
    expect(String(logged.mock.calls.flat().join(" "))).toContain("initAuthConfig");
    const response = await app.request("/api/auth/session");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/at .+\(.+:\d+:\d+\)/);
  });

  it("reads AUTH_SECRET from c.env (Workers bindings) when the config has no secret", async () => {
    const app = createTestApp({ auth: foyerHono as unknown as HonoAuthModule, config: appConfig(Credentials, { secret: undefined }) });
    delete process.env.AUTH_SECRET;
    const send: Send = async (path, init = {}) => app.request(path, { redirect: "manual", ...init }, { AUTH_SECRET: SECRET });
    const jar = new CookieJar();
    expect((await signInThroughPage(send, jar)).status).toBe(302);
    expect(await (await send("/whoami", { headers: { cookie: jar.header } })).json()).toEqual({ email: DEMO_USER.email });
  });

  it("serves under /auth when neither basePath nor AUTH_URL names a path, and under AUTH_URL's path and origin when set", async () => {
    const app = new Hono();
    app.use(
      "*",
      foyerHono.initAuthConfig(() => appConfig(Credentials, { basePath: undefined }) as foyerHono.AuthConfig),
    );
    app.use("/auth/*", foyerHono.authHandler());
    app.use("/api/auth/*", foyerHono.authHandler());
    const providers = await app.request("/auth/providers");
    expect(await providers.json()).toMatchObject({ credentials: { signinUrl: "http://localhost/auth/signin/credentials" } });

    process.env.AUTH_URL = "https://app.example/api/auth";
    const moved = await app.request("/api/auth/providers");
    expect(await moved.json()).toMatchObject({ credentials: { callbackUrl: "https://app.example/api/auth/callback/credentials" } });
  });
});
