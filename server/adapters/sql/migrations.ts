/**
 * Schema migrations. Each migration is written once with Kysely's schema builder; the column types
 * that differ come from the dialect. Applied migrations are recorded in `foyer_migrations`.
 *
 * Never edit a released migration: add a new one at the end of `MIGRATIONS`.
 */
import { sql, type Kysely } from "kysely";
import type { SqlDialect } from "./dialect.js";

export interface Migration {
  /** Unique and sortable; recorded in `foyer_migrations.name`. */
  name: string;
  up(db: Kysely<any>, dialect: SqlDialect): Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: "0001_initial",
    async up(db, { types }) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text")
        .addColumn("email", "text")
        .addColumn("email_verified", types.date)
        .addColumn("image", "text")
        .execute();
      await db.schema.createIndex("users_email_key").unique().on("users").column("email").execute();

      await db.schema
        .createTable("accounts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("provider_account_id", "text", (c) => c.notNull())
        .addColumn("refresh_token", "text")
        .addColumn("access_token", "text")
        .addColumn("expires_at", types.integer)
        .addColumn("token_type", "text")
        .addColumn("scope", "text")
        .addColumn("id_token", "text")
        .addColumn("session_state", "text")
        .addColumn("extra", "text")
        .execute();
      await db.schema.createIndex("accounts_provider_account_key").unique().on("accounts").columns(["provider", "provider_account_id"]).execute();
      await db.schema.createIndex("accounts_user_id_idx").on("accounts").column("user_id").execute();

      await db.schema
        .createTable("sessions")
        .addColumn("session_token", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("expires", types.date, (c) => c.notNull())
        .addColumn("created_at", types.date, (c) => c.notNull())
        .addColumn("last_seen_at", types.date, (c) => c.notNull())
        .addColumn("user_agent", "text")
        .addColumn("ip", "text")
        .execute();
      await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

      // The primary key (identifier, token) is the lookup index of useVerificationToken.
      await db.schema
        .createTable("verification_tokens")
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull())
        .addColumn("expires", types.date, (c) => c.notNull())
        .addPrimaryKeyConstraint("verification_tokens_pkey", ["identifier", "token"])
        .execute();

      await db.schema
        .createTable("authenticators")
        .addColumn("credential_id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("provider_account_id", "text", (c) => c.notNull())
        .addColumn("credential_public_key", "text", (c) => c.notNull())
        .addColumn("counter", types.integer, (c) => c.notNull())
        .addColumn("credential_device_type", "text", (c) => c.notNull())
        .addColumn("credential_backed_up", types.boolean, (c) => c.notNull())
        .addColumn("transports", "text")
        .addColumn("name", "text")
        .addColumn("created_at", types.date, (c) => c.notNull())
        .addColumn("last_used_at", types.date)
        .execute();
      await db.schema.createIndex("authenticators_user_id_idx").on("authenticators").column("user_id").execute();
    },
  },
];

const MIGRATIONS_TABLE = "foyer_migrations";

async function appliedMigrations(db: Kysely<any>): Promise<Set<string>> {
  const rows = await db.selectFrom(MIGRATIONS_TABLE).select("name").execute();
  return new Set(rows.map((row) => String(row.name)));
}

/**
 * Applies the pending migrations; returns their names. Safe to call from several processes at
 * once: the work happens in one transaction holding the dialect's migration lock, so the second
 * caller waits, then finds nothing to do. A failing migration rolls back completely.
 */
export async function migrate(db: Kysely<any>, dialect: SqlDialect, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  // Fast path, no lock: everything applied already (the common case on every start after the first).
  try {
    const applied = await appliedMigrations(db);
    if (migrations.every((m) => applied.has(m.name))) return [];
  } catch {
    // No migrations table yet: take the locked path below.
  }
  return db.connection().execute(async (connection) => {
    await dialect.beginMigration(connection);
    try {
      await connection.schema
        .createTable(MIGRATIONS_TABLE)
        .ifNotExists()
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("applied_at", dialect.types.date, (c) => c.notNull())
        .execute();
      const applied = await appliedMigrations(connection);
      const ran: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        await migration.up(connection, dialect);
        await connection.insertInto(MIGRATIONS_TABLE).values({ name: migration.name, applied_at: new Date() }).execute();
        ran.push(migration.name);
      }
      await sql`commit`.execute(connection);
      return ran;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
