/**
 * `foyer-auth/sveltekit`'s logic (sveltekit-auth.ts) through the real `Auth()` and SvelteKit's own
 * `redirect`, `error` and `sequence()`, with request events built from web `Request`s. What only a
 * SvelteKit build provides (`$env/dynamic/private`, `$app/paths`) is handed in as the entry point
 * does; e2e/sveltekit.spec.ts drives built apps.
 */
import { isHttpError, isRedirect, type RequestEvent } from "@sveltejs/kit";
import { sequence } from "@sveltejs/kit/hooks";
import { describe, expect, it, vi } from "vitest";
import { AuthError, CredentialsSignin } from "../../core/errors.js";
import type { EnvObject } from "../../core/env.js";
import GitHub from "../../providers/github.js";
import { DEMO_USER, ORIGIN, PASSWORD, SECRET, testConfig } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";
import { createSvelteKitAuth, foyerEnv, isFoyerRoute, svelteKitBasePath, type SvelteKitRuntime } from "./sveltekit-auth.js";
import type { Handle, SvelteKitAuthConfigInput } from "./types.js";

// SvelteKit's request store, which sequence() reads (SvelteKit runs every hook inside it). Internal,
// typed by nothing public: loaded by a computed name.
const KIT_INTERNAL = "@sveltejs/kit/internal/server";
const { with_request_store } = (await import(/* @vite-ignore */ KIT_INTERNAL)) as {
  with_request_store: <T>(store: unknown, run: () => T) => T;
};

/** A browser's cookies, as SvelteKit's `event.cookies.set` leaves them. */
class Browser {
  readonly jar = new Map<string, string>();
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }
  apply(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair!.indexOf("=");
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (expired) this.jar.delete(pair!.slice(0, eq));
      else this.jar.set(pair!.slice(0, eq), decodeURIComponent(pair!.slice(eq + 1)));
    }
  }
}

/** A request event for `path`, its cookies written to `browser` as SvelteKit would send them. */
function event(browser: Browser, path: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ cookie: browser.header(), ...init.headers });
  if (init.form) headers.set("content-type", "application/x-www-form-urlencoded");
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
  });
  const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const cookies = {
    set(name: string, value: string, options: Record<string, unknown>) {
      if (typeof options.path !== "string") throw new Error("SvelteKit requires a path");
      set.push({ name, value, options });
      if (options.maxAge === 0 || value === "") browser.jar.delete(name);
      else browser.jar.set(name, value);
    },
    get: () => undefined,
    getAll: () => [],
    delete() {},
    serialize: () => "",
  };
  const result = { request, url: new URL(request.url), locals: {} as App.Locals, cookies, route: { id: null }, params: {}, setHeaders() {} };
  return Object.assign(result as unknown as RequestEvent, { set });
}

const PROD_ENV: EnvObject = { AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" };

function runtime(env: EnvObject = PROD_ENV, options: Partial<SvelteKitRuntime> = {}): SvelteKitRuntime {
  return { env: () => env, dev: false, building: () => false, base: () => "", ...options };
}

/** The app's config: the harness's credentials, secret and trust from the (SvelteKit) environment. */
function appConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const { secret: _secret, trustHost: _trustHost, ...config } = testConfig(overrides);
  return config as AuthConfig;
}

const resolved = new Response("the app's page", { status: 200 });
function resolveInto(seen: { locals?: App.Locals }) {
  return async (event: RequestEvent) => {
    seen.locals = event.locals;
    return resolved.clone();
  };
}

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

async function signInWithAction(auth: ReturnType<typeof createSvelteKitAuth>, browser: Browser, fields: Record<string, string>) {
  const signIn = event(browser, "/login", { form: fields, headers: { origin: ORIGIN } });
  return { event: signIn, error: await thrown(() => Promise.resolve(auth.signIn(signIn as never))) };
}

