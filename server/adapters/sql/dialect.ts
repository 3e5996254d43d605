/**
 * Everything that differs between SQLite and PostgreSQL, in one place: three column types and how
 * the migration transaction takes its lock. Queries and migrations are written once against this.
 */
import { sql, type Kysely } from "kysely";
import type { ColumnDataType } from "kysely";

export interface SqlDialect {
  readonly name: "sqlite" | "postgres";
  readonly types: {
    /** A point in time with millisecond precision. */
    readonly date: ColumnDataType;
    readonly boolean: ColumnDataType;
    /** A 64-bit integer. */
    readonly integer: ColumnDataType;
  };
  /**
   * Opens the migration transaction on a single connection and takes the lock that makes
   * migrating safe when several processes start at once.
   */
  beginMigration(connection: Kysely<any>): Promise<void>;
}

export const sqliteDialect: SqlDialect = {
  name: "sqlite",
  // Epoch milliseconds: exact, sortable and comparable in SQL.
  types: { date: "integer", boolean: "integer", integer: "integer" },
  // IMMEDIATE takes the write lock up front (other processes wait on busy_timeout), so two
  // processes never both read "not migrated" and then race to migrate.
  async beginMigration(connection) {
    await sql`begin immediate`.execute(connection);
  },
};

export const postgresDialect: SqlDialect = {
  name: "postgres",
  // timestamptz keeps microseconds, so millisecond round trips are exact.
  types: { date: "timestamptz", boolean: "boolean", integer: "bigint" },
  // A transaction-scoped advisory lock, per schema: concurrent migrators queue here and the
  // lock goes away with the transaction, even when the process dies.
  async beginMigration(connection) {
    await sql`begin`.execute(connection);
    await sql`select pg_advisory_xact_lock(hashtext(${"foyer-auth:migrations:"} || current_schema()))`.execute(connection);
  },
};
