/**
 * The server side of `foyer-auth/qwik` (handler.ts) through the real `Auth()`, driven with request
 * events shaped as Qwik City's (a real web `Request`, `sharedMap`, `cookie.set`, `send`, `redirect`).
 * The Qwik glue itself, in a built Qwik City app, is covered by e2e/qwik.spec.ts.
 */
import { describe, expect, it, vi } from "vitest";
import memoryAdapter from "../../adapters/memory.js";
import { DEMO_USER, ORIGIN, PASSWORD, SECRET, testConfig } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";
import {
  currentPage,
  eventEnv,
  getSessionData,
  handleRequest,
  loadSession,
  prepareConfig,
  signInAction,
  signOutAction,
  type QwikEventLike,
} from "./handler.js";

/** A browser's cookies, as Qwik's `cookie.set` would write them and the browser would send them back. */
class Browser {
  readonly jar = new Map<string, string>();
  get header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  /** Applies one `cookie.set(name, "<value>; <attributes>")` call. */
  set(name: string, valueAndAttributes: string): void {
    const value = valueAndAttributes.split(";")[0]!;
    if (/;\s*Max-Age=0(;|$)/i.test(valueAndAttributes) || value === "") this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

interface TestEvent extends QwikEventLike {
  /** The `Set-Cookie` values written through `cookie.set`. */
  written: string[];
}

function qwikEvent(
  browser: Browser,
  path: string,
  init: { method?: string; body?: URLSearchParams; headers?: Record<string, string>; env?: Record<string, string> } = {},
): TestEvent {
  const headers = new Headers(init.headers);
  if (browser.header) headers.set("cookie", browser.header);
  if (init.body) headers.set("content-type", "application/x-www-form-urlencoded");
  const request = new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, ...(init.body ? { body: init.body } : {}) });
  const written: string[] = [];
  return {
    request,
    url: new URL(request.url),
    env: { get: (key) => init.env?.[key] },
    sharedMap: new Map(),
    cookie: {
      set(name, value, options) {
        expect(options ?? {}).toEqual({});
        written.push(`${name}=${value}`);
        browser.set(name, value);
      },
    },
    send: (response) => response,
    redirect: (status, url) => ({ status, url }),
    written,
  };
}

const config = (overrides: Partial<AuthConfig> = {}) => {
  const fixed = testConfig(overrides);
  return () => fixed;
};

