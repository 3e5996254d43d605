/**
 * The tables of Foyer's SQL adapters, as Kysely sees them. One schema for SQLite and PostgreSQL:
 * the column types differ (see `dialect.ts`), the names and meanings do not.
 *
 * Values are written as JavaScript values (Date, boolean, number, string) on both databases; the
 * SQLite driver wrapper turns Dates into epoch milliseconds and booleans into 0/1. What comes back
 * differs by database (PostgreSQL: Date, boolean, bigint as string; SQLite: numbers), so every read
 * goes through the converters in `adapter.ts`.
 */

/** Written as a Date; read back as a Date (PostgreSQL `timestamptz`) or epoch ms (SQLite `integer`). */
export type DbDate = Date | number | string;
/** Written as a boolean; read back as a boolean (PostgreSQL) or 0/1 (SQLite). */
export type DbBoolean = boolean | number;
/** A 64-bit integer; PostgreSQL's `pg` returns `bigint` as a string. */
export type DbInteger = number | string;

export interface UsersTable {
  id: string;
  name: string | null;
  email: string | null;
  email_verified: DbDate | null;
  image: string | null;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  type: string;
  provider: string;
  provider_account_id: string;
  refresh_token: string | null;
  access_token: string | null;
  expires_at: DbInteger | null;
  token_type: string | null;
  scope: string | null;
  id_token: string | null;
  session_state: string | null;
  /** JSON object of the account's other fields (e.g. `expires_in`, `authorization_details`). */
  extra: string | null;
}

export interface SessionsTable {
  /** The SHA-256 hex of the session token, as the core passes it. */
  session_token: string;
  user_id: string;
  expires: DbDate;
  created_at: DbDate;
  last_seen_at: DbDate;
  user_agent: string | null;
  ip: string | null;
}

export interface VerificationTokensTable {
  identifier: string;
  /** Already hashed by the core. */
  token: string;
  expires: DbDate;
}

export interface AuthenticatorsTable {
  credential_id: string;
  user_id: string;
  provider_account_id: string;
  credential_public_key: string;
  counter: DbInteger;
  credential_device_type: string;
  credential_backed_up: DbBoolean;
  transports: string | null;
  name: string | null;
  created_at: DbDate;
  last_used_at: DbDate | null;
}

export interface MigrationsTable {
  name: string;
  applied_at: DbDate;
}

export interface FoyerDatabase {
  users: UsersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  verification_tokens: VerificationTokensTable;
  authenticators: AuthenticatorsTable;
  foyer_migrations: MigrationsTable;
}
