/**
 * Refreshing provider access tokens (`refreshTokens` on a provider), black-box through `Auth()`
 * against a real OpenID Provider (server/oauth/test-idp.ts) that issues refresh tokens for
 * `offline_access` + `prompt=consent`. Access tokens from sign-in live 30 s — inside the default
 * 60-second leeway, so they are due at once — and refreshed ones an hour, so no test needs a clock.
 *
 * Covered: jwt sessions (the cookie is sealed again), database sessions (the row, sealed), one token
 * request for 10 concurrent reads, two "processes" (two module graphs, so two single-flight maps)
 * sharing a SQLite file or a PostgreSQL schema, a lapsed claim taken over, failures (revoked or
 * missing refresh token → `session.error`, never a 500, logged once without token values), rotation,
 * opt-out providers, configuration errors, and the documented limit of jwt sessions without an adapter.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import type { SqlAdapter } from "../adapters/sql/adapter.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import PostgresAdapter from "../adapters/postgres.js";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { decode } from "../jwt/index.js";
import { OIDC, type OAuthConfig } from "../providers/oauth.js";
import { CookieJar, ORIGIN, SECRET, get, testConfig } from "../testing/harness.js";
import type { AuthConfig, JWT, Session } from "../types.js";
import { parseLease, leaseMarker } from "./refresh-lease.js";
import { readAccountTokens } from "./read-tokens.js";
import { SingleFlight } from "./single-flight.js";
import { SEALED_PREFIX } from "./token-seal.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "./test-idp.js";

const SESSION_COOKIE = "authjs.session-token";
const CLIENT = { client_id: "client-a", client_secret: "secret-a" };
const PROVIDER_IDS = ["idp", "idp-plain"];
const callbackUri = (id: string) => `${ORIGIN}/auth/callback/${id}`;
const OFFLINE = { scope: "openid profile email offline_access", prompt: "consent" };
/** Sign-in tokens are due at once (30 s < 60 s leeway); refreshed ones are not (1 h). */
const ttl = (grantType: string) => (grantType === "refresh_token" ? 3600 : 30);

const postgres = await acquirePostgres();

