/**
 * The conformance suite (`foyer-auth/adapters/test`) against Foyer's three adapters, plus what only
 * Foyer's own adapters promise: every capability present, millisecond dates, migrations that run
 * once and concurrently, WAL for SQLite files, pools that stay open when borrowed, and the
 * all-or-nothing `createUserWithAccount`.
 *
 * PostgreSQL: FOYER_TEST_POSTGRES_URL, else 127.0.0.1:5432/test, else a throwaway cluster
 * (test/postgres-harness.ts), each run in a schema of its own. Without any PostgreSQL the
 * PostgreSQL tests fail under CI and are skipped, loudly, elsewhere.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import MemoryAdapter from "./memory.js";
import PostgresAdapter from "./postgres.js";
import SQLiteAdapter from "./sqlite.js";
import type { SqlAdapter } from "./sql/adapter.js";
import { FOYER_CAPABILITIES, runAdapterTests, SESSION_METHODS, WEBAUTHN_METHODS } from "./test/index.js";
import { acquirePostgres } from "./test/postgres-harness.js";
import { reportPostgresMissing } from "./test/postgres-missing.js";
import type { Adapter } from "./types.js";

const postgres = await acquirePostgres();
afterAll(async () => {
  if (postgres.ok) await postgres.server.stop();
});

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "foyer-sqlite-"));
}

// --- the conformance suite ------------------------------------------------------------------------

runAdapterTests({ name: "memory", adapter: () => MemoryAdapter(), optional: true });

{
  let dir: string | undefined;
  let adapter: SqlAdapter | undefined;
  runAdapterTests({
    name: "sqlite (file)",
    adapter: () => {
      dir = tempDir();
      adapter = SQLiteAdapter({ url: join(dir, "auth.db") });
      return adapter;
    },
    cleanup: async () => {
      await adapter?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    optional: true,
  });
}

{
  let adapter: SqlAdapter | undefined;
  runAdapterTests({
    name: "sqlite (:memory:)",
    adapter: () => (adapter = SQLiteAdapter({ url: ":memory:" })),
    cleanup: async () => adapter?.close(),
    optional: true,
  });
}

if (postgres.ok) {
  const server = postgres.server;
  let adapter: SqlAdapter | undefined;
  runAdapterTests({
    name: `postgres (${server.source})`,
    adapter: async () => (adapter = PostgresAdapter({ connectionString: (await server.createSchema()).url })),
    cleanup: async () => adapter?.close(),
    optional: true,
  });
} else {
  describe("adapter conformance: postgres", () => reportPostgresMissing("PostgreSQL adapter", postgres.reason));
}

// --- what Foyer's own adapters promise beyond the suite ---------------------------------------------

interface Target {
  name: string;
  /** A new adapter on a fresh, empty database; `same()` opens another adapter on the same database. */
  open: () => Promise<{ adapter: Adapter; same: () => Adapter; dispose: () => Promise<void> }>;
}

