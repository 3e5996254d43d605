/**
 * PostgreSQL adapter (`pg`).
 *
 * ```ts
 * import PostgresAdapter from "foyer-auth/adapters/postgres";
 * const adapter = PostgresAdapter({ connectionString: process.env.DATABASE_URL! });
 * // or share your pool: PostgresAdapter({ pool }) — close() then leaves the pool open.
 * ```
 *
 * The tables live in the connection's current schema (the first one on `search_path`); to keep
 * them apart from yours, use a schema of their own, e.g. `?options=-c%20search_path%3Dauth`.
 * The schema is created (migrated) on first use, under an advisory lock.
 */
import pg from "pg";
import { Kysely, PostgresDialect, type PostgresPool } from "kysely";
import type { ClosableAdapter } from "./types.js";
import { postgresDialect } from "./sql/dialect.js";
import { createSqlAdapter, type DirectRead, type SqlAdapter } from "./sql/adapter.js";
import type { FoyerDatabase } from "./sql/schema.js";

export type PostgresAdapterOptions = {
  /** `"encrypted"` (default): OAuth tokens stored sealed with the secret list; `"raw"` for apps that read them directly. */
  providerTokens?: "encrypted" | "raw";
} & (
  | {
      /** `postgres://user:password@host:port/database`; the adapter creates and owns a pool. */
      connectionString: string;
      /** Pool size of the pool the adapter creates. Default 10 (pg's default). */
      max?: number;
    }
  | {
      /** Your pool; the adapter borrows it and `close()` does not end it. */
      pool: pg.Pool;
    }
);

export type { SqlAdapter, ClosableAdapter };

export default function PostgresAdapter(options: PostgresAdapterOptions): SqlAdapter {
  let pool: PostgresPool;
  let query: pg.Pool["query"];
  if ("pool" in options) {
    const given = options.pool;
    // Kysely ends its pool on destroy(); a borrowed pool must outlive the adapter.
    pool = { connect: () => given.connect(), end: async () => {} };
    query = given.query.bind(given);
  } else {
    const own = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
    // An idle client losing its connection (server restart) emits "error" on the pool; unhandled,
    // that would crash the process. The next query gets a fresh client or a proper error.
    own.on("error", () => {});
    pool = own;
    query = own.query.bind(own);
  }
  // The session lookup skips Kysely (see DirectRead) and asks the pool itself. That reads exactly
  // what it did through Kysely: any pooled connection, outside every transaction (those hold
  // connections of their own), so committed rows only. Unnamed statements, as Kysely sends them: a
  // named (server-side prepared) one would save the server's parse and plan, but breaks behind
  // poolers in transaction mode that do not track prepared statements (PgBouncer before 1.21).
  const directRead: DirectRead = {
    idle: () => true,
    first: async (sql, parameters) => (await query(sql, [...parameters])).rows[0],
  };
  const db = new Kysely<FoyerDatabase>({ dialect: new PostgresDialect({ pool }) });
  const adapter = createSqlAdapter({ db, dialect: postgresDialect, directRead }, () => db.destroy());
  // Provider tokens are sealed by the core before they reach the database (see docs/adapters.md).
  adapter.providerTokens = options.providerTokens ?? "encrypted";
  return adapter;
}