let rotating: TestIdp;
let stable: TestIdp;
beforeAll(async () => {
  const clients = [{ ...CLIENT, redirect_uris: PROVIDER_IDS.map(callbackUri) }];
  [rotating, stable] = await Promise.all([
    startTestIdp({ clients, accessTokenTtl: ttl, rotateRefreshTokens: true }),
    startTestIdp({ clients, accessTokenTtl: ttl, rotateRefreshTokens: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([rotating.close(), stable.close()]);
  if (postgres.ok) await postgres.server.stop();
});

/** The test provider: OIDC with offline access and `refreshTokens`, unless overridden. */
function provider(idp: TestIdp, overrides: Partial<OAuthConfig> = {}): OAuthConfig {
  return OIDC({
    id: "idp",
    name: "Test IdP",
    issuer: idp.issuer,
    clientId: CLIENT.client_id,
    clientSecret: CLIENT.client_secret,
    authorization: { params: OFFLINE },
    refreshTokens: true,
    ...overrides,
  });
}

interface Setup {
  config: AuthConfig;
  errors: Error[];
  /** Tokens the jwt callback saw on session reads. */
  seen: JWT[];
}

function setup(providers: OAuthConfig[], overrides: Partial<AuthConfig> = {}): Setup {
  const errors: Error[] = [];
  const seen: JWT[] = [];
  const config = testConfig({
    providers,
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    callbacks: {
      jwt({ token, trigger }) {
        if (!trigger) seen.push({ ...token });
        return token;
      },
    },
    ...overrides,
  });
  return { config, errors, seen };
}

/** A complete sign-in as `login` through `Auth` (or another process's `Auth`); the browser's jar. */
async function signIn(config: AuthConfig, idp: TestIdp, login: string, providerId = "idp", jar?: CookieJar): Promise<CookieJar> {
  const start = await startOAuthSignIn(config, providerId, { jar });
  const callback = await idp.completeLogin(start.authorizationUrl, { login });
  const response = await oauthCallback(config, callback, start.jar);
  expect(response.headers.get("location")).toBe(ORIGIN);
  return start.jar;
}

type AuthFn = typeof Auth;

/** `GET /session` with `cookie`: status, body and the re-sealed session token, if one was set. */
async function read(config: AuthConfig, cookie: string, auth: AuthFn = Auth): Promise<{ status: number; body: Session | null; sealed?: string }> {
  const response = await auth(get("/auth/session", { cookie }), config);
  const set = new CookieJar().update(response);
  return { status: response.status, body: (await response.json()) as Session | null, sealed: set.get(SESSION_COOKIE) };
}

async function open(sealed: string): Promise<JWT> {
  return (await decode({ token: sealed, secret: SECRET, salt: SESSION_COOKIE }))!;
}

/** The provider tokens a jwt session cookie carries. */
async function cookieTokens(jar: CookieJar): Promise<JWT> {
  return open(jar.get(SESSION_COOKIE)!);
}

/** Whether the IdP takes `accessToken` (its userinfo endpoint answers 200). */
async function accepted(idp: TestIdp, accessToken: string): Promise<boolean> {
  const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  await response.body?.cancel();
  return response.ok;
}

const now = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------

describe("jwt sessions without an adapter", () => {
  it("sign-in keeps provider, account and tokens in the sealed token; GET /session refreshes the due access token and seals a new cookie", async () => {
    const { config, errors, seen } = setup([provider(rotating)]);
    const jar = await signIn(config, rotating, "ada");
    const before = await cookieTokens(jar);
    expect(before).toMatchObject({ provider: "idp", providerAccountId: "ada", access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(before.expires_at).toBeLessThanOrEqual(now() + 30);

    rotating.clearRequests();
    const first = await read(config, jar.header);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user: { name: "User ada", email: "ada@example.test" } });
    expect(first.body!.error).toBeUndefined();
    expect(rotating.countRequests("/token")).toBe(1);

    const after = await open(first.sealed!);
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token); // this provider rotates them
    expect(after.expires_at).toBeGreaterThanOrEqual(now() + 3590);
    expect(after).toMatchObject({ provider: "idp", providerAccountId: "ada", sub: before.sub });
    expect(await accepted(rotating, after.access_token as string)).toBe(true);
    // The jwt callback already saw the refreshed token.
    expect(seen.at(-1)?.access_token).toBe(after.access_token);

    // With the new cookie nothing is due any more.
    jar.update(new Response(null, { headers: [["set-cookie", `${SESSION_COOKIE}=${first.sealed}`]] }));
    const second = await read(config, jar.header);
    expect(second.body!.error).toBeUndefined();
    expect(rotating.countRequests("/token")).toBe(1);
    expect(errors).toEqual([]);
  });

  it("10 concurrent reads with the same old cookie make one token request; a later read with the old cookie gets the same tokens", async () => {
    const { config, errors } = setup([provider(rotating)]);
    const jar = await signIn(config, rotating, "bea");
    rotating.clearRequests();

    const reads = await Promise.all(Array.from({ length: 10 }, () => read(config, jar.header)));
    expect(rotating.countRequests("/token")).toBe(1);
    const tokens = await Promise.all(reads.map((r) => open(r.sealed!)));
    expect(new Set(tokens.map((t) => t.access_token)).size).toBe(1);
    expect(reads.every((r) => r.status === 200 && r.body?.user && r.body.error === undefined)).toBe(true);

    // The browser had not stored the new cookie yet: the old refresh token is not spent again.
    const late = await read(config, jar.header);
    expect((await open(late.sealed!)).access_token).toBe(tokens[0]!.access_token);
    expect(rotating.countRequests("/token")).toBe(1);
    expect(errors).toEqual([]);
  });

  it("a provider that does not rotate: the old refresh token stays, and works again later", async () => {
    const { config } = setup([provider(stable)]);
    const jar = await signIn(config, stable, "cy");
    const before = await cookieTokens(jar);
    const after = await open((await read(config, jar.header)).sealed!);
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).toBe(before.refresh_token);
  });

  it("a revoked refresh token: the user stays signed in with error RefreshTokenError (200, never 500), logged once without token values", async () => {
    const { config, errors } = setup([provider(rotating)]);
    const jar = await signIn(config, rotating, "dee");
    const before = await cookieTokens(jar);
    await rotating.revokeToken(CLIENT, before.refresh_token as string);
    rotating.clearRequests();

    const first = await read(config, jar.header);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user: { email: "dee@example.test" }, error: "RefreshTokenError" });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.name).toBe("RefreshTokenError");
    expect(errors[0]!.message).toContain('provider "idp"');
    expect(errors[0]!.message).toContain("invalid_grant");
    for (const value of [before.refresh_token, before.access_token] as string[])
      expect(JSON.stringify({ m: errors[0]!.message, c: errors[0]!.cause })).not.toContain(value);

    // Read again at once: the same answer, without asking the provider or logging again.
    const second = await read(config, jar.header);
    expect(second.body!.error).toBe("RefreshTokenError");
    expect(rotating.countRequests("/token")).toBe(1);
    expect(errors).toHaveLength(1);

    // Signing in again is the way out.
    const again = await signIn(config, rotating, "dee", "idp", jar);
    expect((await read(config, again.header)).body!.error).toBeUndefined();
  });

  it("no refresh token (the sign-in did not ask for offline access): RefreshTokenError once the access token is due", async () => {
    const { config, errors } = setup([provider(rotating, { authorization: { params: { scope: "openid profile email" } } })]);
    const jar = await signIn(config, rotating, "eve");
    expect((await cookieTokens(jar)).refresh_token).toBeUndefined();
    rotating.clearRequests();
    const session = await read(config, jar.header);
    expect(session).toMatchObject({ status: 200, body: { user: { email: "eve@example.test" }, error: "RefreshTokenError" } });
    expect(rotating.countRequests("/token")).toBe(0);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining("no refresh token")]);
  });

  it("a provider without refreshTokens is untouched: no tokens in the cookie, no token request, no error", async () => {
    const { config, errors } = setup([provider(rotating, { id: "idp-plain", refreshTokens: undefined })]);
    const jar = await signIn(config, rotating, "fay", "idp-plain");
    const token = await cookieTokens(jar);
    for (const field of ["access_token", "refresh_token", "expires_at", "provider"]) expect(token[field]).toBeUndefined();
    rotating.clearRequests();
    const session = await read(config, jar.header);
    expect(session.body).toMatchObject({ user: { email: "fay@example.test" } });
    expect(session.body!.error).toBeUndefined();
    expect(rotating.countRequests("/token")).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the documented limit: a second process with the same old cookie refreshes again, and a rotating provider refuses it", async () => {
    const { config, errors } = setup([provider(rotating)]);
    const jar = await signIn(config, rotating, "gus");
    rotating.clearRequests();
    const processA = await read(config, jar.header);
    expect(processA.body!.error).toBeUndefined();

    const other = await anotherProcess();
    const processB = await read(config, jar.header, other.Auth);
    expect(rotating.countRequests("/token")).toBe(2);
    expect(processB).toMatchObject({ status: 200, body: { user: { email: "gus@example.test" }, error: "RefreshTokenError" } });
    expect(errors.map((e) => e.name)).toEqual(["RefreshTokenError"]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("database sessions (MemoryAdapter, tokens sealed at rest)", () => {
  function databaseSetup(idp = rotating) {
    const adapter = MemoryAdapter();
    return { adapter, ...setup([provider(idp)], { adapter }) };
  }

  async function storedRow(adapter: Adapter, login: string) {
    const row = (await adapter.getAccount!(login, "idp"))!;
    return { row, tokens: await readAccountTokens(row, SECRET) };
  }

  it("10 concurrent reads: one token request, the account row holds the new tokens, sealed; the session has no error", async () => {
    const { config, adapter, errors } = databaseSetup();
    const jar = await signIn(config, rotating, "hal");
    const before = await storedRow(adapter, "hal");
    expect(before.row.refresh_token!.startsWith(SEALED_PREFIX)).toBe(true);
    rotating.clearRequests();

    const reads = await Promise.all(Array.from({ length: 10 }, () => read(config, jar.header)));
    expect(rotating.countRequests("/token")).toBe(1);
    expect(reads.every((r) => r.status === 200 && r.body?.user?.email === "hal@example.test" && r.body.error === undefined)).toBe(true);

    const after = await storedRow(adapter, "hal");
    for (const field of ["access_token", "refresh_token"] as const) {
      expect(after.row[field]!.startsWith(SEALED_PREFIX)).toBe(true);
      expect(after.tokens[field]).not.toBe(before.tokens[field]);
    }
    expect(after.tokens.expires_at).toBeGreaterThanOrEqual(now() + 3590);
    expect(await accepted(rotating, after.tokens.access_token!)).toBe(true);

    // Not due any more.
    await read(config, jar.header);
    expect(rotating.countRequests("/token")).toBe(1);
    expect(errors).toEqual([]);
  });

  it("a revoked refresh token: error RefreshTokenError, the row keeps its refresh token (no claim left behind); signing in again stores new tokens", async () => {
    const { config, adapter, errors } = databaseSetup();
    const jar = await signIn(config, rotating, "ida");
    const before = await storedRow(adapter, "ida");
    await rotating.revokeToken(CLIENT, before.tokens.refresh_token!);

    const session = await read(config, jar.header);
    expect(session).toMatchObject({ status: 200, body: { user: { email: "ida@example.test" }, error: "RefreshTokenError" } });
    expect(errors.map((e) => e.name)).toEqual(["RefreshTokenError"]);
    const after = await storedRow(adapter, "ida");
    expect(after.row.refresh_token).toBe(before.row.refresh_token);

    const again = await signIn(config, rotating, "ida", "idp", jar);
    const renewed = await storedRow(adapter, "ida");
    expect(renewed.tokens.refresh_token).not.toBe(before.tokens.refresh_token);
    expect(renewed.row.refresh_token!.startsWith(SEALED_PREFIX)).toBe(true);
    // The new sign-in's access token is due at once too (30 s), and refreshes with the new refresh token.
    expect((await read(config, again.header)).body!.error).toBeUndefined();
  });

  it("a claim left behind by a process that died lapses: the next read takes it over and refreshes", async () => {
    const { config, adapter, errors } = databaseSetup();
    const jar = await signIn(config, rotating, "kit");
    const before = await storedRow(adapter, "kit");
    const where = { provider: "idp", providerAccountId: "kit" };
    // What a process that crashed mid-refresh leaves: its claim, lapsed a second ago.
    expect(
      await adapter.updateAccountTokens!(where, { refresh_token: before.row.refresh_token! }, { refresh_token: leaseMarker(before.row.refresh_token!, -1000) }),
    ).toBe(true);
    rotating.clearRequests();

    expect((await read(config, jar.header)).body!.error).toBeUndefined();
    expect(rotating.countRequests("/token")).toBe(1);
    const after = await storedRow(adapter, "kit");
    expect(parseLease(after.row.refresh_token)).toBeUndefined();
    expect(after.tokens.refresh_token).not.toBe(before.tokens.refresh_token);
    expect(errors).toEqual([]);
  });

  it("a provider without refreshTokens: the row is never touched", async () => {
    const adapter = MemoryAdapter();
    const { config } = setup([provider(rotating, { id: "idp-plain", refreshTokens: undefined })], { adapter });
    const jar = await signIn(config, rotating, "jo", "idp-plain");
    const before = await adapter.getAccount!("jo", "idp-plain");
    rotating.clearRequests();
    expect((await read(config, jar.header)).body!.error).toBeUndefined();
    expect(rotating.countRequests("/token")).toBe(0);
    expect(await adapter.getAccount!("jo", "idp-plain")).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Two processes, one database: each has its own single-flight map (a second module graph), so only
// the adapter's compare-and-swap can keep them to one refresh.

interface OtherProcess {
  Auth: AuthFn;
  SQLiteAdapter: typeof SQLiteAdapter;
  PostgresAdapter: typeof PostgresAdapter;
}

/** The library loaded again: a second copy of every module, as another process would have. */
async function anotherProcess(): Promise<OtherProcess> {
  vi.resetModules();
  const [auth, sqlite, pg] = await Promise.all([import("../auth.js"), import("../adapters/sqlite.js"), import("../adapters/postgres.js")]);
  return { Auth: auth.Auth, SQLiteAdapter: sqlite.default, PostgresAdapter: pg.default };
}

interface Database {
  name: string;
  open(): Promise<{ a: SqlAdapter; b: (other: OtherProcess) => SqlAdapter; dispose: () => Promise<void> }>;
}

const databases: Database[] = [
  {
    name: "SQLite file",
    async open() {
      const dir = mkdtempSync(join(tmpdir(), "foyer-refresh-"));
      const url = join(dir, "auth.db");
      const a = SQLiteAdapter({ url });
      // Migrated before the second connection opens: libsql is synchronous, and two connections in one
      // thread must never wait on each other's lock (single statements never do).
      await a.migrate();
      let b: SqlAdapter | undefined;
      return {
        a,
        b: (other) => (b = other.SQLiteAdapter({ url })),
        dispose: async () => {
          await b?.close();
          await a.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (postgres.ok) {
  const server = postgres.server;
  databases.push({
    name: "PostgreSQL",
    async open() {
      const { url } = await server.createSchema();
      const a = PostgresAdapter({ connectionString: url, max: 4 });
      await a.migrate();
      let b: SqlAdapter | undefined;
      return {
        a,
        b: (other) => (b = other.PostgresAdapter({ connectionString: url, max: 4 })),
        dispose: async () => {
          await b?.close();
          await a.close();
        },
      };
    },
  });
}

/** Gate shared by both processes' adapters: when armed, each one's first `getAccount` waits for the other's. */
class Race {
  private armed = false;
  private waiting = 0;
  private release!: () => void;
  private readonly together = new Promise<void>((resolve) => (this.release = resolve));
  readonly claims = { won: 0, lost: 0 };

  constructor(private readonly parties: number) {}

  /** From now on, both processes read the account row before either may claim it. */
  arm(): void {
    this.armed = true;
  }

  /**
   * Wraps `adapter` (before any config wraps it): its first armed `getAccount` meets the other
   * process's, so both see the unclaimed row and both try to claim it; claims are counted.
   */
  instrument(adapter: Adapter): void {
    const getAccount = adapter.getAccount!.bind(adapter);
    const update = adapter.updateAccountTokens!.bind(adapter);
    let first = true;
    adapter.getAccount = async (providerAccountId, provider) => {
      const row = await getAccount(providerAccountId, provider);
      if (this.armed && first) {
        first = false;
        if (++this.waiting === this.parties) this.release();
        await this.together;
      }
      return row;
    };
    adapter.updateAccountTokens = async (where, expected, next) => {
      const written = await update(where, expected, next);
      if (parseLease(next.refresh_token)) this.claims[written ? "won" : "lost"]++;
      return written;
    };
  }
}

describe.each(databases)("two processes sharing one database ($name)", (database) => {
  it.each(["database", "jwt"] as const)(
    "%s sessions: concurrent reads in both make one refresh; the other process reads the winner's tokens",
    async (strategy) => {
      const { a, b: openB, dispose } = await database.open();
      try {
        const other = await anotherProcess();
        const b = openB(other);
        const race = new Race(2);
        race.instrument(a);
        race.instrument(b);
        const one = setup([provider(rotating)], { adapter: a, session: { strategy } });
        const two = setup([provider(rotating)], { adapter: b, session: { strategy } });
        const jar = await signIn(one.config, rotating, `kim-${strategy}`);
        rotating.clearRequests();
        race.arm();

        const reads = await Promise.all([
          ...Array.from({ length: 5 }, () => read(one.config, jar.header)),
          ...Array.from({ length: 5 }, () => read(two.config, jar.header, other.Auth)),
        ]);
        expect(rotating.countRequests("/token")).toBe(1);
        // Both claimed the same stored refresh token; the compare-and-swap let exactly one through.
        expect(race.claims).toEqual({ won: 1, lost: 1 });
        expect(reads.every((r) => r.status === 200 && r.body?.user?.email === `kim-${strategy}@example.test` && r.body.error === undefined)).toBe(true);
        expect([...one.errors, ...two.errors]).toEqual([]);

        const row = await readAccountTokens((await a.getAccount!(`kim-${strategy}`, "idp"))!, SECRET);
        expect(row.expires_at).toBeGreaterThanOrEqual(now() + 3590);
        expect(await accepted(rotating, row.access_token!)).toBe(true);
        if (strategy === "jwt") {
          // Every new cookie, from either process, carries the one refreshed token set.
          const cookies = await Promise.all(reads.map((r) => open(r.sealed!)));
          expect(new Set(cookies.map((t) => t.access_token))).toEqual(new Set([row.access_token]));
          expect(new Set(cookies.map((t) => t.refresh_token))).toEqual(new Set([row.refresh_token]));
        }
      } finally {
        await dispose();
      }
    },
  );
});

if (!postgres.ok) {
  describe("two processes sharing one database (PostgreSQL)", () => {
    reportPostgresMissing("PostgreSQL refresh across processes", postgres.reason);
  });
}

// ---------------------------------------------------------------------------------------------

describe("configuration", () => {
  async function configError(config: AuthConfig): Promise<string> {
    const errors: Error[] = [];
    const response = await Auth(get("/auth/session"), { ...config, logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } });
    expect(response.status).toBe(500);
    return `${errors[0]?.name}: ${errors[0]?.message}`;
  }

  it("refreshTokens must be true, false or { leewaySeconds ≥ 0 }", async () => {
    for (const value of [{ leewaySeconds: -1 }, { leewaySeconds: "60" }, { leeway: 60 }, "yes"]) {
      const message = await configError(testConfig({ providers: [provider(rotating, { refreshTokens: value as never })] }));
      expect(message).toMatch(/^InvalidProvider: Provider "idp": refreshTokens must be/);
    }
    const ok = await Auth(get("/auth/session"), testConfig({ providers: [provider(rotating, { refreshTokens: { leewaySeconds: 0 } })] }));
    expect(ok.status).toBe(200);
  });

  it("only OAuth and OIDC providers take it", async () => {
    const config = testConfig();
    (config.providers[0] as Record<string, unknown>).refreshTokens = true;
    expect(await configError(config)).toMatch(/^InvalidProvider: .*only OAuth and OpenID Connect/);
  });

  it("database sessions need getAccount, listAccounts and updateAccountTokens", async () => {
    const { updateAccountTokens: _omit, ...adapter } = MemoryAdapter();
    expect(await configError(testConfig({ providers: [provider(rotating)], adapter }))).toMatch(/^MissingAdapterMethods: .*updateAccountTokens/);
    // jwt sessions with such an adapter work (single flight within the process only).
    const ok = await Auth(get("/auth/session"), testConfig({ providers: [provider(rotating)], adapter, session: { strategy: "jwt" } }));
    expect(ok.status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe("building blocks", () => {
  it("SingleFlight: concurrent callers share one run; a settled result is reused for keepFor, then runs again", async () => {
    // A fake clock (Date and timers): the reuse window is checked at its edges, not raced against a real sleep.
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const flight = new SingleFlight<number>(50);
    let runs = 0;
    const task = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return runs;
    };
    /** Runs `key` and lets its task's 10 ms pass (a reused result needs none). */
    const runFor = async (key: string) => {
      const result = flight.run(key, task);
      await vi.advanceTimersByTimeAsync(10);
      return result;
    };
    const together = Promise.all([flight.run("k", task), flight.run("k", task), flight.run("k", task)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(await together).toEqual([1, 1, 1]); // "k" settled at t = 10 ms
    expect(await flight.run("k", task)).toBe(1);
    expect(await runFor("other")).toBe(2); // t = 20 ms
    await vi.advanceTimersByTimeAsync(39); // t = 59 ms: 49 ms after "k" settled, still inside keepFor
    expect(await flight.run("k", task)).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // t = 60 ms: keepFor has passed
    expect(await runFor("k")).toBe(3);
    // A failure is shared the same way, and a synchronous throw still rejects.
    const failing = new SingleFlight<number>(50);
    const boom = () => {
      throw new Error("boom");
    };
    await expect(Promise.all([failing.run("f", boom), failing.run("f", async () => 1)])).rejects.toThrow("boom");
    await expect(failing.run("f", async () => 1)).rejects.toThrow("boom");
  });

  it("a claim marker wraps the stored value; readAccountTokens sees through it", async () => {
    const marker = leaseMarker("foyer.v1.sealed~value.with.dots", 45_000);
    expect(parseLease(marker)).toEqual({ until: expect.any(Number), stored: "foyer.v1.sealed~value.with.dots" });
    expect(parseLease(marker)!.until).toBeGreaterThan(Date.now() + 44_000);
    expect(parseLease("an ordinary refresh token")).toBeUndefined();
    expect(leaseMarker("x", 1)).not.toBe(leaseMarker("x", 1));
    const account = { provider: "idp", providerAccountId: "1", type: "oidc" as const, refresh_token: leaseMarker("raw-refresh-token", 1000) };
    expect((await readAccountTokens(account, SECRET)).refresh_token).toBe("raw-refresh-token");
  });
});
