/**
 * Rolling out over database sessions (docs/compatibility.md#rolling-out-over-database-sessions):
 * `@auth/core`'s `Auth()` and Foyer's on the same adapter and data. With `session.storeRawTokens` both
 * read, extend and sign out each other's sessions, and rolling back to Auth.js logs nobody out; without
 * it (the default) Foyer keeps only hashes, as before.
 */
import { createHash } from "node:crypto";
import PgAdapter from "@auth/pg-adapter";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import { foyerAdapterFactories } from "../testing/foyer-adapters.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { authjsDatabase } from "../testing/authjs-database.js";
import { type CookieJar, DEMO_USER, PASSWORD, csrf, get, postForm, postJson, signIn, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";

const SESSION = "authjs.session-token";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const postgres = await acquirePostgres();
const closers: (() => Promise<void>)[] = [];
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  for (const pool of pools) await pool.end().catch(() => {});
  if (postgres.ok) await postgres.server.stop();
});

const adapters = foyerAdapterFactories(postgres, closers);
// Without a PostgreSQL server (acquirePostgres could neither reach nor start one) the report says so.
if (!postgres.ok) reportPostgresMissing("PostgreSQL database rollout", postgres.reason);

/** A Foyer config on `adapter`; `storeRawTokens` as given (absent: the default). */
function foyer(adapter: Adapter, storeRawTokens?: boolean, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({ adapter, ...(storeRawTokens === undefined ? {} : { session: { storeRawTokens } }), ...overrides });
}

async function foyerRead(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  jar.update(response);
  return (await response.json()) as { user?: { email?: string } } | null;
}

async function foyerSignOut(config: AuthConfig, jar: CookieJar) {
  const { csrfToken } = await csrf(config, jar);
  const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
  jar.update(response);
  return response;
}

/** A copy of the jar: another request from the same browser (the cookie it holds at this moment). */
function copyOf(jar: CookieJar): CookieJar {
  const copy = Object.create(Object.getPrototypeOf(jar) as object) as CookieJar;
  Object.assign(copy, { cookies: new Map(jar.cookies) });
  return copy;
}

