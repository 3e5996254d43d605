/**
 * SQLite adapter (libsql's synchronous, better-sqlite3-compatible driver; prebuilt binaries).
 *
 * ```ts
 * import SQLiteAdapter from "foyer-auth/adapters/sqlite";
 * const adapter = SQLiteAdapter({ url: "./auth.db" }); // or ":memory:"
 * ```
 *
 * Files use WAL mode, foreign keys are on, and writers wait up to 5 s for a lock held by another
 * process. The schema is created on first use.
 */
import type Database from "libsql";
import { requireOptional } from "../core/optional-dependency.js";
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import type { ClosableAdapter } from "./types.js";
import { sqliteDialect } from "./sql/dialect.js";
import { createSqlAdapter, type DirectRead, type SqlAdapter } from "./sql/adapter.js";
import type { FoyerDatabase } from "./sql/schema.js";

export interface SQLiteAdapterOptions {
  /** A file path (`file:` prefix allowed) or `:memory:`. */
  url: string;
  /** How long a writer waits for another connection's lock, in ms. Default 5000. */
  busyTimeout?: number;
  /** `"encrypted"` (default): OAuth tokens stored sealed with the secret list; `"raw"` for apps that read them directly. */
  providerTokens?: "encrypted" | "raw";
}

export type { SqlAdapter, ClosableAdapter };
export type { CreateUserWithAccountInput, CreateUserWithAccountResult } from "./sql/adapter.js";

/**
 * The value as SQLite can bind it. libsql aborts the whole process on a boolean or an object, so
 * everything is converted here: Date → epoch ms, boolean → 0/1, undefined → null.
 */
function bindable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" || typeof value === "number" || value instanceof Uint8Array) return value;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  throw new TypeError(`SQLite adapter: cannot bind a value of type ${typeof value}`);
}

/** Distinct statements kept prepared (the adapter issues a few dozen different ones). */
const MAX_PREPARED = 256;

/**
 * libsql's Database as Kysely's SqliteDatabase, with every parameter made bindable and statements
 * prepared once per SQL text: Kysely asks for a fresh statement on every query, and preparing one
 * (and reading its `reader` flag from the native side) cost more than running it. Statements belong
 * to the one connection and every use of these goes through Kysely's connection lock (the session
 * lookup's direct read, below, has statements of its own).
 */
function wrap(database: InstanceType<typeof Database>): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = prepared.get(sql);
      if (cached) return cached;
      const statement = database.prepare(sql);
      const wrapped: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters.map(bindable)),
        run: (parameters) => statement.run(parameters.map(bindable)) as { changes: number | bigint; lastInsertRowid: number | bigint },
        iterate: (parameters) => statement.iterate(parameters.map(bindable)),
      };
      if (prepared.size < MAX_PREPARED) prepared.set(sql, wrapped);
      return wrapped;
    },
  };
}

/**
 * Synchronous reads straight on libsql, past Kysely, for the session lookup (see `DirectRead`).
 * `statement.get()` steps one row and resets the statement, so no read lock outlives the call.
 * The statements are prepared apart from Kysely's, in raw mode (rows as arrays): libsql's native
 * row objects (which carry a `_metadata` member too) made a read ≈ 5 µs slower than a raw read plus
 * building the object here from the column names, which are read once per statement.
 */
function directRead(database: InstanceType<typeof Database>): DirectRead {
  const prepared = new Map<string, { statement: ReturnType<InstanceType<typeof Database>["prepare"]>; columns: string[] }>();
  return {
    // SQLite's autocommit flag for this connection, inverted: true from BEGIN to COMMIT or ROLLBACK.
    idle: () => !database.inTransaction,
    first(sql, parameters) {
      let entry = prepared.get(sql);
      if (!entry) {
        const statement = database.prepare(sql).raw(true);
        entry = { statement, columns: statement.columns().map((column) => column.name) };
        if (prepared.size < MAX_PREPARED) prepared.set(sql, entry);
      }
      const values = entry.statement.get(parameters.map(bindable)) as unknown[] | undefined;
      if (!values) return undefined;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < entry.columns.length; i++) row[entry.columns[i]!] = values[i];
      return row;
    },
  };
}

export default function SQLiteAdapter(options: SQLiteAdapterOptions): SqlAdapter {
  const path = options.url.startsWith("file:") ? options.url.slice("file:".length) : options.url;
  const Driver = requireOptional<typeof Database>("libsql", "SQLiteAdapter");
  const database = new Driver(path);
  try {
    database.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeout ?? 5000))}`);
    database.pragma("foreign_keys = ON");
    if (path !== ":memory:" && path !== "") {
      database.pragma("journal_mode = WAL");
      // Durable at every checkpoint and crash-safe; the default FULL is not needed with WAL.
      database.pragma("synchronous = NORMAL");
    }
  } catch (error) {
    database.close();
    throw error;
  }
  const db = new Kysely<FoyerDatabase>({ dialect: new SqliteDialect({ database: wrap(database) }) });
  const adapter = createSqlAdapter({ db, dialect: sqliteDialect, directRead: directRead(database) }, () => db.destroy());
  // Provider tokens are sealed by the core before they reach the database (see docs/adapters.md).
  adapter.providerTokens = options.providerTokens ?? "encrypted";
  return adapter;
}
