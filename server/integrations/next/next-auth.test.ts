/**
 * `foyer-auth/next` where it runs without Next's request scope: the route handlers, `auth` as proxy,
 * `auth(handler)`, the Pages Router forms, the edge checks. (Server components and server actions
 * need a running Next app: e2e/next.spec.ts.) Real `Auth()`, real `NextRequest`s.
 */
import { readdirSync, readFileSync } from "node:fs";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { NextRequest } from "next/server.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import memoryAdapter from "../../adapters/memory.js";
import { InvalidConfiguration } from "../../core/errors.js";
import { PASSWORD, SECRET, testConfig } from "../../testing/harness.js";
import { customFetch as rootCustomFetch } from "../../index.js";
import NextAuth, { AuthError, CredentialsSignin, checkRuntime, customFetch } from "./index.js";
import { isAuthPage, sameOriginPath } from "./next-auth.js";
import { hasSessionCookie } from "./edge.js";
import type { NextAuthConfig } from "./types.js";

const ORIGIN = "http://localhost:3000";

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return { ...(testConfig() as NextAuthConfig), ...overrides };
}

/** Signs in through the route handlers, as a browser would: the session cookie header. */
async function signedInCookie(handlers: ReturnType<typeof NextAuth>["handlers"]): Promise<string> {
  const csrf = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`));
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await handlers.POST(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, username: "ada", password: PASSWORD, callbackUrl: "/after" }),
    }),
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`${ORIGIN}/after`);
  const session = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  expect(session).toBeDefined();
  return session!.split(";")[0]!;
}

describe("NextAuth()", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    delete process.env.AUTH_URL;
    delete process.env.NEXTAUTH_URL;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it("returns next-auth's surface, with updateSession as unstable_update, and exports next-auth's error classes", () => {
    const result = NextAuth(config());
    expect(Object.keys(result).sort()).toEqual(["auth", "handlers", "signIn", "signOut", "unstable_update", "updateSession"]);
    expect(result.updateSession).toBe(result.unstable_update);
    expect(new CredentialsSignin()).toBeInstanceOf(AuthError);
  });

  it("re-exports the customFetch symbol of foyer-auth, as next-auth re-exports @auth/core's", () => {
    expect(customFetch).toBe(rootCustomFetch);
    expect(customFetch).toBe(Symbol.for("foyer-auth.custom-fetch"));
  });

  it("serves Foyer under /api/auth by default, and under the path of AUTH_URL when it has one", async () => {
    const { handlers } = NextAuth(config());
    const providers = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/providers`));
    expect(providers.status).toBe(200);
    expect(await providers.json()).toMatchObject({ credentials: { signinUrl: `${ORIGIN}/api/auth/signin/credentials` } });

    process.env.AUTH_URL = "https://app.example/custom/auth";
    const custom = NextAuth(config());
    const response = await custom.handlers.GET(new NextRequest("http://localhost:3000/custom/auth/providers"));
    // The public origin is AUTH_URL's, whatever URL Next hands the route handler.
    expect(await response.json()).toMatchObject({ credentials: { signinUrl: "https://app.example/custom/auth/signin/credentials" } });
  });

  it("takes the origin from X-Forwarded-Host when the host is trusted (trustHost); untrusted, Foyer answers nothing built on it", async () => {
    const request = () => new NextRequest(`${ORIGIN}/api/auth/providers`, { headers: { "x-forwarded-host": "public.example", "x-forwarded-proto": "https" } });
    const trusted = NextAuth(config({ trustHost: true }));
    expect(await (await trusted.handlers.GET(request())).json()).toMatchObject({
      credentials: { callbackUrl: "https://public.example/api/auth/callback/credentials" },
    });
    const untrusted = NextAuth(config({ trustHost: false }));
    const refused = await untrusted.handlers.GET(request());
    expect(refused.status).toBe(500);
    expect(await refused.text()).not.toContain("public.example");
  });

  it("reads the session of a GET behind a trusted X-Forwarded-Host at the public origin, whatever URL Next reports", async () => {
    const { handlers } = NextAuth(config({ trustHost: true }));
    const cookie = await signedInCookie(handlers);
    // `next start` reports http://localhost:<port> URLs while the browser used another host.
    const response = await handlers.GET(
      new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie, "x-forwarded-host": "public.example:8080", "x-forwarded-proto": "http" } }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user?: { name?: string } }).user?.name).toBeTruthy();
    expect(response.headers.getSetCookie().find((c) => c.startsWith("authjs.callback-url="))).toMatch(
      /^authjs\.callback-url=http%3A%2F%2Fpublic\.example%3A8080;/,
    );
  });

  it("calls a config function with the request in route handlers", async () => {
    const seen: (string | undefined)[] = [];
    const prepared = config();
    const { handlers } = NextAuth((request) => {
      seen.push(request?.nextUrl.pathname);
      return prepared;
    });
    expect((await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`))).status).toBe(200);
    expect(seen).toEqual(["/api/auth/session"]);
  });

  it("answers a config function that throws with the generic 500 JSON, never a stack trace", async () => {
    const { handlers } = NextAuth(() => {
      throw new Error("secret store unreachable");
    });
    const response = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("unreachable");
  });

  describe("auth as proxy", () => {
    const protectedConfig = () => config({ callbacks: { authorized: ({ auth }) => Boolean(auth?.user) } });

    it("sends a visitor to the sign-in page with callbackUrl, and lets a signed-in user through", async () => {
      const { handlers, auth } = NextAuth(protectedConfig());
      const visitor = await auth(new NextRequest(`${ORIGIN}/dashboard?tab=1`));
      expect(visitor.status).toBe(307);
      expect(visitor.headers.get("location")).toBe(`${ORIGIN}/api/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard?tab=1`)}`);

      const cookie = await signedInCookie(handlers);
      const member = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }));
      expect(member.headers.get("x-middleware-next")).toBe("1");
    });

    it("never redirects the sign-in page itself, a custom one, or Foyer's own routes (no loop)", async () => {
      const { auth } = NextAuth(protectedConfig());
      for (const path of ["/api/auth/signin", "/api/auth/callback/credentials", "/api/auth/session", "/api/auth/assets/x.js"]) {
        expect((await auth(new NextRequest(`${ORIGIN}${path}`))).headers.get("x-middleware-next"), path).toBe("1");
      }
      const custom = NextAuth(config({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } }));
      expect((await custom.auth(new NextRequest(`${ORIGIN}/login`))).headers.get("x-middleware-next")).toBe("1");
      expect((await custom.auth(new NextRequest(`${ORIGIN}/other`))).headers.get("location")).toMatch(/^http:\/\/localhost:3000\/login\?callbackUrl=/);
      expect(isAuthPage({ basePath: "/" }, "/signin", new URL("/signin", ORIGIN))).toBe(true);
      expect(isAuthPage({ basePath: "/" }, "/dashboard", new URL("/signin", ORIGIN))).toBe(false);
      expect(isAuthPage({ basePath: "/" }, "/session", new URL("/signin", ORIGIN))).toBe(true);
    });

    it("passes a re-sealed session cookie on to the browser", async () => {
      // updateAge 0: every read re-seals the cookie, as a read after a day does by default.
      const { handlers, auth } = NextAuth(config({ session: { strategy: "jwt", updateAge: 0 }, callbacks: { authorized: ({ auth }) => Boolean(auth) } }));
      const cookie = await signedInCookie(handlers);
      const response = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }));
      expect(response.headers.get("x-middleware-next")).toBe("1");
      const refreshed = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
      expect(refreshed).toMatch(/HttpOnly/);
      expect(refreshed!.split(";")[0]).not.toBe(cookie);
    });

    it("answers a Response from authorized as it is", async () => {
      const { auth } = NextAuth(config({ callbacks: { authorized: () => new Response("nope", { status: 401 }) } }));
      const response = await auth(new NextRequest(`${ORIGIN}/api/data`));
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("nope");
    });

    it("fails closed: an authorized callback that throws, or a session that cannot be read, means the sign-in page", async () => {
      const throwing = NextAuth(
        config({
          callbacks: {
            authorized: () => {
              throw new Error("bug");
            },
          },
        }),
      );
      expect((await throwing.auth(new NextRequest(`${ORIGIN}/dashboard`))).status).toBe(307);

      const unreachable = NextAuth(
        config({
          session: { strategy: "database" },
          adapter: {
            ...memoryAdapter(),
            getSessionAndUser: () => {
              throw new Error("database unreachable");
            },
          },
          callbacks: { authorized: ({ auth }) => Boolean(auth) },
        }),
      );
      const response = await unreachable.auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie: "authjs.session-token=abc" } }));
      expect(response.status).toBe(307);
    });
  });

  it("auth(handler) gives the route handler the session as req.auth", async () => {
    const { handlers, auth } = NextAuth(config());
    const route = auth((req) => Response.json({ email: req.auth?.user?.email ?? null }));
    expect(await (await route(new NextRequest(`${ORIGIN}/api/me`), {})).json()).toEqual({ email: null });
    const cookie = await signedInCookie(handlers);
    expect(await (await route(new NextRequest(`${ORIGIN}/api/me`, { headers: { cookie } }), {})).json()).toEqual({ email: "ada@example.com" });
  });

  it("auth(req, res) and auth(ctx) read the session in the Pages Router", async () => {
    const { handlers, auth } = NextAuth(config());
    const cookie = await signedInCookie(handlers);
    const req = new IncomingMessage(new Socket());
    req.headers = { host: "localhost:3000", cookie };
    const res = new ServerResponse(req);
    expect((await auth(req, res))?.user?.email).toBe("ada@example.com");
    expect((await auth({ req, res }))?.user?.email).toBe("ada@example.com");
    const visitor = new IncomingMessage(new Socket());
    visitor.headers = { host: "localhost:3000" };
    expect(await auth(visitor, new ServerResponse(visitor))).toBeNull();
  });
});