describe.each(adapters)("%s: Auth.js and Foyer on one sessions table", (_name, makeAdapter) => {
  describe("during a rollout (storeRawTokens: true)", () => {
    it("a session Auth.js made is read by Foyer without being re-keyed, read again by Auth.js, and signed out by Foyer", async () => {
      const adapter = await makeAdapter();
      const authjs = authjsDatabase(adapter);
      const config = foyer(adapter, true);
      const jar = await authjs.signIn("grace@example.com");
      const token = jar.get(SESSION)!;

      expect((await foyerRead(config, jar))?.user?.email).toBe("grace@example.com");
      expect(await adapter.getSessionAndUser!(token)).toMatchObject({ user: { email: "grace@example.com" } });
      expect(await adapter.getSessionAndUser!(sha256(token))).toBeNull();
      expect((await authjs.read(jar)) as unknown).toMatchObject({ user: { email: "grace@example.com" } });

      const stale = copyOf(jar);
      await foyerSignOut(config, jar);
      expect(jar.get(SESSION)).toBeUndefined();
      expect(await adapter.getSessionAndUser!(token)).toBeNull();
      // The cookie another tab still holds opens nothing on either side.
      expect(await authjs.read(copyOf(stale))).toBeNull();
      expect(await foyerRead(config, copyOf(stale))).toBeNull();
    });

    it("a session Foyer made is keyed by its raw token, read by Auth.js, and signed out by Auth.js", async () => {
      const adapter = await makeAdapter();
      const authjs = authjsDatabase(adapter);
      const config = foyer(adapter, true);
      const { jar } = await signIn(config);
      const token = jar.get(SESSION)!;
      expect(await adapter.getSessionAndUser!(token)).toMatchObject({ user: { id: DEMO_USER.id } });
      expect(await adapter.getSessionAndUser!(sha256(token))).toBeNull();

      const theirs = await authjs.read(copyOf(jar));
      expect(theirs).toEqual(await foyerRead(config, copyOf(jar)));
      expect(theirs).toMatchObject({ user: { email: DEMO_USER.email } });

      const stale = copyOf(jar);
      await authjs.signOut(jar);
      expect(await adapter.getSessionAndUser!(token)).toBeNull();
      expect(await foyerRead(config, stale)).toBeNull();
    });

    it("with Foyer's session cache on: Auth.js reads the session beside the cache cookie, and after Auth.js's sign-out the cookie left behind opens nothing", async () => {
      const adapter = await makeAdapter();
      const authjs = authjsDatabase(adapter);
      const config = foyer(adapter, undefined, { session: { storeRawTokens: true, cache: { maxAge: 300 } } });
      const { jar } = await signIn(config);
      expect((await foyerRead(config, jar))?.user?.email).toBe(DEMO_USER.email);
      expect(jar.get("foyer.session-cache")).toBeTruthy();

      expect(await authjs.read(copyOf(jar))).toMatchObject({ user: { email: DEMO_USER.email } });
      const out = await authjs.signOut(jar);
      // Auth.js deletes its session cookie and knows nothing of Foyer's: the cache cookie stays in the browser…
      expect(out.headers.getSetCookie().some((cookie) => cookie.startsWith("foyer.session-cache="))).toBe(false);
      expect(jar.get(SESSION)).toBeUndefined();
      expect(jar.get("foyer.session-cache")).toBeTruthy();
      // …and without the session token it was written for it signs nobody in.
      expect(await foyerRead(config, jar)).toBeNull();
    });

    it("both extend the same row: Auth.js's sliding expiry is seen by Foyer, and the reverse", async () => {
      const adapter = await makeAdapter();
      // Foyer with updateAge 0 extends on every read; Auth.js extends when its default (1 day) is due.
      const authjs = authjsDatabase(adapter);
      const config = foyer(adapter, true, { session: { storeRawTokens: true, updateAge: 0 } });
      const { jar } = await signIn(config);
      const token = jar.get(SESSION)!;
      const past = new Date(Date.now() + 3_600_000);
      await adapter.updateSession!({ sessionToken: token, expires: past });
      await authjs.read(copyOf(jar));
      const afterAuthjs = (await adapter.getSessionAndUser!(token))!.session.expires.valueOf();
      expect(afterAuthjs).toBeGreaterThan(past.valueOf());
      await adapter.updateSession!({ sessionToken: token, expires: past });
      await foyerRead(config, copyOf(jar));
      expect((await adapter.getSessionAndUser!(token))!.session.expires.valueOf()).toBeGreaterThan(past.valueOf());
    });

    it("a row Foyer hashed earlier (default setting) is re-keyed to its raw token on the next read, so Auth.js reads it after", async () => {
      const adapter = await makeAdapter();
      const authjs = authjsDatabase(adapter);
      const { jar } = await signIn(foyer(adapter));
      const token = jar.get(SESSION)!;
      expect(await authjs.read(copyOf(jar))).toBeNull(); // hashed: Auth.js cannot find it

      expect((await foyerRead(foyer(adapter, true), copyOf(jar)))?.user?.email).toBe(DEMO_USER.email);
      expect(await adapter.getSessionAndUser!(sha256(token))).toBeNull();
      expect(await adapter.getSessionAndUser!(token)).toMatchObject({ user: { id: DEMO_USER.id } });
      expect(await authjs.read(copyOf(jar))).toMatchObject({ user: { email: DEMO_USER.email } });
    });

    it("sign-out finds a row of either form: a hashed row Foyer never re-keyed is deleted too", async () => {
      const adapter = await makeAdapter();
      const { jar } = await signIn(foyer(adapter));
      const key = sha256(jar.get(SESSION)!);
      await foyerSignOut(foyer(adapter, true), jar);
      expect(await adapter.getSessionAndUser!(key)).toBeNull();
    });
  });

  it("rolling back: after running Foyer with storeRawTokens, Auth.js alone keeps everyone signed in", async () => {
    const adapter = await makeAdapter();
    const config = foyer(adapter, true);
    const foyerUser = (await signIn(config)).jar;
    const authjsUser = await authjsDatabase(adapter).signIn("grace@example.com");
    await foyerRead(config, foyerUser);
    await foyerRead(config, authjsUser);

    // Foyer is gone; a fresh Auth.js deployment on the same table.
    const authjs = authjsDatabase(adapter);
    expect(await authjs.read(foyerUser)).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(await authjs.read(authjsUser)).toMatchObject({ user: { email: "grace@example.com" } });
    await authjs.signOut(foyerUser);
    expect(await authjs.read(copyOf(foyerUser))).toBeNull();
  });

  it("switching fully: with the setting turned off, Foyer re-keys each raw row to its hash on the next read", async () => {
    const adapter = await makeAdapter();
    const { jar } = await signIn(foyer(adapter, true));
    const token = jar.get(SESSION)!;
    expect((await foyerRead(foyer(adapter), jar))?.user?.email).toBe(DEMO_USER.email);
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
    expect(await adapter.getSessionAndUser!(sha256(token))).toMatchObject({ user: { id: DEMO_USER.id } });
    expect((await foyerRead(foyer(adapter), jar))?.user?.email).toBe(DEMO_USER.email);
  });

  describe("the default (no storeRawTokens) is unchanged", () => {
    it("Foyer stores only the hash, so Auth.js cannot read Foyer's sessions; Auth.js's rows are re-keyed on first read", async () => {
      const adapter = await makeAdapter();
      const authjs = authjsDatabase(adapter);
      const config = foyer(adapter);
      const { jar } = await signIn(config);
      const token = jar.get(SESSION)!;
      expect(await adapter.getSessionAndUser!(token)).toBeNull();
      expect(await adapter.getSessionAndUser!(sha256(token))).toMatchObject({ user: { id: DEMO_USER.id } });
      expect(await authjs.read(copyOf(jar))).toBeNull();

      const theirs = await authjs.signIn("grace@example.com");
      const raw = theirs.get(SESSION)!;
      expect((await foyerRead(config, theirs))?.user?.email).toBe("grace@example.com");
      expect(await adapter.getSessionAndUser!(raw)).toBeNull();
      expect(await adapter.getSessionAndUser!(sha256(raw))).toMatchObject({ user: { email: "grace@example.com" } });
    });

    it("signing out a row Auth.js wrote that Foyer never read deletes that row", async () => {
      const adapter = await makeAdapter();
      const jar = await authjsDatabase(adapter).signIn("grace@example.com");
      const raw = jar.get(SESSION)!;
      await foyerSignOut(foyer(adapter), jar);
      expect(await adapter.getSessionAndUser!(raw)).toBeNull();
      expect(await adapter.getSessionAndUser!(sha256(raw))).toBeNull();
    });

    it("a new sign-in ends the browser's previous session also when Auth.js wrote it", async () => {
      const adapter = await makeAdapter();
      const jar = await authjsDatabase(adapter).signIn("grace@example.com");
      const raw = jar.get(SESSION)!;
      const config = foyer(adapter);
      const { csrfToken } = await csrf(config, jar);
      jar.update(await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), config));
      expect(jar.get(SESSION)).not.toBe(raw);
      expect(await adapter.getSessionAndUser!(raw)).toBeNull();
    });
  });

  it("parallel first reads of a row in the other form all succeed: one re-keys it, the others use its copy", async () => {
    const adapter = await makeAdapter();
    const jar = await authjsDatabase(adapter).signIn("grace@example.com");
    const config = foyer(adapter);
    const bodies = await Promise.all(Array.from({ length: 4 }, () => foyerRead(config, copyOf(jar))));
    expect(bodies.map((body) => body?.user?.email)).toEqual(Array(4).fill("grace@example.com"));
    expect(await adapter.getSessionAndUser!(sha256(jar.get(SESSION)!))).toMatchObject({ user: { email: "grace@example.com" } });
  });

  it("a hashed key presented as the cookie opens nothing with the setting on either", async () => {
    const adapter = await makeAdapter();
    const { jar } = await signIn(foyer(adapter));
    const key = sha256(jar.get(SESSION)!);
    const response = await Auth(get("/auth/session", { cookie: `${SESSION}=${key}` }), foyer(adapter, true));
    expect(await response.json()).toBeNull();
    expect(await adapter.getSessionAndUser!(key)).toMatchObject({ user: { id: DEMO_USER.id } });
  });
});

