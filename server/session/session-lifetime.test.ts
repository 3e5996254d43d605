/**
 * The absolute session lifetime (`session.absoluteMaxAge`, session-lifetime.ts) through `Auth()`, with
 * a fake clock (`Date` only): for cookie sessions the sign-in time travels in the token and survives
 * refreshes and callbacks that rebuild the token; for database sessions it counts from the row's
 * createdAt and caps every extension. Every sign-in starts it afresh with a new token.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { decode, encode } from "../jwt/index.js";
import { CookieJar, DEMO_USER, PASSWORD, SECRET, csrf, get, postForm, setCookies, signIn, testConfig } from "../testing/harness.js";
import type { AuthConfig, JWT } from "../types.js";
import { AUTH_TIME_CLAIM } from "./session-lifetime.js";

const SESSION = "authjs.session-token";
const CACHE = "foyer.session-cache";
const HOUR = 3600;
const DAY = 24 * HOUR;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

afterEach(() => {
  vi.useRealTimers();
});

/** Fake `Date` only, `seconds` ahead of the real clock. */
function at(seconds: number): void {
  vi.useRealTimers();
  vi.useFakeTimers({ now: Date.now() + seconds * 1000, toFake: ["Date"] });
}

async function read(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  jar.update(response);
  return { response, body: (await response.json()) as { user?: { email?: string }; expires?: string } | null };
}

const tokenOf = async (jar: CookieJar) => (await decode({ token: jar.get(SESSION)!, secret: SECRET, salt: SESSION })) as JWT;

describe("absolute lifetime of cookie sessions", () => {
  const config = (overrides: Partial<AuthConfig> = {}) =>
    testConfig({ session: { strategy: "jwt", maxAge: 30 * DAY, updateAge: 0, absoluteMaxAge: HOUR }, ...overrides });

  it("the token carries the sign-in time, its exp never passes sign-in + limit, and it ends at the limit however often it is used", async () => {
    const auth = config();
    const { jar } = await signIn(auth);
    const first = await tokenOf(jar);
    const signedIn = first[AUTH_TIME_CLAIM] as number;
    expect(Math.abs(signedIn - Date.now() / 1000)).toBeLessThan(5);
    expect(first.exp).toBeLessThanOrEqual(signedIn + HOUR);

    at(40 * 60);
    const used = await read(auth, jar);
    expect(used.body).toMatchObject({ user: { email: DEMO_USER.email } });
    const refreshed = await tokenOf(jar);
    expect(refreshed.iat).toBeGreaterThan(first.iat as number); // re-sealed (updateAge 0)…
    expect(refreshed[AUTH_TIME_CLAIM]).toBe(signedIn); // …with the sign-in time kept
    expect(refreshed.exp).toBeLessThanOrEqual(signedIn + HOUR);
    expect(new Date(used.body!.expires!).valueOf()).toBeLessThanOrEqual((signedIn + HOUR) * 1000);

    at(HOUR + 1);
    const over = await read(auth, jar);
    expect(over.body).toBeNull();
    expect(over.response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("a jwt callback that builds a new token without the claim does not reset the clock", async () => {
    const auth = config({ callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email }) } });
    const { jar } = await signIn(auth);
    const signedIn = (await tokenOf(jar))[AUTH_TIME_CLAIM];
    at(30 * 60);
    await read(auth, jar);
    expect((await tokenOf(jar))[AUTH_TIME_CLAIM]).toBe(signedIn);
    at(HOUR + 1);
    expect((await read(auth, jar)).body).toBeNull();
  });

  it("a token sealed without the claim (before the limit, or by Auth.js) counts from its iat, and gets the claim on its next read", async () => {
    const auth = config();
    const legacy = await encode({ token: { sub: "user-9", name: "Old", email: "old@example.com" }, secret: SECRET, salt: SESSION });
    const issued = (await decode({ token: legacy, secret: SECRET, salt: SESSION }))!.iat as number;
    const jar = new CookieJar();
    jar.cookies.set(SESSION, legacy);
    at(10 * 60);
    expect((await read(auth, jar)).body).toMatchObject({ user: { email: "old@example.com" } });
    expect((await tokenOf(jar))[AUTH_TIME_CLAIM]).toBe(issued);

    const untouched = new CookieJar();
    untouched.cookies.set(SESSION, legacy);
    at(HOUR + 1);
    expect((await read(auth, untouched)).body).toBeNull();
  });

  it("a new sign-in starts the clock afresh with a new token", async () => {
    const auth = config();
    const { jar } = await signIn(auth);
    const old = jar.get(SESSION);
    const before = (await tokenOf(jar))[AUTH_TIME_CLAIM] as number;
    at(50 * 60);
    const { csrfToken } = await csrf(auth, jar);
    jar.update(await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), auth));
    expect(jar.get(SESSION)).not.toBe(old);
    expect((await tokenOf(jar))[AUTH_TIME_CLAIM]).toBeGreaterThanOrEqual(before + 50 * 60);
    at(HOUR + 1);
    expect((await read(auth, jar)).body).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("without the option no claim is written", async () => {
    const { jar } = await signIn(testConfig({ session: { strategy: "jwt" } }));
    expect(await tokenOf(jar)).not.toHaveProperty(AUTH_TIME_CLAIM);
  });
});