describe("onRequest (handleRequest)", () => {
  it("answers Foyer's routes under /auth and leaves every other path to the app", async () => {
    const browser = new Browser();
    const providers = await handleRequest(qwikEvent(browser, "/auth/providers"), config());
    expect(providers.kind).toBe("respond");
    if (providers.kind !== "respond") return;
    expect(await providers.response.json()).toMatchObject({ credentials: { callbackUrl: `${ORIGIN}/auth/callback/credentials` } });

    const page = qwikEvent(browser, "/dashboard/");
    expect(await handleRequest(page, config())).toEqual({ kind: "continue", session: null });
    expect(page.sharedMap.get("session")).toBeNull();
    // A path that only starts like the base path, or names no action, is the app's.
    expect((await handleRequest(qwikEvent(browser, "/authors/"), config())).kind).toBe("continue");
    expect((await handleRequest(qwikEvent(browser, "/auth/nothing-here"), config())).kind).toBe("continue");
  });

  it("keeps Foyer's CSRF check on its routes: a credentials post without the token signs no one in", async () => {
    const browser = new Browser();
    const outcome = await handleRequest(
      qwikEvent(browser, "/auth/callback/credentials", {
        method: "POST",
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        body: new URLSearchParams({ username: "ada", password: PASSWORD, csrfToken: "forged" }),
      }),
      config(),
    );
    expect(outcome.kind).toBe("respond");
    if (outcome.kind !== "respond") return;
    expect(outcome.response.headers.get("location")).toContain("error=MissingCSRF");
    expect(outcome.response.headers.getSetCookie().some((cookie) => cookie.includes("session-token="))).toBe(false);
  });

  it("answers a failing config on Foyer's routes with the generic 500, and reads the session as signed out elsewhere", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = () => {
        throw new Error("config exploded");
      };
      const route = await handleRequest(qwikEvent(new Browser(), "/auth/session"), broken);
      expect(route.kind).toBe("respond");
      if (route.kind !== "respond") return;
      expect(route.response.status).toBe(500);
      expect(await route.response.text()).not.toMatch(/exploded|at .*\.ts/);
      const page = qwikEvent(new Browser(), "/");
      expect(await handleRequest(page, broken)).toEqual({ kind: "continue", session: null });
      expect(page.sharedMap.get("session")).toBeNull();
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});

describe("useSignIn, useSession, useSignOut", () => {
  it("signs in with credentials, reads the session on the next request, and signs out", async () => {
    const browser = new Browser();
    const posted = qwikEvent(browser, "/?qaction=abc", { method: "POST" });
    const url = await signInAction(posted, config(), {
      providerId: "credentials",
      options: { redirectTo: "/protected/", username: "ada", password: PASSWORD },
    });
    expect(url).toBe(`${ORIGIN}/protected/`);
    expect(posted.written.some((cookie) => /^authjs\.session-token=eyJ[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/.test(cookie))).toBe(true);

    const next = qwikEvent(browser, "/protected/");
    expect((await handleRequest(next, config())).kind).toBe("continue");
    expect(next.sharedMap.get("session")).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(await loadSession(next, config())).toMatchObject({ user: { email: DEMO_USER.email } });

    const out = await signOutAction(qwikEvent(browser, "/?qaction=def", { method: "POST" }), config(), { redirectTo: "/bye/" });
    expect(out).toBe(`${ORIGIN}/bye/`);
    expect(browser.jar.has("authjs.session-token")).toBe(false);
    expect(await loadSession(qwikEvent(browser, "/"), config())).toBeNull();
  });

  it("sends a refused password to the sign-in page with CredentialsSignin and its code", async () => {
    const browser = new Browser();
    const url = await signInAction(qwikEvent(browser, "/", { method: "POST" }), config(), {
      providerId: "credentials",
      options: { username: "ada", password: "wrong" },
    });
    expect(url).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(browser.jar.has("authjs.session-token")).toBe(false);
  });

  it("without a provider goes to Foyer's sign-in page, back to the page the action was posted from by default", async () => {
    const event = qwikEvent(new Browser(), "/shop/?qaction=abc&x=1", { method: "POST" });
    expect(currentPage(event)).toBe(`${ORIGIN}/shop/?x=1`);
    expect(await signInAction(event, config(), {})).toBe(`${ORIGIN}/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/shop/?x=1`)}`);
  });

  it("never redirects to another site: redirectTo is checked by Foyer's redirect rules", async () => {
    const browser = new Browser();
    const url = await signInAction(qwikEvent(browser, "/", { method: "POST" }), config(), {
      providerId: "credentials",
      redirectTo: "https://evil.example/steal",
      options: { username: "ada", password: PASSWORD },
    });
    expect(new URL(url).origin).toBe(ORIGIN);
  });

  it("useSession fails closed: a throwing config or an unreachable database reads as null, logged", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(
        await loadSession(qwikEvent(new Browser(), "/"), () => {
          throw new Error("config exploded");
        }),
      ).toBeNull();
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
    const failing = config({
      session: { strategy: "database" },
      adapter: {
        ...memoryAdapter(),
        getSessionAndUser: () => {
          throw new Error("database unreachable");
        },
      },
    });
    const browser = new Browser();
    browser.jar.set("authjs.session-token", "some-session");
    expect(await loadSession(qwikEvent(browser, "/"), failing)).toBeNull();
    // Foyer reads a session it cannot look up as none, and deletes the cookie.
    expect(browser.jar.has("authjs.session-token")).toBe(false);
  });
});

describe("the config and the environment", () => {
  it("takes AUTH_SECRET and host trust from the request's env when the config leaves them out, once per config object", () => {
    const app = { providers: [] } as AuthConfig;
    const env = eventEnv({ env: { get: (key) => ({ AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" })[key] } });
    const prepared = prepareConfig(app, env);
    expect(prepared).toMatchObject({ secret: SECRET, trustHost: true, basePath: "/auth" });
    expect(prepareConfig(app, env)).toBe(prepared);
    expect(app.secret).toBeUndefined();
    // The path of AUTH_URL is the base path, as with the other integrations.
    const custom = prepareConfig(
      { providers: [], secret: SECRET } as AuthConfig,
      eventEnv({ env: { get: (key) => (key === "AUTH_URL" ? "https://app.example/api/auth" : undefined) } }),
    );
    expect(custom.basePath).toBe("/api/auth");
  });

  it("getSessionData reads { data, cookie } for a plain Request and never throws", async () => {
    const browser = new Browser();
    await signInAction(qwikEvent(browser, "/", { method: "POST" }), config(), { providerId: "credentials", options: { username: "ada", password: PASSWORD } });
    const signedIn = await getSessionData(new Request(`${ORIGIN}/`, { headers: { cookie: browser.header } }), testConfig({ session: { updateAge: 0 } }));
    expect(signedIn.data).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(signedIn.cookie).toMatch(/authjs\.session-token=/);
    expect(await getSessionData(new Request(`${ORIGIN}/`), testConfig())).toEqual({ data: null, cookie: expect.anything() });
    expect(await getSessionData(new Request(`${ORIGIN}/`, { headers: { cookie: "authjs.session-token=x" } }), testConfig({ secret: undefined }))).toEqual({
      data: null,
      cookie: null,
    });
  });
});
