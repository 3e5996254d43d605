/**
 * The database session cache (`session.cache`, database-cache.ts) through `Auth()` with a real
 * MemoryAdapter whose calls are counted: a hit never reaches the adapter; the cache runs out after
 * `cache.maxAge`; sign-out clears it; a revoked session is refused once the cache has run out; a
 * tampered cache cookie, or one beside another session token, is ignored.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { CookieJar, DEMO_USER, csrf, get, postForm, postJson, setCookies, signIn, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";

const SESSION = "authjs.session-token";
const CACHE = "foyer.session-cache";

afterEach(() => {
  vi.useRealTimers();
});

/** A MemoryAdapter whose every method call is counted (by name). */
function countingAdapter(): { adapter: Adapter; calls: string[] } {
  const base = MemoryAdapter() as Record<string, unknown>;
  const calls: string[] = [];
  const adapter: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(base)) {
    adapter[name] =
      typeof value === "function"
        ? (...args: unknown[]) => {
            calls.push(name);
            return (value as (...a: unknown[]) => unknown).apply(base, args);
          }
        : value;
  }
  return { adapter: adapter as Adapter, calls };
}

function setup(overrides: Partial<AuthConfig> = {}, cacheMaxAge = 60) {
  const { adapter, calls } = countingAdapter();
  const config = testConfig({ adapter, session: { cache: { maxAge: cacheMaxAge } }, ...overrides });
  return { adapter, calls, config };
}

async function read(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  jar.update(response);
  return { response, body: (await response.json()) as { user?: { email?: string }; expires?: string } | null };
}

/** Fake `Date` only, `seconds` ahead of the real clock (not of an earlier fake one). */
function advance(seconds: number): void {
  vi.useRealTimers();
  vi.useFakeTimers({ now: Date.now() + seconds * 1000, toFake: ["Date"] });
}

