/**
 * `foyer-auth/express` in real Express 4 and Express 5 apps on free ports, driven over HTTP with
 * `fetch`. The same app code runs against `@auth/express` (only the module changes) to show that an
 * app migrates by changing its imports, and where `@auth/express` falls short.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import AuthCoreCredentials from "@auth/core/providers/credentials";
import * as AuthExpress from "@auth/express";
import express5 from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import Credentials from "../../providers/credentials.js";
import { CookieJar, DEMO_USER, PASSWORD, SECRET } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";
import * as Foyer from "./index.js";

type ExpressFactory = typeof express5;
// Express 4 is installed under the alias `express4` (no types of its own); its API used here is Express 5's.
const express4 = ((await import("express4" as string)) as { default: ExpressFactory }).default;

/** What the app imports from its auth integration: the module and the credentials provider. */
interface AuthModule {
  ExpressAuth(config: never): unknown;
  getSession(req: never, config: never, res?: never): Promise<unknown>;
  Credentials: (options: never) => unknown;
}
const FOYER: AuthModule = { ...Foyer, Credentials } as unknown as AuthModule;
const AUTHJS: AuthModule = { ...AuthExpress, Credentials: AuthCoreCredentials } as unknown as AuthModule;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  vi.restoreAllMocks();
});

interface AppOptions {
  express: ExpressFactory;
  auth: AuthModule;
  /** Where the middleware is mounted, e.g. "/auth", "/auth/*", "/auth/*splat". */
  mount: string;
  /** Mount as a route (`app.all(mount, …)`) instead of a middleware (`app.use(mount, …)`). */
  route?: boolean;
  /** Run express.json() and express.urlencoded() before the auth middleware (default true). */
  parsers?: boolean;
  trustProxy?: boolean;
  config?: Partial<AuthConfig>;
}

/**
 * The app under test, written once against the module it is given — as an app written for
 * `@auth/express` would be — : the auth routes, a protected page that reads the session, and a
 * public page.
 */
function buildApp({ express, auth, mount, route = false, parsers = true, trustProxy = false, config: extra = {} }: AppOptions) {
  const authConfig = {
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
    providers: [
      auth.Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize(credentials: Record<string, unknown>) {
          return credentials.username === "ada" && credentials.password === PASSWORD ? { ...DEMO_USER } : null;
        },
      } as never),
    ],
    ...extra,
  };
  const app = express();
  if (trustProxy) app.set("trust proxy", true);
  if (parsers) app.use(express.json(), express.urlencoded({ extended: true }));
  if (route) app.all(mount, auth.ExpressAuth(authConfig as never) as never);
  else app.use(mount, auth.ExpressAuth(authConfig as never) as never);
  app.get("/protected", async (req, res) => {
    const session = (await auth.getSession(req as never, authConfig as never, res as never)) as { user?: { name?: string } } | null;
    if (!session) return void res.status(401).json({ error: "signed out" });
    res.json({ hello: session.user?.name });
  });
  app.get("/", (_req, res) => void res.send("home"));
  return { app, authConfig };
}

