/**
 * The `session` callback with database sessions, Foyer's `Auth()` beside `@auth/core`'s on one adapter:
 * what the callback receives (keys and types of `session`, `session.user` and `user`) and what
 * `GET /session` answers. Foyer passes the stored session merged with its user, as Auth.js does, minus
 * `sessionToken` (docs/compatibility.md#sessions-and-tokens).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { authjsDatabase } from "../testing/authjs-database.js";
import { type CookieJar, get, postJson, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";

/** Both libraries' default `session.maxAge`, 30 days, in milliseconds. */
const MAX_AGE = 30 * 86_400_000;

interface Call {
  session: Record<string, unknown>;
  user: unknown;
  argumentKeys: string[];
}

/** A session callback that records what it was given and answers with `answer(params)`. */
function recorder(answer: (params: { session: Record<string, unknown>; user?: unknown }) => unknown) {
  const calls: Call[] = [];
  const session = (params: { session: Record<string, unknown>; user?: unknown }) => {
    // A deep copy as it was passed: the callback's answer may be the same object.
    calls.push({ session: structuredClone(params.session), user: structuredClone(params.user), argumentKeys: Object.keys(params).sort() });
    return answer(params);
  };
  return { calls, session };
}

/** Keys and value types of an object, one level deep (`Date` told apart from other objects). */
function typesOf(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v instanceof Date ? "Date" : v === null ? "null" : typeof v]));
}

const adapters: [string, () => Adapter][] = [
  ["memory", () => MemoryAdapter()],
  ["SQLite", () => SQLiteAdapter({ url: ":memory:" })],
];

describe.each(adapters)("%s adapter: the session callback with database sessions, beside @auth/core", (_name, makeAdapter) => {
  // One instant for the whole test, so that both rows carry the same times (expiry, and the creation
  // times Foyer's adapters store).
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00.000Z"), toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * One user signed in twice through Auth.js's e-mail link, so that each implementation reads a row of
   * its own (Foyer re-keys the row it reads).
   */
  async function twoSessions(answer: (params: { session: Record<string, unknown>; user?: unknown }) => unknown) {
    const adapter = makeAdapter();
    const foyerCallback = recorder(answer);
    const authjsCallback = recorder(answer);
    const authjs = authjsDatabase(adapter, { callbacks: { session: authjsCallback.session } });
    const foyerConfig: AuthConfig = testConfig({ adapter, callbacks: { session: foyerCallback.session as never } });
    const forAuthjs = await authjs.signIn("grace@example.com");
    const forFoyer = await authjs.signIn("grace@example.com");
    const authjsAnswer = await authjs.auth(get("/auth/session", { cookie: forAuthjs.header }));
    const foyerAnswer = await Auth(get("/auth/session", { cookie: forFoyer.header }), foyerConfig);
    const expires = new Date(Date.now() + MAX_AGE);
    return { adapter, expires, authjs: { calls: authjsCallback.calls, answer: authjsAnswer }, foyer: { calls: foyerCallback.calls, answer: foyerAnswer } };
  }

  it("session is the stored session merged with the user (userId, expires as a Date, user with id); user is passed beside it", async () => {
    const { authjs, foyer, expires } = await twoSessions(({ session }) => ({ user: session.user, expires: session.expires }));
    const [theirs] = authjs.calls;
    const [ours] = foyer.calls;
    expect(ours!.argumentKeys).toEqual(theirs!.argumentKeys);
    // Auth.js also passes the raw session token; Foyer leaves it out on purpose.
    const { sessionToken, ...theirSession } = theirs!.session;
    expect(typeof sessionToken).toBe("string");
    expect(ours!.session).not.toHaveProperty("sessionToken");
    expect(typesOf(ours!.session)).toEqual(typesOf(theirSession));
    expect(ours!.session.expires).toEqual(expires);
    expect(ours!.session.userId).toBe(theirSession.userId);
    expect(typesOf(ours!.session.user as Record<string, unknown>)).toEqual(typesOf(theirSession.user as Record<string, unknown>));
    expect(ours!.session.user).toEqual(theirSession.user);
    expect((ours!.session.user as { id?: string }).id).toEqual(expect.any(String));
    expect(ours!.user).toEqual(theirs!.user);
    expect(ours!.user).toEqual(ours!.session.user);
  });

  it("with the default callback, GET /session answers the same body", async () => {
    const adapter = makeAdapter();
    const authjs = authjsDatabase(adapter);
    const jar = await authjs.signIn("grace@example.com");
    const other = await authjs.signIn("grace@example.com");
    const expires = new Date(Date.now() + MAX_AGE);
    const theirs = await authjs.read(jar);
    const ours = await (await Auth(get("/auth/session", { cookie: other.header }), testConfig({ adapter }))).text();
    expect(ours).toBe(JSON.stringify(theirs));
    expect(JSON.parse(ours)).toEqual({ user: { name: null, email: "grace@example.com", image: null }, expires: expires.toISOString() });
  });

  it("a callback that returns the session it got answers the same JSON, except that Foyer's carries no session token", async () => {
    const { authjs, foyer } = await twoSessions(({ session }) => session);
    const theirs = (await authjs.answer.json()) as Record<string, unknown>;
    const ours = (await foyer.answer.json()) as Record<string, unknown>;
    const { sessionToken, ...theirsWithoutToken } = theirs;
    expect(sessionToken).toEqual(expect.any(String));
    expect(ours).toEqual(theirsWithoutToken);
    expect(typeof ours.expires).toBe("string");
  });

  it("the common `session.user.id = user.id` callback exposes the user's id on both", async () => {
    const { authjs, foyer } = await twoSessions(({ session, user }) => ({
      ...session,
      user: { ...(session.user as object), id: (user as { id: string }).id },
      sessionToken: undefined,
    }));
    const theirs = (await authjs.answer.json()) as { user: { id: string } };
    const ours = (await foyer.answer.json()) as { user: { id: string } };
    expect(ours.user.id).toBe(theirs.user.id);
    expect(ours).toEqual(theirs);
  });
});