describe("the base path", () => {
  it("is the config's, else the path of AUTH_URL, else `${paths.base}/auth` as @auth/sveltekit's; always under paths.base", () => {
    expect(svelteKitBasePath({}, "", {})).toBe("/auth");
    expect(svelteKitBasePath({}, "/app", {})).toBe("/app/auth");
    expect(svelteKitBasePath({ basePath: "/custom-auth/" }, "", {})).toBe("/custom-auth");
    expect(svelteKitBasePath({ basePath: "/custom-auth" }, "/app", {})).toBe("/app/custom-auth");
    expect(svelteKitBasePath({ basePath: "/app/custom-auth" }, "/app", {})).toBe("/app/custom-auth");
    expect(svelteKitBasePath({}, "", { AUTH_URL: "https://app.example/api/auth" })).toBe("/api/auth");
    expect(svelteKitBasePath({}, "", { AUTH_URL: "https://app.example" })).toBe("/auth");
  });

  it("routes Foyer's actions, assets and account pages under it, nothing else", () => {
    expect(isFoyerRoute("/auth", "/auth/signin")).toBe(true);
    expect(isFoyerRoute("/auth", "/auth/callback/credentials")).toBe(true);
    expect(isFoyerRoute("/auth", "/auth/assets/x.css")).toBe(true);
    expect(isFoyerRoute("/auth", "/auth/whatever")).toBe(false);
    expect(isFoyerRoute("/auth", "/authors/signin")).toBe(false);
    expect(isFoyerRoute("/auth", "/signin")).toBe(false);
    expect(isFoyerRoute("/", "/session")).toBe(true);
  });
});