const sqlTargets: Target[] = [
  {
    name: "sqlite (file)",
    open: async () => {
      const dir = tempDir();
      const adapter = SQLiteAdapter({ url: join(dir, "auth.db") });
      return {
        adapter,
        // One adapter per file and process: libsql is synchronous, so a second connection in the
        // same thread would block it while waiting for the first one's lock. Concurrent processes
        // are tested in crash.test.ts.
        same: () => adapter,
        dispose: async () => {
          await adapter.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "sqlite (:memory:)",
    open: async () => {
      const adapter = SQLiteAdapter({ url: ":memory:" });
      return {
        adapter,
        same: () => adapter,
        dispose: () => adapter.close(),
      };
    },
  },
];
if (postgres.ok) {
  const server = postgres.server;
  sqlTargets.push({
    name: "postgres",
    open: async () => {
      const { url } = await server.createSchema();
      const opened: SqlAdapter[] = [];
      const make = () => {
        const adapter = PostgresAdapter({ connectionString: url, max: 3 });
        opened.push(adapter);
        return adapter;
      };
      return {
        adapter: make(),
        same: make,
        dispose: async () => {
          for (const adapter of opened) await adapter.close();
        },
      };
    },
  });
}

const DAY = 24 * 60 * 60 * 1000;

describe("Foyer's adapters", () => {
  it.each([
    ["memory", () => MemoryAdapter()],
    ["sqlite", () => SQLiteAdapter({ url: ":memory:" })],
    ["postgres", () => PostgresAdapter({ connectionString: "postgres://127.0.0.1:1/never-connected" })],
  ] as const)("%s implements every Auth.js method and every Foyer capability", async (_name, make) => {
    const adapter: Adapter & { close?: () => Promise<void> } = make();
    const all = [
      ...SESSION_METHODS,
      ...WEBAUTHN_METHODS,
      "createVerificationToken",
      "useVerificationToken",
      "unlinkAccount",
      "deleteUser",
      "createUserWithAccount",
      ...FOYER_CAPABILITIES,
    ] as const;
    expect(all.filter((name) => typeof adapter[name] !== "function")).toEqual([]);
    await adapter.close?.();
  });

  describe.each(sqlTargets)("$name", (target) => {
    it("keeps millisecond precision on every date", async () => {
      const { adapter, dispose } = await target.open();
      try {
        // Dates with non-zero milliseconds, all from one fixed base (so each call gives the same date).
        const base = Math.floor(Date.now() / 1000) * 1000 + 123;
        const ms = (offset: number) => new Date(base + offset + (offset % 7));
        const user = await adapter.createUser!({ id: crypto.randomUUID(), email: "ms@example.com", emailVerified: ms(-DAY), name: null, image: null });
        expect((await adapter.getUser!(user.id))?.emailVerified).toEqual(ms(-DAY));

        const session = { sessionToken: "a".repeat(64), userId: user.id, expires: ms(7 * DAY), createdAt: ms(-5), lastSeenAt: ms(-3) };
        await adapter.createSession!(session);
        expect((await adapter.getSessionAndUserWithMetadata!(session.sessionToken))?.session).toMatchObject(session);

        const token = { identifier: "ms@example.com", token: "b".repeat(64), expires: ms(DAY + 1) };
        await adapter.createVerificationToken!(token);
        expect(await adapter.useVerificationToken!(token)).toEqual(token);

        const authenticator = {
          credentialID: "cred-ms",
          userId: user.id,
          providerAccountId: "cred-ms",
          credentialPublicKey: "pk",
          counter: 1,
          credentialDeviceType: "singleDevice",
          credentialBackedUp: false,
          createdAt: ms(-2),
          lastUsedAt: ms(-1),
        };
        await adapter.createAuthenticator!(authenticator);
        expect(await adapter.listAuthenticatorsWithMetadata!(user.id)).toMatchObject([authenticator]);
      } finally {
        await dispose();
      }
    });

    it("migrates once, and concurrent first uses share one migration", async () => {
      const { adapter, same, dispose } = await target.open();
      try {
        const others = [same(), same(), same()];
        // Four adapters on one empty database, all using it at once.
        const users = await Promise.all(
          [adapter, ...others].map((a, i) => a.createUser!({ id: `u${i}`, email: `m${i}@example.com`, emailVerified: null }) as Promise<unknown>),
        );
        expect(users).toHaveLength(4);
        await (adapter as SqlAdapter).migrate();
        expect(await adapter.getUser!("u3")).toMatchObject({ email: "m3@example.com" });
      } finally {
        await dispose();
      }
    });

    it("stores extra account fields (expires_in, authorization_details, custom) as given", async () => {
      const { adapter, dispose } = await target.open();
      try {
        const user = await adapter.createUser!({ id: "u", email: "x@example.com", emailVerified: null });
        const account = {
          userId: user.id,
          provider: "custom",
          type: "oauth" as const,
          providerAccountId: "1",
          access_token: "at",
          expires_at: 1_900_000_000,
          expires_in: 3600,
          authorization_details: [{ type: "payment", amount: 3 }],
          custom_claim: { nested: true },
          refresh_token_expires_in: 7200,
        };
        await adapter.linkAccount!(account);
        expect(await adapter.getAccount!("1", "custom")).toEqual(account);
        expect(await adapter.listAccounts!(user.id)).toEqual([account]);
      } finally {
        await dispose();
      }
    });

    it("createUserWithAccount writes user, account and session together, or nothing", async () => {
      const { adapter, dispose } = await target.open();
      const sql = adapter as SqlAdapter;
      try {
        const result = await sql.createUserWithAccount({
          user: { email: "new@example.com", emailVerified: null, name: "New" },
          account: { provider: "github", type: "oauth", providerAccountId: "gh-1", access_token: "t" },
          session: { sessionToken: "c".repeat(64), expires: new Date(Date.now() + DAY) },
        });
        expect(result.user.id).toEqual(expect.any(String));
        expect(await adapter.getUserByAccount!({ provider: "github", providerAccountId: "gh-1" })).toMatchObject({ id: result.user.id });
        expect((await adapter.getSessionAndUser!("c".repeat(64)))?.user.id).toBe(result.user.id);

        // The account is linked already: the second call fails at the account, and its user must not stay.
        await expect(
          sql.createUserWithAccount({
            user: { email: "second@example.com", emailVerified: null },
            account: { provider: "github", type: "oauth", providerAccountId: "gh-1" },
            session: { sessionToken: "d".repeat(64), expires: new Date(Date.now() + DAY) },
          }),
        ).rejects.toThrow();
        expect(await adapter.getUserByEmail!("second@example.com")).toBeNull();
        expect(await adapter.getSessionAndUser!("d".repeat(64))).toBeNull();
      } finally {
        await dispose();
      }
    });
  });

  it("SQLite files use WAL mode and foreign keys; the schema is on disk after first use", async () => {
    const dir = tempDir();
    const url = join(dir, "auth.db");
    const adapter = SQLiteAdapter({ url });
    try {
      await adapter.migrate();
      const raw = new Database(url);
      try {
        expect(raw.prepare("pragma journal_mode").get()).toMatchObject({ journal_mode: "wal" });
        const tables = raw.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
        expect(tables.map((t) => t.name)).toEqual(["accounts", "authenticators", "foyer_migrations", "sessions", "users", "verification_tokens"]);
        const indexes = raw.prepare("select name from sqlite_master where type = 'index' and name not like 'sqlite_%' order by name").all() as {
          name: string;
        }[];
        expect(indexes.map((i) => i.name)).toEqual([
          "accounts_provider_account_key",
          "accounts_user_id_idx",
          "authenticators_user_id_idx",
          "sessions_user_id_idx",
          "users_email_key",
        ]);
      } finally {
        raw.close();
      }
      // A session for a user that does not exist violates the foreign key.
      await expect(adapter.createSession!({ sessionToken: "e".repeat(64), userId: "ghost", expires: new Date() })).rejects.toThrow();
    } finally {
      await adapter.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!postgres.ok)("PostgresAdapter({ pool }) borrows the pool: close() leaves it open", async () => {
    if (!postgres.ok) return;
    const { url } = await postgres.server.createSchema();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const adapter = PostgresAdapter({ pool });
      await adapter.createUser!({ id: "p", email: "pool@example.com", emailVerified: null });
      await adapter.close();
      const { rows } = await pool.query<{ email: string }>("select email from users");
      expect(rows).toEqual([{ email: "pool@example.com" }]);
      const { rows: migrations } = await pool.query<{ name: string }>("select name from foyer_migrations");
      expect(migrations).toEqual([{ name: "0001_initial" }]);
    } finally {
      await pool.end();
    }
  });
});