async function start(app: { listen(port: number, host: string): Server }): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** GET {basePath}/csrf: the token, with the cookie in `jar`. */
async function csrfToken(base: string, basePath: string, jar: CookieJar): Promise<string> {
  const response = await fetch(`${base}${basePath}/csrf`, { headers: { cookie: jar.header } });
  expect(response.status).toBe(200);
  jar.update(response);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/**
 * The whole browser flow: the built-in sign-in page, a wrong password, the right one, the session in
 * a protected route, sign-out.
 */
async function signInFlow(base: string, basePath = "/auth") {
  const jar = new CookieJar();
  const page = await fetch(`${base}${basePath}/signin`, { headers: { cookie: jar.header } });
  expect(page.status).toBe(200);
  jar.update(page);
  const html = await page.text();
  expect(html).toContain(`${basePath}/callback/credentials`);
  const token = await csrfToken(base, basePath, jar);

  const wrong = await fetch(`${base}${basePath}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, cookie: jar.header },
    body: new URLSearchParams({ csrfToken: token, username: "ada", password: "wrong" }),
  });
  expect(wrong.status).toBe(302);
  expect(wrong.headers.get("location")).toBe(`${base}${basePath}/signin?error=CredentialsSignin&code=credentials`);
  expect(wrong.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(false);
  expect((await fetch(`${base}/protected`, { headers: { cookie: jar.header } })).status).toBe(401);

  const signIn = await fetch(`${base}${basePath}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, cookie: jar.header },
    body: new URLSearchParams({ csrfToken: token, username: "ada", password: PASSWORD, callbackUrl: "/protected" }),
  });
  expect(signIn.status).toBe(302);
  expect(signIn.headers.get("location")).toBe(`${base}/protected`);
  jar.update(signIn);
  expect(jar.get("authjs.session-token")).toMatch(/^eyJ/);

  const session = await fetch(`${base}${basePath}/session`, { headers: { cookie: jar.header } });
  expect(await session.json()).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
  const protectedPage = await fetch(`${base}/protected`, { headers: { cookie: jar.header } });
  expect(protectedPage.status).toBe(200);
  expect(await protectedPage.json()).toEqual({ hello: DEMO_USER.name });

  const signOut = await fetch(`${base}${basePath}/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, cookie: jar.header },
    body: new URLSearchParams({ csrfToken: token, callbackUrl: "/" }),
  });
  expect(signOut.status).toBe(302);
  expect(signOut.headers.get("location")).toBe(`${base}/`);
  jar.update(signOut);
  expect(jar.get("authjs.session-token")).toBeUndefined();
  expect((await fetch(`${base}/protected`, { headers: { cookie: jar.header } })).status).toBe(401);
  return jar;
}

const MOUNTS: [string, ExpressFactory, string, string][] = [
  ["Express 4", express4, "/auth/*", "/auth"],
  ["Express 4", express4, "/auth", "/auth"],
  ["Express 4", express4, "/api/auth/*", "/api/auth"],
  ["Express 5", express5, "/auth", "/auth"],
  ["Express 5", express5, "/auth/*splat", "/auth"],
  ["Express 5", express5, "/api/auth", "/api/auth"],
];

describe("ExpressAuth", () => {
  it.each(MOUNTS)("%s, app.use(%j): sign-in page, wrong password, sign-in, protected route, sign-out", async (_name, express, mount, basePath) => {
    const { app } = buildApp({ express, auth: FOYER, mount });
    await signInFlow(await start(app), basePath);
  });

  it.each([
    ["Express 4", express4, "/auth/*"],
    ["Express 5", express5, "/auth/*splat"],
    ["Express 5", express5, "/api/auth/*splat"],
  ] as const)("%s, as a route (app.all(%j)): the base path is what comes before the action", async (_name, express, mount) => {
    const { app } = buildApp({ express, auth: FOYER, mount, route: true });
    await signInFlow(await start(app), mount.slice(0, mount.lastIndexOf("/")));
  });

  it.each([
    ["Express 4", express4],
    ["Express 5", express5],
  ] as const)("%s: works with no body parser in front (reads the stream itself)", async (_name, express) => {
    const { app } = buildApp({ express, auth: FOYER, mount: "/auth", parsers: false });
    await signInFlow(await start(app));
  });

  it.each([
    ["Express 4", express4],
    ["Express 5", express5],
  ] as const)("%s: a JSON body express.json() already parsed signs in", async (_name, express) => {
    const { app } = buildApp({ express, auth: FOYER, mount: "/auth" });
    const base = await start(app);
    const jar = new CookieJar();
    const token = await csrfToken(base, "/auth", jar);
    const response = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", cookie: jar.header },
      body: JSON.stringify({ csrfToken: token, username: "ada", password: PASSWORD, callbackUrl: "/protected" }),
    });
    expect(response.status).toBe(302);
    jar.update(response);
    expect((await fetch(`${base}/protected`, { headers: { cookie: jar.header } })).status).toBe(200);
  });

  it("passes requests outside the base path on to the app", async () => {
    const express = express5;
    const app = express();
    app.use(Foyer.ExpressAuth({ secret: SECRET, trustHost: true, providers: [] }) as never);
    app.get("/", (_req, res) => void res.send("home"));
    const base = await start(app);
    expect(await (await fetch(`${base}/`)).text()).toBe("home");
    expect((await fetch(`${base}/auth/csrf`)).status).toBe(200);
  });

  it.each([
    ["Express 4", express4],
    ["Express 5", express5],
  ] as const)("%s: honours app.set('trust proxy') for the public origin, and ignores forwarded headers otherwise", async (_name, express) => {
    const proxied = { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" };
    for (const trustProxy of [true, false]) {
      const { app } = buildApp({ express, auth: FOYER, mount: "/auth", trustProxy });
      const base = await start(app);
      const jar = new CookieJar();
      const csrf = await fetch(`${base}/auth/csrf`, { headers: proxied });
      jar.update(csrf);
      const { csrfToken: token } = (await csrf.json()) as { csrfToken: string };
      const response = await fetch(`${base}/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { ...FORM, ...proxied, cookie: jar.header },
        body: new URLSearchParams({ csrfToken: token, username: "ada", password: PASSWORD, callbackUrl: "/protected" }),
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(trustProxy ? "https://app.example.com/protected" : `${base}/protected`);
      const secure = response.headers.getSetCookie().some((cookie) => cookie.startsWith("__Secure-authjs.session-token="));
      expect(secure).toBe(trustProxy);
    }
  });

  it.each([
    ["Express 4", express4],
    ["Express 5", express5],
  ] as const)("%s: a form posted from another site to the credentials callback signs no one in", async (_name, express) => {
    const { app } = buildApp({ express, auth: FOYER, mount: "/auth" });
    const base = await start(app);
    // What a page on evil.example can make the visitor's browser send: the attacker's own
    // credentials, no CSRF cookie (the browser has none for evil's token), a cross-site origin.
    const response = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ csrfToken: "0".repeat(64), username: "ada", password: PASSWORD }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token="))).toBe(false);
  });

  it("answers a bad Host with 400 and no stack trace", async () => {
    const { app } = buildApp({ express: express5, auth: FOYER, mount: "/auth" });
    const base = await start(app);
    const { request } = await import("node:http");
    const { port } = new URL(base);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/auth/csrf", headers: { host: "bad host/x" } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toMatch(/at .*\.ts|Error:/);
  });
});