describe("handle", () => {
  it("answers Foyer's routes under a configured basePath (which @auth/sveltekit overwrites) and under paths.base", async () => {
    const browser = new Browser();
    const custom = createSvelteKitAuth(appConfig({ basePath: "/custom-auth" }), runtime());
    const next = vi.fn(resolveInto({}));
    const answer = await custom.handle({ event: event(browser, "/custom-auth/providers"), resolve: next });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ credentials: { signinUrl: `${ORIGIN}/custom-auth/signin/credentials` } });
    expect(next).not.toHaveBeenCalled();
    expect((await custom.handle({ event: event(browser, "/auth/providers"), resolve: next })).status).toBe(200);
    expect(next).toHaveBeenCalledTimes(1);

    const based = createSvelteKitAuth(appConfig(), runtime(PROD_ENV, { base: () => "/app" }));
    const providers = await based.handle({ event: event(browser, "/app/auth/providers"), resolve: next });
    expect(await providers.json()).toMatchObject({ credentials: { callbackUrl: `${ORIGIN}/app/auth/callback/credentials` } });
  });

  it("serves the built-in pages with Referrer-Policy same-origin (header and meta): SvelteKit refuses the Origin: null that no-referrer makes browsers send", async () => {
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const page = await auth.handle({ event: event(new Browser(), "/auth/signin"), resolve: resolveInto({}) });
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    expect(html).not.toContain("no-referrer");
    const own = createSvelteKitAuth(appConfig({ pageHeaders: { "referrer-policy": "no-referrer" } }), runtime());
    const kept = await own.handle({ event: event(new Browser(), "/auth/signin"), resolve: resolveInto({}) });
    expect(kept.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await kept.text()).toContain('<meta name="referrer" content="no-referrer">');
  });

  it("composes with sequence(): a hook after it runs for the app's pages and reads the session through locals.auth()", async () => {
    const browser = new Browser();
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const seenByLater: (string | null)[] = [];
    const later: Handle = async ({ event, resolve }) => {
      seenByLater.push((await event.locals.auth())?.user?.email ?? null);
      return resolve(event);
    };
    const sequenced = sequence(auth.handle as never, later as never) as unknown as Handle;
    // SvelteKit runs its hooks inside its request store; sequence() reads it.
    const handle: Handle = (input) => with_request_store({ event: input.event, state: {} }, () => sequenced(input));
    expect(await (await handle({ event: event(browser, "/"), resolve: resolveInto({}) })).text()).toBe("the app's page");
    const { error } = await signInWithAction(auth, browser, { providerId: "credentials", username: "ada", password: PASSWORD, redirectTo: "/" });
    expect(isRedirect(error)).toBe(true);
    await handle({ event: event(browser, "/"), resolve: resolveInto({}) });
    expect(seenByLater).toEqual([null, DEMO_USER.email]);
  });

  it("keeps Foyer's CSRF check: a credentials form posted without the token signs nobody in", async () => {
    const browser = new Browser();
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const posted = event(browser, "/auth/callback/credentials", { form: { username: "ada", password: PASSWORD }, headers: { origin: "https://evil.example" } });
    const answer = await auth.handle({ event: posted, resolve: resolveInto({}) });
    browser.apply(answer);
    expect(answer.headers.get("location")).toMatch(/error=MissingCSRF/);
    expect(browser.jar.has("authjs.session-token")).toBe(false);
  });

  it("reads the secret and AUTH_TRUST_HOST from SvelteKit's environment, in production builds too; without either it refuses the host", async () => {
    const browser = new Browser();
    const trusted = createSvelteKitAuth(appConfig(), runtime({ AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" }));
    expect((await trusted.handle({ event: event(browser, "/auth/session"), resolve: resolveInto({}) })).status).toBe(200);
    const untrusted = createSvelteKitAuth(appConfig(), runtime({ AUTH_SECRET: SECRET }, { env: () => ({ AUTH_SECRET: SECRET }) }));
    const refused = await untrusted.handle({ event: event(browser, "/auth/session"), resolve: resolveInto({}) });
    expect(refused.status).toBe(500);
    // The development server trusts the host, as @auth/sveltekit's does.
    const dev = createSvelteKitAuth(appConfig(), runtime({ AUTH_SECRET: SECRET }, { env: () => ({ AUTH_SECRET: SECRET }), dev: true }));
    expect((await dev.handle({ event: event(browser, "/auth/session"), resolve: resolveInto({}) })).status).toBe(200);
  });

  it("merges SvelteKit's environment over process.env (SvelteKit 3 hands over only declared variables)", () => {
    const env = foyerEnv({ AUTH_SECRET: "from-dotenv" }, false, { AUTH_SECRET: "from-process", AUTH_TRUST_HOST: "true", NODE_ENV: "development" });
    expect(env).toMatchObject({ AUTH_SECRET: "from-dotenv", AUTH_TRUST_HOST: "true", NODE_ENV: "production" });
  });

  it("takes the config from a function of the event, called per request", async () => {
    const config = appConfig();
    const input = vi.fn<Extract<SvelteKitAuthConfigInput, (...args: never[]) => unknown>>(() => config);
    const auth = createSvelteKitAuth(input, runtime());
    await auth.handle({ event: event(new Browser(), "/auth/providers"), resolve: resolveInto({}) });
    expect(input).toHaveBeenCalledTimes(1);
  });
});

describe("event.locals.auth()", () => {
  it("is null when signed out and the session once signed in, read once per request", async () => {
    const browser = new Browser();
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const seen: { locals?: App.Locals } = {};
    await auth.handle({ event: event(browser, "/"), resolve: resolveInto(seen) });
    expect(await seen.locals!.auth()).toBeNull();

    await signInWithAction(auth, browser, { providerId: "credentials", username: "ada", password: PASSWORD });
    await auth.handle({ event: event(browser, "/"), resolve: resolveInto(seen) });
    const first = seen.locals!.auth();
    expect(seen.locals!.auth()).toBe(first);
    expect((await first)?.user).toMatchObject({ email: DEMO_USER.email, name: DEMO_USER.name });
    expect(await seen.locals!.getSession()).toEqual(await first);
  });

  it("fails closed: a config function that throws, a broken cookie or an adapter that throws read as null, logged, never thrown", async () => {
    const errors: unknown[] = [];
    const logger = { error: (error: unknown) => void errors.push(error), warn() {}, debug() {} };
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const seen: { locals?: App.Locals } = {};
      const throwing = createSvelteKitAuth(() => {
        throw new Error("config unavailable");
      }, runtime());
      await throwing.handle({ event: event(new Browser(), "/"), resolve: resolveInto(seen) });
      expect(await seen.locals!.auth()).toBeNull();
      expect(consoleError).toHaveBeenCalled();
      // Foyer's own routes answer the configuration error (no stack trace); the app's pages go on.
      const configError = await throwing.handle({ event: event(new Browser(), "/auth/session"), resolve: resolveInto(seen) });
      expect(configError.status).toBe(500);
      expect(await configError.text()).not.toMatch(/config unavailable|at /);
      expect((await throwing.handle({ event: event(new Browser(), "/api/session"), resolve: resolveInto(seen) })).status).toBe(200);

      const browser = new Browser();
      browser.jar.set("authjs.session-token", "not-a-jwe");
      const broken = createSvelteKitAuth(appConfig({ logger }), runtime());
      await broken.handle({ event: event(browser, "/"), resolve: resolveInto(seen) });
      expect(await seen.locals!.auth()).toBeNull();

      const database = createSvelteKitAuth(
        appConfig({
          logger,
          session: { strategy: "database" },
          adapter: {
            getSessionAndUser: () => {
              throw new Error("database down");
            },
          } as never,
        }),
        runtime(),
      );
      browser.jar.set("authjs.session-token", "some-session-id");
      await database.handle({ event: event(browser, "/"), resolve: resolveInto(seen) });
      expect(await seen.locals!.auth()).toBeNull();
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe("the signIn and signOut form actions", () => {
  it("signIn with credentials sets the session cookie through event.cookies and redirects (303) to redirectTo", async () => {
    const browser = new Browser();
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const { event: posted, error } = await signInWithAction(auth, browser, {
      providerId: "credentials",
      username: "ada",
      password: PASSWORD,
      redirectTo: "/dashboard",
    });
    expect(isRedirect(error)).toBe(true);
    expect(error).toMatchObject({ status: 303, location: "/dashboard" });
    const session = (posted as unknown as { set: { name: string; options: Record<string, unknown> }[] }).set.find((c) => c.name === "authjs.session-token");
    expect(session?.options).toMatchObject({ path: "/", httpOnly: true, sameSite: "lax" });
  });

  it("a refused password is thrown as CredentialsSignin (an AuthError), so the app's try/catch can show it", async () => {
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const { error } = await signInWithAction(auth, new Browser(), { providerId: "credentials", username: "ada", password: "wrong" });
    expect(error).toBeInstanceOf(CredentialsSignin);
    expect(error).toBeInstanceOf(AuthError);
  });

  it("no provider goes to the sign-in page; authorizationParams-* reach the provider's authorisation URL", async () => {
    const auth = createSvelteKitAuth(appConfig({ providers: [GitHub({ clientId: "id", clientSecret: "secret" })] }), runtime());
    const { error: toPage } = await signInWithAction(auth, new Browser(), { redirectTo: "/after" });
    expect(error(toPage).location).toBe("/auth/signin?callbackUrl=%2Fafter");
    const { error: toGitHub } = await signInWithAction(auth, new Browser(), { providerId: "github", "authorizationParams-prompt": "consent" });
    const location = new URL(error(toGitHub).location);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("prompt")).toBe("consent");
    expect(location.searchParams.has("authorizationParams-prompt")).toBe(false);

    function error(value: unknown): { location: string } {
      expect(isRedirect(value)).toBe(true);
      return value as { location: string };
    }
  });

  it("refuses a form posted from another origin (403) before Foyer is asked, even if SvelteKit's own check is off", async () => {
    const browser = new Browser();
    const auth = createSvelteKitAuth(appConfig(), runtime());
    const posted = event(browser, "/login", {
      form: { providerId: "credentials", username: "ada", password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    const error = await thrown(() => Promise.resolve(auth.signIn(posted as never)));
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 403 });
    expect(browser.jar.has("authjs.session-token")).toBe(false);
    const signOut = event(browser, "/signout", { form: {}, headers: { origin: "https://evil.example" } });
    expect(await thrown(() => Promise.resolve(auth.signOut(signOut as never)))).toMatchObject({ status: 403 });
  });

  it("signOut ends the session and redirects to redirectTo", async () => {
    const browser = new Browser();
    const auth = createSvelteKitAuth(appConfig(), runtime());
    await signInWithAction(auth, browser, { providerId: "credentials", username: "ada", password: PASSWORD });
    expect(browser.jar.has("authjs.session-token")).toBe(true);
    const out = event(browser, "/signout", { form: { redirectTo: "/bye" }, headers: { origin: ORIGIN } });
    const error = await thrown(() => Promise.resolve(auth.signOut(out as never)));
    expect(error).toMatchObject({ status: 303, location: "/bye" });
    expect(browser.jar.has("authjs.session-token")).toBe(false);
  });
});