describe("the database session cache", () => {
  it("a read writes the cache cookie; the next reads are answered without the adapter, with the same body", async () => {
    const seen: unknown[] = [];
    const { calls, config } = setup({ callbacks: { session: ({ session, user }) => (seen.push(user), session) } });
    const { jar } = await signIn(config);
    const first = await read(config, jar);
    const cookie = setCookies(first.response).get(CACHE)!;
    expect(cookie).toMatch(/^foyer\.session-cache=[^;]+; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
    expect(jar.get(CACHE)).toBeTruthy();

    calls.length = 0;
    const second = await read(config, jar);
    const third = await read(config, jar);
    expect(calls).toEqual([]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(first.body).toMatchObject({ user: { email: DEMO_USER.email } });
    // The session callback gets the same user from the cache, Dates as Dates.
    expect(seen[1]).toEqual(seen[0]);
    expect(second.response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });

  it("without session.cache every read asks the adapter (and no cache cookie is written)", async () => {
    const { adapter, calls } = countingAdapter();
    const config = testConfig({ adapter });
    const { jar } = await signIn(config);
    calls.length = 0;
    const { response } = await read(config, jar);
    await read(config, jar);
    expect(calls.filter((name) => name.startsWith("getSessionAndUser"))).toHaveLength(2);
    expect(setCookies(response).has(CACHE)).toBe(false);
  });

  it("runs out after cache.maxAge: the adapter is asked again and the cache cookie rewritten", async () => {
    const { calls, config } = setup({}, 30);
    const { jar } = await signIn(config);
    await read(config, jar);
    advance(29);
    calls.length = 0;
    await read(config, jar);
    expect(calls).toEqual([]);
    advance(31);
    const later = await read(config, jar);
    expect(calls.some((name) => name.startsWith("getSessionAndUser"))).toBe(true);
    expect(later.body).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(setCookies(later.response).has(CACHE)).toBe(true);
  });

  it("sign-out deletes the cache cookie with the session cookie", async () => {
    const { config } = setup();
    const { jar, csrfToken } = await signIn(config);
    await read(config, jar);
    const before = new CookieJar();
    for (const [name, value] of jar.cookies) before.cookies.set(name, value);
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.getSetCookie()).toContain(`${CACHE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    jar.update(response);
    expect(jar.get(CACHE)).toBeUndefined();
    expect((await read(config, jar)).body).toBeNull();
    // The trade-off, as documented: a copy of both cookies taken before sign-out still reads from the
    // cache until it runs out, then never again.
    expect((await read(config, before)).body).toMatchObject({ user: { email: DEMO_USER.email } });
    advance(61);
    expect((await read(config, before)).body).toBeNull();
  });

  it("a session revoked from another device is refused once the cache has run out", async () => {
    const { config } = setup({}, 20);
    const laptop = await signIn(config);
    const phone = await signIn(config);
    await read(config, phone.jar);
    const list = await (await Auth(get("/auth/account/sessions", { cookie: laptop.jar.header }), config)).json();
    const other = list.sessions.find((s: { current: boolean }) => !s.current);
    const { csrfToken } = await csrf(config, laptop.jar);
    const revoked = await Auth(postJson("/auth/account/sessions/revoke", { csrfToken, id: other.id }, { cookie: laptop.jar.header }), config);
    expect(await revoked.json()).toEqual({ revoked: 1 });
    advance(21);
    const after = await read(config, phone.jar);
    expect(after.body).toBeNull();
    expect(after.response.headers.getSetCookie()).toEqual(
      expect.arrayContaining([`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`, `${CACHE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`]),
    );
  });

  it("revoking the current session deletes its cache cookie too", async () => {
    const { config } = setup();
    const { jar } = await signIn(config);
    await read(config, jar);
    const list = await (await Auth(get("/auth/account/sessions", { cookie: jar.header }), config)).json();
    const current = list.sessions.find((s: { current: boolean }) => s.current);
    const { csrfToken } = await csrf(config, jar);
    const response = await Auth(postJson("/auth/account/sessions/revoke", { csrfToken, id: current.id }, { cookie: jar.header }), config);
    expect(response.headers.getSetCookie()).toContain(`${CACHE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("a tampered cache cookie is ignored: the adapter is asked and a good cookie written", async () => {
    const { calls, config } = setup();
    const { jar } = await signIn(config);
    await read(config, jar);
    const sealed = jar.cookies.get(CACHE)!;
    const parts = sealed.split(".");
    const body = parts[3]!;
    parts[3] = (body[0] === "A" ? "B" : "A") + body.slice(1);
    jar.cookies.set(CACHE, parts.join("."));
    calls.length = 0;
    const { body: session, response } = await read(config, jar);
    expect(session).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(calls.some((name) => name.startsWith("getSessionAndUser"))).toBe(true);
    expect(setCookies(response).get(CACHE)).not.toContain(parts.join("."));
    expect(jar.cookies.get(CACHE)).not.toBe(parts.join("."));
  });

  it("a cache cookie beside another session token is ignored (it names the token it was written for)", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "user-2", name: "Grace", email: "grace@example.com", emailVerified: null });
    const config = testConfig({
      adapter,
      session: { cache: { maxAge: 60 } },
      providers: [
        (await import("../providers/credentials.js")).default({
          authorize: (credentials) => (credentials.username === "grace" ? { id: "user-2", name: "Grace", email: "grace@example.com" } : { ...DEMO_USER }),
        }),
      ],
    });
    const ada = await signIn(config);
    const grace = await signIn(config, { username: "grace" });
    await read(config, ada.jar);
    // Grace's session cookie with Ada's cache cookie: Grace's session, never Ada's.
    const mixed = new CookieJar();
    mixed.cookies.set(SESSION, grace.jar.cookies.get(SESSION)!);
    mixed.cookies.set(CACHE, ada.jar.cookies.get(CACHE)!);
    expect((await read(config, mixed)).body).toMatchObject({ user: { email: "grace@example.com" } });
    // Ada's cache cookie alone (her session cookie deleted, as Auth.js's sign-out does): nobody.
    const orphan = new CookieJar();
    orphan.cookies.set(CACHE, ada.jar.cookies.get(CACHE)!);
    expect((await read(config, orphan)).body).toBeNull();
  });

  it("an update (POST /session) reads the database and refreshes the cache cookie", async () => {
    const { calls, config } = setup();
    const { jar, csrfToken } = await signIn(config);
    await read(config, jar);
    calls.length = 0;
    const response = await Auth(postJson("/auth/session", { csrfToken, data: { theme: "dark" } }, { cookie: jar.header }), config);
    expect(response.status).toBe(200);
    expect(calls.some((name) => name.startsWith("getSessionAndUser"))).toBe(true);
    expect(setCookies(response).has(CACHE)).toBe(true);
  });

  it("a new sign-in deletes the previous session's cache cookie", async () => {
    const { config } = setup();
    const { jar } = await signIn(config);
    await read(config, jar);
    const { csrfToken } = await csrf(config, jar);
    const again = await Auth(
      postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: "correct horse battery staple" }, { cookie: jar.header }),
      config,
    );
    expect(again.headers.getSetCookie()).toContain(`${CACHE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("secure cookies: the cache cookie is __Secure- prefixed and Secure, like the session cookie", async () => {
    const { config } = setup({ useSecureCookies: true });
    const { jar } = await signIn(config);
    expect(jar.cookies.has(`__Secure-${SESSION}`)).toBe(true);
    const { response } = await read(config, jar);
    expect(setCookies(response).get(`__Secure-${CACHE}`)).toMatch(/; Secure/);
  });

  it("configuration: cache.maxAge must be a positive number of seconds up to a day, and only with database sessions", async () => {
    const adapter = MemoryAdapter();
    for (const cache of [{ maxAge: 0 }, { maxAge: -1 }, { maxAge: 86_401 }, { maxAge: "60" }, {}, null]) {
      const config = testConfig({ adapter, session: { cache: cache as never } });
      const response = await Auth(get("/auth/session"), config);
      expect(response.status, JSON.stringify(cache)).toBe(500);
      expect(await response.text()).not.toMatch(/\bat .*\.ts:\d+/);
    }
    const jwt = testConfig({ adapter, session: { strategy: "jwt", cache: { maxAge: 60 } } });
    expect((await Auth(get("/auth/session"), jwt)).status).toBe(500);
  });
});