describe("the edge runtime", () => {
  it("refuses database sessions at start with what to do instead, and accepts jwt sessions", () => {
    const adapter = memoryAdapter();
    expect(() => checkRuntime({ ...config(), adapter }, true)).toThrow(InvalidConfiguration);
    expect(() => checkRuntime({ ...config(), adapter }, true)).toThrow(/hasSessionCookie/);
    expect(() => checkRuntime({ ...config(), adapter, session: { strategy: "jwt" } }, true)).not.toThrow();
    expect(() => checkRuntime({ ...config(), adapter }, false)).not.toThrow();
  });

  it("NextAuth() throws at once on the edge runtime with database sessions", () => {
    vi.stubGlobal("EdgeRuntime", "edge-runtime");
    try {
      expect(() => NextAuth({ ...config(), adapter: memoryAdapter(), secret: SECRET })).toThrow(InvalidConfiguration);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("hasSessionCookie sees a session cookie (plain, secure or chunked), never an empty one", () => {
    expect(hasSessionCookie(new Request(ORIGIN, { headers: { cookie: "a=1; authjs.session-token=xyz" } }))).toBe(true);
    expect(hasSessionCookie("__Secure-authjs.session-token.0=abc")).toBe(true);
    expect(hasSessionCookie("authjs.session-token=")).toBe(false);
    expect(hasSessionCookie("authjs.csrf-token=abc")).toBe(false);
    expect(hasSessionCookie(new Request(ORIGIN))).toBe(false);
    expect(hasSessionCookie("my-session=1", "my-session")).toBe(true);
  });
});

describe("redirects", () => {
  it("turns same-origin URLs into paths (Next navigates without reloading) and leaves others alone", () => {
    expect(sameOriginPath(`${ORIGIN}/dashboard?x=1#h`, ORIGIN)).toBe("/dashboard?x=1#h");
    expect(sameOriginPath("https://idp.example/authorize?x=1", ORIGIN)).toBe("https://idp.example/authorize?x=1");
  });
});

describe("where Next.js is imported", () => {
  it("only in server/integrations/next/, so that the rest of the package never needs it", () => {
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const importsNext = /(?:from\s*|import\s*\(\s*|import\s+)["']next(?:\/[^"']*)?["']/;
    const offenders = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("integrations/next/"))
      .filter((file) => importsNext.test(readFileSync(root + file, "utf8")));
    expect(offenders).toEqual([]);
    expect(importsNext.test(readFileSync(root + "integrations/next/next-runtime.ts", "utf8"))).toBe(true);
  });
});