describe("getSession", () => {
  it.each([
    ["Express 4", express4],
    ["Express 5", express5],
  ] as const)("%s: passes the re-sealed session cookie on to the response (given res)", async (_name, express) => {
    // updateAge 0: every read re-seals the session cookie with a later expiry.
    const { app } = buildApp({ express, auth: FOYER, mount: "/auth", config: { session: { updateAge: 0 } } });
    const base = await start(app);
    const jar = await signedIn(base);
    const page = await fetch(`${base}/protected`, { headers: { cookie: jar.header } });
    expect(page.status).toBe(200);
    const refreshed = page.headers.getSetCookie().find((cookie) => cookie.startsWith("authjs.session-token="));
    expect(refreshed).toMatch(/^authjs\.session-token=eyJ[^;]+; .*HttpOnly/);
  });

  it("reads the session straight from the Node request: no web Request or Headers is made, and the re-sealed cookie comes back", async () => {
    const { app, authConfig } = buildApp({ express: express5, auth: FOYER, mount: "/auth", config: { session: { updateAge: 0 } } });
    const base = await start(app);
    const jar = await signedIn(base);
    const req = { headers: { host: new URL(base).host, cookie: jar.header, "user-agent": "test" }, socket: {}, app: { get: () => undefined } };
    const set: string[] = [];
    const res = { headersSent: false, getHeader: () => undefined, setHeader: (_name: string, value: string[]) => void set.push(...value) };

    const made = { Request: 0, Headers: 0 };
    const original = { Request: globalThis.Request, Headers: globalThis.Headers };
    globalThis.Request = class extends original.Request {
      constructor(...args: ConstructorParameters<typeof Request>) {
        super(...args);
        made.Request++;
      }
    };
    globalThis.Headers = class extends original.Headers {
      constructor(...args: ConstructorParameters<typeof Headers>) {
        super(...args);
        made.Headers++;
      }
    };
    let session: unknown;
    try {
      session = await Foyer.getSession(req as never, authConfig as never, res as never);
    } finally {
      Object.assign(globalThis, original);
    }
    expect(session).toMatchObject({ user: { name: DEMO_USER.name } });
    expect(made).toEqual({ Request: 0, Headers: 0 });
    expect(set.some((cookie) => cookie.startsWith("authjs.session-token=eyJ"))).toBe(true);
  });

  it("fails closed: a session store that throws reads as signed out, is logged, and the route still answers", async () => {
    const errors: unknown[] = [];
    const failing = () => {
      throw new Error("database unreachable");
    };
    const adapter = {
      createUser: failing,
      getUser: failing,
      getUserByEmail: failing,
      getUserByAccount: failing,
      linkAccount: failing,
      createSession: failing,
      getSessionAndUser: failing,
      updateSession: failing,
      deleteSession: failing,
      updateUser: failing,
    };
    const { app } = buildApp({
      express: express5,
      auth: FOYER,
      mount: "/auth",
      config: {
        adapter: adapter as never,
        session: { strategy: "database" },
        logger: { error: (error: unknown) => errors.push(error), warn() {}, debug() {} },
      },
    });
    const base = await start(app);
    const page = await fetch(`${base}/protected`, { headers: { cookie: "authjs.session-token=some-session-id" } });
    expect(page.status).toBe(401);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("fails closed: a request without a usable host reads as signed out and is logged", async () => {
    const errors: unknown[] = [];
    const config = { secret: SECRET, trustHost: true, providers: [], logger: { error: (error: unknown) => errors.push(error), warn() {}, debug() {} } };
    const req = { headers: { host: "bad host/x", cookie: "authjs.session-token=x" }, socket: {}, app: { get: () => undefined } };
    await expect(Foyer.getSession(req as never, config)).resolves.toBeNull();
    expect(errors).toHaveLength(1);
  });

  it("fails closed: a config that does not validate reads as signed out", async () => {
    const config = { providers: [], logger: { error() {}, warn() {}, debug() {} } }; // no secret
    const req = { headers: { host: "localhost", cookie: "authjs.session-token=x" }, socket: {}, app: { get: () => undefined } };
    await expect(Foyer.getSession(req as never, config)).resolves.toBeNull();
  });
});

async function signedIn(base: string, basePath = "/auth"): Promise<CookieJar> {
  const jar = new CookieJar();
  const token = await csrfToken(base, basePath, jar);
  const response = await fetch(`${base}${basePath}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, cookie: jar.header },
    body: new URLSearchParams({ csrfToken: token, username: "ada", password: PASSWORD }),
  });
  expect(response.status).toBe(302);
  jar.update(response);
  return jar;
}

describe("the same app against @auth/express (migration: only the import changes)", () => {
  it.each([
    ["Express 4", express4, "/auth/*"],
    ["Express 5", express5, "/auth"],
  ] as const)("%s, app.use(%j): @auth/express and Foyer both pass the sign-in flow", async (_name, express, mount) => {
    for (const auth of [AUTHJS, FOYER]) {
      const { app } = buildApp({ express, auth, mount });
      await signInFlow(await start(app));
    }
  });

  it('Express 5, app.use("/auth/*splat"): @auth/express answers 400, Foyer serves the routes', async () => {
    const authjs = buildApp({ express: express5, auth: AUTHJS, mount: "/auth/*splat" });
    expect((await fetch(`${await start(authjs.app)}/auth/csrf`)).status).toBe(400);
    const foyer = buildApp({ express: express5, auth: FOYER, mount: "/auth/*splat" });
    expect((await fetch(`${await start(foyer.app)}/auth/csrf`)).status).toBe(200);
  });

  it("getSession: @auth/express drops the re-sealed session cookie, Foyer passes it on", async () => {
    const refreshed = async (auth: AuthModule) => {
      const { app } = buildApp({ express: express4, auth, mount: "/auth/*", config: { session: { updateAge: 0 } } });
      const base = await start(app);
      const jar = await signedIn(base);
      const page = await fetch(`${base}/protected`, { headers: { cookie: jar.header } });
      expect(page.status).toBe(200);
      return page.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="));
    };
    expect(await refreshed(AUTHJS)).toBe(false);
    expect(await refreshed(FOYER)).toBe(true);
  });

  it("trust proxy: @auth/express ignores the trusted X-Forwarded-Host, Foyer builds its URLs from it", async () => {
    const formAction = async (auth: AuthModule) => {
      const { app } = buildApp({ express: express5, auth, mount: "/auth", trustProxy: true });
      const base = await start(app);
      const page = await fetch(`${base}/auth/signin`, { headers: { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" } });
      return /action="([^"]*callback\/credentials)"/.exec(await page.text())?.[1];
    };
    expect(await formAction(AUTHJS)).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/auth\/callback\/credentials$/);
    expect(await formAction(FOYER)).toBe("https://app.example.com/auth/callback/credentials");
  });
});