describe("session management finds raw rows (storeRawTokens)", () => {
  it("lists, revokes one and revokes the others across both forms", async () => {
    const adapter = MemoryAdapter();
    const config = foyer(adapter, true);
    const hashed = (await signIn(foyer(adapter))).jar; // from before the setting
    const laptop = await signIn(config);
    const phone = (await signIn(config)).jar;

    const list = await Auth(get("/auth/account/sessions", { cookie: laptop.jar.header }), config);
    const { sessions } = (await list.json()) as { sessions: { id: string; current: boolean }[] };
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    for (const session of sessions) expect(JSON.stringify(session)).not.toContain(phone.get(SESSION)!);

    const phoneId = sessions.find((s) => !s.current && s.id)!;
    const revokeOne = await Auth(
      postJson("/auth/account/sessions/revoke", { csrfToken: laptop.csrfToken, id: phoneId.id }, { cookie: laptop.jar.header }),
      config,
    );
    expect(await revokeOne.json()).toEqual({ revoked: 1 });
    const others = await Auth(postJson("/auth/account/sessions/revoke-others", { csrfToken: laptop.csrfToken }, { cookie: laptop.jar.header }), config);
    expect(await others.json()).toEqual({ revoked: 1 });
    expect(await foyerRead(config, phone)).toBeNull();
    expect(await foyerRead(config, hashed)).toBeNull();
    expect((await foyerRead(config, laptop.jar))?.user?.email).toBe(DEMO_USER.email);
    expect(await adapter.getSessionAndUser!(laptop.jar.get(SESSION)!)).toMatchObject({ user: { id: DEMO_USER.id } });
  });
});