describe("absolute lifetime of database sessions", () => {
  const setup = (session: AuthConfig["session"] = {}, adapter: Adapter = MemoryAdapter()) => ({
    adapter,
    config: testConfig({ adapter, session: { maxAge: 30 * DAY, updateAge: 0, absoluteMaxAge: HOUR, ...session } }),
  });
  const expiresOf = async (adapter: Adapter, jar: CookieJar) => (await adapter.getSessionAndUser!(sha256(jar.get(SESSION)!)))?.session.expires.valueOf();

  it("the row expires at createdAt + limit; reads extend it no further; after it the row is deleted and the cookie cleared", async () => {
    const { adapter, config } = setup();
    const { jar } = await signIn(config);
    const created = (await adapter.listSessions!(DEMO_USER.id!))[0]!.createdAt.valueOf();
    expect(await expiresOf(adapter, jar)).toBe(created + HOUR * 1000);

    at(30 * 60);
    expect((await read(config, jar)).body).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(await expiresOf(adapter, jar)).toBe(created + HOUR * 1000);

    const key = sha256(jar.get(SESSION)!);
    at(HOUR + 1);
    const over = await read(config, jar);
    expect(over.body).toBeNull();
    expect(over.response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(await adapter.getSessionAndUser!(key)).toBeNull();
  });

  it("a row created before the limit was set (expiry beyond it) ends at createdAt + limit", async () => {
    const adapter = MemoryAdapter();
    const { jar } = await signIn(testConfig({ adapter, session: { maxAge: 30 * DAY } }));
    const { config } = setup({}, adapter);
    at(HOUR - 60);
    expect((await read(config, jar)).body).not.toBeNull();
    at(HOUR + 1);
    expect((await read(config, jar)).body).toBeNull();
  });

  it("with the cache, a cache cookie never outlives the session's absolute limit", async () => {
    const { config } = setup({ cache: { maxAge: 600 } });
    const { jar } = await signIn(config);
    at(HOUR - 120);
    const { response } = await read(config, jar);
    const expires = /Expires=([^;]+)/.exec(setCookies(response).get(CACHE)!)![1]!;
    expect(new Date(expires).valueOf()).toBeLessThanOrEqual(Date.now() + 121_000);
    at(HOUR + 1);
    expect((await read(config, jar)).body).toBeNull();
  });

  it("needs an adapter that stores createdAt: without session metadata the configuration is refused", async () => {
    const { listSessions: _list, deleteSessions: _delete, ...plain } = MemoryAdapter() as Adapter & Record<string, unknown>;
    const config = testConfig({ adapter: plain as Adapter, session: { absoluteMaxAge: HOUR } });
    const response = await Auth(get("/auth/session"), config);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/\bat .*\.ts:\d+/);
    // Cookie sessions with the same adapter need nothing from it.
    const jwt = testConfig({ adapter: plain as Adapter, session: { strategy: "jwt", absoluteMaxAge: HOUR } });
    expect((await Auth(get("/auth/session"), jwt)).status).toBe(200);
  });

  it("absoluteMaxAge must be a positive number of seconds", async () => {
    for (const absoluteMaxAge of [0, -5, Number.NaN, "3600"]) {
      const config = testConfig({ session: { strategy: "jwt", absoluteMaxAge: absoluteMaxAge as never } });
      expect((await Auth(get("/auth/session"), config)).status, String(absoluteMaxAge)).toBe(500);
    }
  });
});