describe("the session callback after an update (POST /session) with database sessions, beside @auth/core", () => {
  it("receives the merged session, the user, newSession and trigger update on both", async () => {
    const adapter = MemoryAdapter();
    const record = (calls: unknown[]) => (params: { session: Record<string, unknown>; newSession?: unknown; trigger?: unknown }) => {
      calls.push({
        keys: Object.keys(params).sort(),
        userId: params.session.userId,
        expiresIsDate: params.session.expires instanceof Date,
        newSession: params.newSession,
        trigger: params.trigger,
      });
      return { expires: params.session.expires };
    };
    const theirs: unknown[] = [];
    const ours: unknown[] = [];
    const authjs = authjsDatabase(adapter, { callbacks: { session: record(theirs) } });
    const foyerConfig = testConfig({ adapter, callbacks: { session: record(ours) as never } });
    const update = async (auth: (request: Request) => Promise<Response>, jar: CookieJar) => {
      const csrfAnswer = await auth(get("/auth/csrf", { cookie: jar.header }));
      jar.update(csrfAnswer);
      const { csrfToken } = (await csrfAnswer.json()) as { csrfToken: string };
      return auth(postJson("/auth/session", { csrfToken, data: { theme: "dark" } }, { cookie: jar.header }));
    };
    expect((await update(authjs.auth, await authjs.signIn("grace@example.com"))).status).toBe(200);
    const foyerAuth = (request: Request) => Auth(request, foyerConfig) as Promise<Response>;
    expect((await update(foyerAuth, await authjs.signIn("grace@example.com"))).status).toBe(200);
    expect(theirs).toEqual([
      { keys: ["newSession", "session", "trigger", "user"], userId: expect.any(String), expiresIsDate: true, newSession: { theme: "dark" }, trigger: "update" },
    ]);
    expect(ours).toEqual(theirs);
  });
});
