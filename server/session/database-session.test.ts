/**
 * Database sessions through `Auth()` with a real adapter (Auth.js's reads, sign-out and events; Foyer's hashed tokens,
 * Auth.js migration, credentials with database sessions; security cases R-SESS-10, R-CONF-04/07).
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import { REQUIRED_METHODS } from "../adapters/wrap.js";
import type { Adapter, AdapterSession } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { type CookieJar, DEMO_USER, ORIGIN, PASSWORD, csrf, get, postForm, postJson, signIn, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";

const SESSION = "authjs.session-token";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

afterEach(() => {
  vi.useRealTimers();
});

function dbConfig(adapter: Adapter = MemoryAdapter(), overrides: Partial<AuthConfig> = {}) {
  return { adapter, config: testConfig({ adapter, ...overrides }) };
}

async function read(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  return { response, body: await response.json() };
}

describe("credentials sign-in with database sessions (Auth.js refuses this: R-CONF-04)", () => {
  it("creates the user (by the id authorize returned), links a credentials account and stores a hashed session", async () => {
    const { adapter, config } = dbConfig();
    const { jar, response } = await signIn(config);
    expect(response.headers.get("location")).toBe(ORIGIN);
    const token = jar.get(SESSION)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(cookie).toMatch(/; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
    expect(await adapter.getSessionAndUser!(token)).toBeNull(); // the raw token is not stored
    const stored = await adapter.getSessionAndUser!(sha256(token));
    expect(stored!.user).toMatchObject({ id: DEMO_USER.id, email: DEMO_USER.email, emailVerified: null });
    expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: DEMO_USER.id! })).toMatchObject({ id: DEMO_USER.id! });
  });

  it("a second sign-in reuses the user found by account id — never matched by e-mail", async () => {
    const { adapter, config } = dbConfig();
    // another user already has the same e-mail: the credentials user must not be attached to it
    await adapter.createUser!({ id: "someone-else", email: "other@example.com", emailVerified: new Date(), name: "Other" });
    await signIn(config);
    await signIn(config);
    const user = await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: DEMO_USER.id! });
    expect(user!.id).toBe(DEMO_USER.id);
    expect(await adapter.getUser!("someone-else")).toMatchObject({ name: "Other" });
  });

  it("events: createUser → linkAccount → signIn on first sign-in; signIn alone afterwards", async () => {
    const events: string[] = [];
    const log = (name: string) => () => void events.push(name);
    const { config } = dbConfig(MemoryAdapter(), {
      events: { createUser: log("createUser"), linkAccount: log("linkAccount"), signIn: (m) => void events.push(`signIn:${m.isNewUser}`) },
    });
    await signIn(config);
    await signIn(config);
    expect(events).toEqual(["createUser", "linkAccount", "signIn:true", "signIn:false"]);
  });

  it("pages.newUser on the first sign-in only", async () => {
    const { config } = dbConfig(MemoryAdapter(), { pages: { newUser: "/welcome" } });
    expect((await signIn(config)).response.headers.get("location")).toBe(`/welcome?callbackUrl=${encodeURIComponent(ORIGIN)}`);
    expect((await signIn(config)).response.headers.get("location")).toBe(ORIGIN);
  });

  it("every sign-in issues a new token and ends the browser's previous session (ASVS V7.2.4)", async () => {
    const { adapter, config } = dbConfig();
    const first = await signIn(config);
    const oldToken = first.jar.get(SESSION)!;
    const { csrfToken } = await csrf(config, first.jar);
    const again = await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: first.jar.header }), config);
    first.jar.update(again);
    expect(first.jar.get(SESSION)).not.toBe(oldToken);
    expect(await adapter.getSessionAndUser!(sha256(oldToken))).toBeNull();
  });

  it("concurrent sign-ins of the same user create one user and separate sessions", async () => {
    const { adapter, config } = dbConfig();
    const results = await Promise.all(Array.from({ length: 5 }, () => signIn(config)));
    const tokens = new Set(results.map((r) => r.jar.get(SESSION)));
    expect(tokens.size).toBe(5);
    expect((await adapter.listSessions!(DEMO_USER.id!)).length).toBe(5);
  });
});

describe("GET / POST /session with database sessions", () => {
  it("returns the session; the session callback receives the stored user", async () => {
    const seen: unknown[] = [];
    const { config } = dbConfig(MemoryAdapter(), {
      callbacks: { session: ({ session, user }) => (seen.push(user), { ...session, userId: user?.id }) },
    });
    const { jar } = await signIn(config);
    const { body, response } = await read(config, jar);
    expect(body).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email }, userId: DEMO_USER.id, expires: expect.any(String) });
    expect(seen[0]).toMatchObject({ id: DEMO_USER.id, emailVerified: null });
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });

  it("extends the expiry once updateAge has passed (and re-sends the cookie), not before", async () => {
    const { adapter, config } = dbConfig(MemoryAdapter(), { session: { maxAge: 3600, updateAge: 60 } });
    const { jar } = await signIn(config);
    const key = sha256(jar.get(SESSION)!);
    const before = (await adapter.getSessionAndUser!(key))!.session.expires.valueOf();
    const early = await read(config, jar);
    expect(early.response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    const later = await read(config, jar);
    const after = (await adapter.getSessionAndUser!(key))!.session.expires.valueOf();
    expect(after).toBeGreaterThan(before + 60_000);
    expect(later.response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))).toContain(new Date(after).toUTCString());
  });

  it("updateAge 0 extends on every read", async () => {
    const { adapter, config } = dbConfig(MemoryAdapter(), { session: { updateAge: 0 } });
    const { jar } = await signIn(config);
    const spy = vi.spyOn(adapter, "updateSession");
    const fresh = testConfig({ adapter, session: { updateAge: 0 } });
    await read(fresh, jar);
    await read(fresh, jar);
    expect(spy.mock.calls.filter(([s]) => s.expires).length).toBe(2);
  });

  it("an absolute maxAge is never extended", async () => {
    const end = new Date(Date.now() + 3600_000);
    const { adapter, config } = dbConfig(MemoryAdapter(), { session: { maxAge: end, updateAge: 0 } });
    const { jar } = await signIn(config);
    await read(config, jar);
    expect((await adapter.getSessionAndUser!(sha256(jar.get(SESSION)!)))!.session.expires.valueOf()).toBe(end.valueOf());
  });

  it("R-SESS-10 an expired row: null, the row deleted, the cookie cleared", async () => {
    const { adapter, config } = dbConfig(MemoryAdapter(), { session: { maxAge: 60 } });
    const { jar } = await signIn(config);
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    const { body, response } = await read(config, jar);
    expect(body).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    vi.useRealTimers();
    expect(await adapter.getSessionAndUser!(sha256(jar.get(SESSION)!))).toBeNull();
  });

  it("R-SESS-10 an unknown or tampered token: null and the cookie cleared", async () => {
    const { config } = dbConfig();
    const { jar } = await signIn(config);
    jar.cookies.set(SESSION, `${jar.get(SESSION)!.slice(0, -2)}xx`);
    const { body, response } = await read(config, jar);
    expect(body).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("R-SESS-10 an adapter that throws: null, cookies unchanged, SessionTokenError logged", async () => {
    const errors: Error[] = [];
    const adapter = MemoryAdapter();
    const { config } = dbConfig(adapter, { logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } });
    const { jar } = await signIn(config);
    // Both lookups: the core reads through getSessionAndUserWithMetadata when the adapter has it.
    adapter.getSessionAndUser = adapter.getSessionAndUserWithMetadata = () => {
      throw new Error("connection reset");
    };
    const broken = testConfig({ adapter, logger: config.logger });
    const { body, response } = await read(broken, jar);
    expect(body).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
    expect(errors.map((e) => (e as { type?: string }).type)).toContain("SessionTokenError");
  });

  it("POST /session passes the data as newSession with trigger update", async () => {
    const calls: unknown[] = [];
    const { config } = dbConfig(MemoryAdapter(), {
      callbacks: { session: (params) => (calls.push({ newSession: params.newSession, trigger: params.trigger }), params.session) },
    });
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postJson("/auth/session", { csrfToken, data: { theme: "dark" } }, { cookie: jar.header }), config);
    expect(response.status).toBe(200);
    expect(calls.at(-1)).toEqual({ newSession: { theme: "dark" }, trigger: "update" });
  });

  it("stores session metadata when the adapter supports it, and keeps lastSeenAt fresh without writing on every request", async () => {
    const { adapter, config } = dbConfig();
    const { jar } = await signIn(config);
    const [session] = await adapter.listSessions!(DEMO_USER.id!);
    expect(session).toMatchObject({ createdAt: expect.any(Date), lastSeenAt: expect.any(Date) });
    const spy = vi.spyOn(adapter, "updateSession");
    const fresh = testConfig({ adapter });
    await read(fresh, jar);
    expect(spy).not.toHaveBeenCalled();
    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ["Date"] });
    await read(fresh, jar);
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ lastSeenAt: expect.any(Date) }));
  });
});

describe("sign-out with database sessions", () => {
  it("deletes the row, fires signOut with the adapter's session, clears the cookie", async () => {
    const events: unknown[] = [];
    const { adapter, config } = dbConfig(MemoryAdapter(), { events: { signOut: (m) => void events.push(m) } });
    const { jar, csrfToken } = await signIn(config);
    const key = sha256(jar.get(SESSION)!);
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(await adapter.getSessionAndUser!(key)).toBeNull();
    // Exactly Auth.js's AdapterSession, as deleteSession returns it: no Foyer metadata.
    expect(events).toStrictEqual([{ session: { sessionToken: key, userId: DEMO_USER.id!, expires: expect.any(Date) } }]);
  });

  it("a failing adapter still clears the cookie (SignOutError logged)", async () => {
    const errors: Error[] = [];
    const adapter = MemoryAdapter();
    const { config } = dbConfig(adapter, { logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } });
    const { jar, csrfToken } = await signIn(config);
    adapter.deleteSession = async () => {
      throw new Error("db down");
    };
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), testConfig({ adapter, logger: config.logger }));
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(errors.map((e) => (e as { type?: string }).type)).toContain("SignOutError");
  });
});

describe("migration from Auth.js (raw tokens in the database)", () => {
  it("a session stored with its raw token is found once, re-keyed by its hash, and nobody is logged out", async () => {
    const adapter = MemoryAdapter();
    const user = await adapter.createUser!({ id: "u-legacy", email: "legacy@example.com", emailVerified: null, name: "Legacy" });
    const rawToken = "0b0cb0e4-0f0a-4b7c-9b0a-6f0a7d1c2e3f"; // Auth.js's UUID tokens
    await adapter.createSession!({ sessionToken: rawToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
    const config = testConfig({ adapter });
    const response = await Auth(get("/auth/session", { cookie: `${SESSION}=${rawToken}` }), config);
    expect((await response.json()).user.email).toBe("legacy@example.com");
    expect(await adapter.getSessionAndUser!(rawToken)).toBeNull();
    expect(await adapter.getSessionAndUser!(sha256(rawToken))).toMatchObject({ user: { id: "u-legacy" } });
    // and the next request finds it directly
    const again = await Auth(get("/auth/session", { cookie: `${SESSION}=${rawToken}` }), config);
    expect((await again.json()).user.email).toBe("legacy@example.com");
  });
});

describe("an Auth.js adapter object works unchanged", () => {
  it("an adapter with only Auth.js's methods: sign-in and session work; no Foyer metadata is passed to it", async () => {
    const memory = MemoryAdapter();
    const created: AdapterSession[] = [];
    // Only the ten methods Auth.js's database strategy needs, as a third-party adapter would have.
    const authjsAdapter: Adapter = {
      createUser: memory.createUser,
      getUser: memory.getUser,
      getUserByEmail: memory.getUserByEmail,
      getUserByAccount: memory.getUserByAccount,
      updateUser: memory.updateUser,
      linkAccount: memory.linkAccount,
      createSession: (session) => (created.push(session), memory.createSession!(session)),
      getSessionAndUser: memory.getSessionAndUser,
      updateSession: memory.updateSession,
      deleteSession: memory.deleteSession,
    };
    const config = testConfig({ adapter: authjsAdapter });
    const { jar } = await signIn(config);
    expect((await read(config, jar)).body.user.email).toBe(DEMO_USER.email);
    expect(Object.keys(created[0]!).sort()).toEqual(["expires", "sessionToken", "userId"]);
    const manage = await Auth(get("/auth/account/sessions", { cookie: jar.header }), config);
    expect(manage.status).toBe(404);
  });

  it("validation names the methods a configured feature needs but the adapter lacks", async () => {
    const errors: Error[] = [];
    const config = testConfig({ adapter: { getUser: () => null }, logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } });
    const response = await Auth(get("/auth/session"), config);
    expect(response.status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "MissingAdapterMethods" });
    expect(errors[0]!.message).toContain(
      "createUser, getUserByEmail, getUserByAccount, updateUser, linkAccount, createSession, getSessionAndUser, updateSession, deleteSession",
    );
  });
});

describe("database session answers and caches", () => {
  it("the session update (POST /session) is never cached and is marked nosniff, like the read", async () => {
    const { config } = dbConfig();
    const { jar, csrfToken } = await signIn(config);
    const read = await Auth(get("/auth/session", { cookie: jar.header }), config);
    const update = await Auth(postJson("/auth/session", { csrfToken, data: {} }, { cookie: jar.header }), config);
    for (const response of [read, update]) {
      expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect((await update.json()).user.email).toBe(DEMO_USER.email);
  });
});

describe("session management routes ({basePath}/account/sessions)", () => {
  async function twoDevices() {
    const { adapter, config } = dbConfig();
    const laptop = await signIn(config);
    const phone = await signIn(config);
    return { adapter, config, laptop, phone };
  }

  it("lists the user's sessions with metadata and marks the current one", async () => {
    const { config, laptop } = await twoDevices();
    const response = await Auth(get("/auth/account/sessions", { cookie: laptop.jar.header, headers: { "user-agent": "Laptop" } }), config);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { sessions } = await response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(session).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expires: expect.any(String),
      });
      expect(JSON.stringify(session)).not.toContain(laptop.jar.get(SESSION)!);
      expect(JSON.stringify(session)).not.toContain(sha256(laptop.jar.get(SESSION)!));
    }
  });

  it("revokes one session by id (CSRF required); the other device is signed out", async () => {
    const { config, laptop, phone } = await twoDevices();
    const list = await (await Auth(get("/auth/account/sessions", { cookie: laptop.jar.header }), config)).json();
    const other = list.sessions.find((s: { current: boolean }) => !s.current);
    const { csrfToken } = await csrf(config, laptop.jar);
    const noCsrf = await Auth(postJson("/auth/account/sessions/revoke", { id: other.id }, { cookie: laptop.jar.header }), config);
    expect(noCsrf.status).toBe(403);
    const response = await Auth(postJson("/auth/account/sessions/revoke", { csrfToken, id: other.id }, { cookie: laptop.jar.header }), config);
    expect(await response.json()).toEqual({ revoked: 1 });
    expect((await read(config, phone.jar)).body).toBeNull();
    expect((await read(config, laptop.jar)).body.user.email).toBe(DEMO_USER.email);
  });

  it("account routes read JSON bodies only: the same revoke as a form (which any site can post cross-site) carries no CSRF token", async () => {
    const { config, laptop, phone } = await twoDevices();
    const { csrfToken } = await csrf(config, laptop.jar);
    const form = await Auth(postForm("/auth/account/sessions/revoke-others", { csrfToken }, { cookie: laptop.jar.header }), config);
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ error: "MissingCSRF" });
    expect((await read(config, phone.jar)).body.user.email).toBe(DEMO_USER.email);
    const disguised = await Auth(
      new Request(`${ORIGIN}/auth/account/sessions/revoke-others`, {
        method: "POST",
        headers: { "content-type": "text/plain; charset=application/json", cookie: laptop.jar.header },
        body: JSON.stringify({ csrfToken }),
      }),
      config,
    );
    expect(disguised.status).toBe(403);
    expect((await read(config, phone.jar)).body.user.email).toBe(DEMO_USER.email);
  });

  it("revoking the current session also clears its cookie", async () => {
    const { config, laptop } = await twoDevices();
    const list = await (await Auth(get("/auth/account/sessions", { cookie: laptop.jar.header }), config)).json();
    const current = list.sessions.find((s: { current: boolean }) => s.current);
    const { csrfToken } = await csrf(config, laptop.jar);
    const response = await Auth(postJson("/auth/account/sessions/revoke", { csrfToken, id: current.id }, { cookie: laptop.jar.header }), config);
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("revoke-others keeps only the current session", async () => {
    const { config, laptop, phone } = await twoDevices();
    await signIn(config);
    const { csrfToken } = await csrf(config, laptop.jar);
    const response = await Auth(postJson("/auth/account/sessions/revoke-others", { csrfToken }, { cookie: laptop.jar.header }), config);
    expect(await response.json()).toEqual({ revoked: 2 });
    expect((await read(config, phone.jar)).body).toBeNull();
    expect((await read(config, laptop.jar)).body).not.toBeNull();
  });

  it("R-CONF-07 without a session: 401; another user's session id: not found, nothing deleted", async () => {
    const { adapter, config, laptop } = await twoDevices();
    const anonymous = await csrf(config);
    const unauth = await Auth(postJson("/auth/account/sessions/revoke-others", { csrfToken: anonymous.csrfToken }, { cookie: anonymous.jar.header }), config);
    expect(unauth.status).toBe(401);
    expect((await Auth(get("/auth/account/sessions"), config)).status).toBe(401);
    // a second user with a session
    const other = await adapter.createUser!({ id: "u2", email: "u2@example.com", emailVerified: null });
    await adapter.createSession!({ sessionToken: sha256("other-token"), userId: other.id, expires: new Date(Date.now() + 3600_000), createdAt: new Date() });
    const { sessionId } = await import("../account/sessions.js");
    const { csrfToken } = await csrf(config, laptop.jar);
    const response = await Auth(
      postJson("/auth/account/sessions/revoke", { csrfToken, id: await sessionId(sha256("other-token")) }, { cookie: laptop.jar.header }),
      config,
    );
    expect(response.status).toBe(404);
    expect(await adapter.getSessionAndUser!(sha256("other-token"))).not.toBeNull();
  });

  it("a cross-site POST is refused like a missing token (R-REQ-05)", async () => {
    const { config, laptop } = await twoDevices();
    const { csrfToken } = await csrf(config, laptop.jar);
    const response = await Auth(
      postJson("/auth/account/sessions/revoke-others", { csrfToken }, { cookie: laptop.jar.header, headers: { Origin: "https://evil.com" } }),
      config,
    );
    expect(response.status).toBe(403);
  });

  it("revokeUserSessions ends every session of a user", async () => {
    const { adapter, config, laptop } = await twoDevices();
    const { revokeUserSessions } = await import("../account/sessions.js");
    expect(await revokeUserSessions(adapter, DEMO_USER.id!)).toBe(2);
    expect((await read(config, laptop.jar)).body).toBeNull();
  });
});

describe("adapters of every shape", () => {
  it("a class-based adapter (methods on the prototype) works", async () => {
    const memory = MemoryAdapter();
    class ClassAdapter {
      createUser = undefined;
    }
    const names = REQUIRED_METHODS.database;
    for (const name of names) {
      (ClassAdapter.prototype as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        return (memory[name] as (...a: unknown[]) => unknown)(...args);
      };
    }
    const instance = new ClassAdapter();
    delete (instance as { createUser?: unknown }).createUser;
    const config = testConfig({ adapter: instance as unknown as Adapter });
    const { jar } = await signIn(config);
    expect((await read(config, jar)).body.user.email).toBe(DEMO_USER.email);
  });

  it("credentials sign-up through the SQLite adapter writes user and account in one transaction", async () => {
    const { default: SQLiteAdapter } = await import("../adapters/sqlite.js");
    const adapter = SQLiteAdapter({ url: ":memory:" });
    try {
      const spy = vi.spyOn(adapter, "createUserWithAccount");
      const config = testConfig({ adapter });
      const { jar } = await signIn(config);
      expect(spy).toHaveBeenCalledOnce();
      expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: DEMO_USER.id! })).toMatchObject({ id: DEMO_USER.id });
      expect((await read(config, jar)).body.user.email).toBe(DEMO_USER.email);
    } finally {
      await adapter.close();
    }
  });
});