describe("the setting itself", () => {
  it("warns session-raw-tokens when it is on with database sessions, and not by default", async () => {
    const warnings: string[] = [];
    const logger = { error() {}, warn: (code: string) => void warnings.push(code), debug() {} };
    await Auth(get("/auth/session"), foyer(MemoryAdapter(), true, { logger }));
    expect(warnings).toContain("session-raw-tokens");
    warnings.length = 0;
    await Auth(get("/auth/session"), foyer(MemoryAdapter(), false, { logger }));
    await Auth(get("/auth/session"), foyer(MemoryAdapter(), undefined, { logger }));
    expect(warnings).not.toContain("session-raw-tokens");
  });

  it.each([
    ["a value that is not a boolean", { storeRawTokens: "yes" }],
    [
      "tokens shaped like a stored hash",
      { storeRawTokens: true, generateSessionToken: () => createHash("sha256").update(String(Math.random())).digest("hex") },
    ],
  ])("fails closed (InvalidConfiguration) for %s", async (_label, session) => {
    const errors: Error[] = [];
    const config = foyer(MemoryAdapter(), undefined, { session: session as never, logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } });
    const response = await Auth(get("/auth/session"), config);
    expect(response.status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "InvalidConfiguration" });
    expect(errors[0]!.message).toContain("storeRawTokens");
  });
});

/** `@auth/pg-adapter`'s documented tables (SERIAL ids, sessions with an `id` column of their own). */
const PG_ADAPTER_SCHEMA = `
  create table verification_token (identifier text not null, expires timestamptz not null, token text not null, primary key (identifier, token));
  create table accounts (
    id serial primary key, "userId" integer not null, type varchar(255) not null, provider varchar(255) not null,
    "providerAccountId" varchar(255) not null, refresh_token text, access_token text, expires_at bigint, id_token text,
    scope text, session_state text, token_type text
  );
  create table sessions (id serial primary key, "userId" integer not null, expires timestamptz not null, "sessionToken" varchar(255) not null);
  create table users (id serial primary key, name varchar(255), email varchar(255), "emailVerified" timestamptz, image text);`;

describe.skipIf(!postgres.ok)("an Auth.js app's own adapter (@auth/pg-adapter on PostgreSQL), shared during a rollout", () => {
  async function pgAdapter() {
    if (!postgres.ok) throw new Error(postgres.reason);
    const pool = new pg.Pool({ connectionString: (await postgres.server.createSchema()).url, max: 4 });
    pool.on("error", () => {});
    pools.push(pool);
    await pool.query(PG_ADAPTER_SCHEMA);
    const keys = async () =>
      (await pool.query<{ sessionToken: string }>(`select "sessionToken" from sessions order by id`)).rows.map((row) => row.sessionToken);
    return { adapter: PgAdapter(pool) as Adapter, keys };
  }

  it("Auth.js's session: Foyer reads it without re-keying it, Auth.js reads it after, Foyer signs it out", async () => {
    const { adapter, keys } = await pgAdapter();
    const authjs = authjsDatabase(adapter);
    const config = foyer(adapter, true);
    const jar = await authjs.signIn("grace@example.com");
    const token = jar.get(SESSION)!;
    expect((await foyerRead(config, copyOf(jar)))?.user?.email).toBe("grace@example.com");
    expect(await keys()).toEqual([token]);
    expect(await authjs.read(copyOf(jar))).toMatchObject({ user: { email: "grace@example.com" } });
    await foyerSignOut(config, jar);
    expect(await keys()).toEqual([]);
  });

  it("Foyer's session: stored under the raw token, read and signed out by Auth.js", async () => {
    const { adapter, keys } = await pgAdapter();
    const authjs = authjsDatabase(adapter);
    const { jar } = await signIn(foyer(adapter, true));
    const token = jar.get(SESSION)!;
    expect(await keys()).toEqual([token]);
    expect(await authjs.read(copyOf(jar))).toMatchObject({ user: { email: DEMO_USER.email } });
    await authjs.signOut(jar);
    expect(await keys()).toEqual([]);
  });

  it("by default Foyer re-keys Auth.js's row to its hash (one row, Auth.js's fields only), and Auth.js no longer finds it", async () => {
    const { adapter, keys } = await pgAdapter();
    const authjs = authjsDatabase(adapter);
    const jar = await authjs.signIn("grace@example.com");
    const token = jar.get(SESSION)!;
    expect((await foyerRead(foyer(adapter), copyOf(jar)))?.user?.email).toBe("grace@example.com");
    expect(await keys()).toEqual([sha256(token)]);
    expect(await authjs.read(copyOf(jar))).toBeNull();
    // Turning the setting on brings it back under the raw token.
    expect((await foyerRead(foyer(adapter, true), copyOf(jar)))?.user?.email).toBe("grace@example.com");
    expect(await keys()).toEqual([token]);
    expect(await authjs.read(copyOf(jar))).toMatchObject({ user: { email: "grace@example.com" } });
  });
});
