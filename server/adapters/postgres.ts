/**
 * PostgreSQL adapter (`pg`).
 *
 * ```ts
 * import PostgresAdapter from "foyer-auth/adapters/postgres";
 * const adapter = PostgresAdapter({ connectionString: process.env.DATABASE_URL! });
 * // or share your pool: PostgresAdapter({ pool }) — close() then leaves the pool open.
 * ```
 *
 * A lost connection (server restart, failover, a pooler reaping it) fails the adapter call that
 * holds it and never crashes the process: see `checkOut` below. A borrowed pool needs the app's own
 * `pool.on("error", …)` for its idle clients, as every `pg.Pool` does; the adapter adds no listener
 * to the app's pool.
 *
 * The tables live in the connection's current schema (the first one on `search_path`); to keep
 * them apart from yours, use a schema of their own, e.g. `?options=-c%20search_path%3Dauth`.
 * The schema is created (migrated) on first use, under an advisory lock.
 */
import type pg from "pg";
import { requireOptional } from "../core/optional-dependency.js";
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
export type { CreateUserWithAccountInput, CreateUserWithAccountResult } from "./sql/adapter.js";

export default function PostgresAdapter(options: PostgresAdapterOptions): SqlAdapter {
  let pool: PostgresPool;
  let query: pg.Pool["query"];
  if ("pool" in options) {
    const given = options.pool;
    // Kysely ends its pool on destroy(); a borrowed pool must outlive the adapter.
    pool = { connect: () => checkOut(given), end: async () => {} };
    query = given.query.bind(given);
  } else {
    const { Pool } = requireOptional<typeof pg>("pg", "PostgresAdapter({ connectionString })");
    const own = new Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
    // An idle client losing its connection (server restart) emits "error" on the pool; unhandled,
    // that would crash the process. The next query gets a fresh client or a proper error.
    own.on("error", () => {});
    pool = { connect: () => checkOut(own), end: () => own.end() };
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

/**
 * A client from `pool` that cannot crash the process while the adapter holds it.
 *
 * pg listens for a client's "error" event only while the client is idle in the pool; once checked
 * out, the holder must. A connection that dies under a checked-out client (the server terminated the
 * backend, restarted or failed over; a pooler or firewall dropped it) emits "error" on the client,
 * and an EventEmitter with no listener throws that from the socket callback: an uncaught exception
 * that ends the process. The query in flight, or the next one, fails anyway ("Connection terminated
 * unexpectedly", "not queryable"), so the adapter call rejects and the request gets the usual error
 * answer; the listener only has to exist.
 *
 * It is attached in pg's callback, synchronously as the pool hands the client over: the promise
 * form of `connect()` would attach it a microtask later, and a client can be handed over from inside
 * its own socket's data handler (a `pool.query` elsewhere releasing it on ReadyForQuery) with the
 * server's termination notice in the same packet — parsed before any microtask runs.
 *
 * It is removed on release, so once the client is back in the pool pg's own handling (the pool's
 * "error" event) applies as before, and clients the app checks out itself are never touched. A client
 * that failed goes back with its error, so the pool discards it instead of lending it out again.
 */
function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((error, client) => {
      if (error || !client) return reject(error ?? new Error("pg returned no client"));
      let failure: Error | undefined;
      const onError = (cause: Error) => {
        failure ??= cause;
      };
      client.on("error", onError);
      const release = client.release;
      client.release = (err?: Error | boolean) => {
        client.removeListener("error", onError);
        client.release = release;
        return release.call(client, err ?? failure);
      };
      resolve(client);
    });
  });
}
