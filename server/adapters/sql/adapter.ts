/**
 * The one SQL implementation of the adapter interface, shared by the SQLite and PostgreSQL
 * adapters. Every query is written once with Kysely; `dialect.ts` holds what differs.
 *
 * - The schema is migrated automatically before the first query (once per adapter; concurrency-safe).
 * - Flows that write more than one row run in a transaction: `deleteUser`, `deleteAuthenticator`,
 *   `pruneExpired` and `createUserWithAccount` (user, account, and a session or a passkey's authenticator).
 * - Dates keep millisecond precision on both databases.
 */
import { randomUUID } from "node:crypto";
import type { CompiledQuery, Kysely, Selectable, Transaction } from "kysely";
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterAuthenticatorWithMetadata,
  AdapterSession,
  AdapterSessionWithMetadata,
  AdapterUser,
  ClosableAdapter,
  NewAdapterAuthenticator,
  NewAdapterSession,
  VerificationToken,
} from "../types.js";
import type { SqlDialect } from "./dialect.js";
import { migrate } from "./migrations.js";
import type { AccountsTable, AuthenticatorsTable, FoyerDatabase, SessionsTable, UsersTable, VerificationTokensTable } from "./schema.js";

/**
 * What `createUserWithAccount` writes: a new user, the account they signed in with, optionally a
 * session and (a passkey sign-up) the passkey's authenticator.
 */
export interface CreateUserWithAccountInput {
  /** Without an `id`, the adapter makes one (a random UUID). */
  user: Omit<AdapterUser, "id"> & { id?: string };
  account: Omit<AdapterAccount, "userId">;
  /** A session to create with the user (metadata fields optional, as for `createSession`). */
  session?: Omit<NewAdapterSession, "userId">;
  /** A passkey's authenticator to create with the user (metadata fields optional, as for `createAuthenticator`). */
  authenticator?: Omit<NewAdapterAuthenticator, "userId">;
}

/** What `createUserWithAccount` wrote, in Auth.js's shapes (no metadata). */
export interface CreateUserWithAccountResult {
  user: AdapterUser;
  account: AdapterAccount;
  session?: AdapterSession;
  authenticator?: AdapterAuthenticator;
}

/** Foyer's SQL adapters: every Auth.js method, every Foyer capability, and these. */
export interface SqlAdapter extends ClosableAdapter {
  /** Applies pending schema migrations. Runs by itself before the first query; calling it is optional. */
  migrate(): Promise<void>;
  /** Creates a user, links the account and (optionally) creates a session and an authenticator, all or nothing. */
  createUserWithAccount(input: CreateUserWithAccountInput): Promise<CreateUserWithAccountResult>;
}

export interface SqlAdapterOptions {
  db: Kysely<FoyerDatabase>;
  dialect: SqlDialect;
  /** A read on the driver itself, past Kysely, for the session lookup; see {@link DirectRead}. */
  directRead?: DirectRead;
}

/**
 * A one-row SELECT run on the driver directly, outside Kysely. Used only by `getSessionAndUser`,
 * the query behind every database-session request, where Kysely's own work cost several times what
 * SQLite takes to answer (its single-connection lock wakes every waiter on each release, plus a
 * promise chain per query) and a noticeable share of a PostgreSQL round trip.
 */
export interface DirectRead {
  /**
   * Whether a read now sees only committed rows. SQLite: no transaction is open on the connection —
   * while one is (say `deleteUser` between its statements), the lookup goes through Kysely and waits
   * for it. PostgreSQL: always, as every query takes a pooled connection of its own.
   */
  idle(): boolean;
  /** The first row of `sql` (compiled by this adapter's Kysely) with `parameters`, or `undefined`; synchronous on SQLite. */
  first(sql: string, parameters: readonly unknown[]): unknown;
}

/**
 * Test hooks, for the crash test only: `inTransaction` is awaited inside multi-row transactions
 * after some rows are written, so a test can kill the process mid-transaction. Unset in production.
 * Flows: `deleteUser`; `createUserWithAccount` (user and account written; with an authenticator to
 * write, the flow is `createUserWithAccount+authenticator`, paused before the authenticator).
 */
export const transactionHooks: { inTransaction?: (flow: string) => Promise<void> } = {};

// ---------------------------------------------------------------------------------------------
// Reading rows: PostgreSQL returns Date/boolean/bigint-as-string, SQLite returns numbers.

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === "string" && !/^-?\d+$/.test(value) ? value : Number(value));
}

function toOptionalDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

/** A row of the session-and-user join. */
type SessionAndUserRow = Selectable<SessionsTable> & Selectable<UsersTable>;

/** A user; `email` is null for a user without one (typed `string` as in Auth.js). */
function toUser(row: Selectable<UsersTable>): AdapterUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email as string,
    emailVerified: toOptionalDate(row.email_verified),
    image: row.image,
  };
}

/** A session as Auth.js's methods return it: exactly `AdapterSession`'s fields. */
function toSession(row: Pick<Selectable<SessionsTable>, "session_token" | "user_id" | "expires">): AdapterSession {
  return { sessionToken: row.session_token, userId: row.user_id, expires: toDate(row.expires) };
}

/** A session with Foyer's metadata, for `listSessions` and `getSessionAndUserWithMetadata`. */
function toSessionWithMetadata(row: Selectable<SessionsTable>): AdapterSessionWithMetadata {
  return {
    ...toSession(row),
    createdAt: toDate(row.created_at),
    lastSeenAt: toDate(row.last_seen_at),
    userAgent: row.user_agent,
    ip: row.ip,
  };
}

function toVerificationToken(row: Selectable<VerificationTokensTable>): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: toDate(row.expires) };
}

/** An authenticator as Auth.js's methods return it: exactly `AdapterAuthenticator`'s fields. */
function toAuthenticator(row: Selectable<AuthenticatorsTable>): AdapterAuthenticator {
  return {
    credentialID: row.credential_id,
    userId: row.user_id,
    providerAccountId: row.provider_account_id,
    credentialPublicKey: row.credential_public_key,
    counter: Number(row.counter),
    credentialDeviceType: row.credential_device_type,
    credentialBackedUp: Boolean(row.credential_backed_up),
    transports: row.transports,
  };
}

/** An authenticator with Foyer's metadata, for passkey management. */
function toAuthenticatorWithMetadata(row: Selectable<AuthenticatorsTable>): AdapterAuthenticatorWithMetadata {
  return {
    ...toAuthenticator(row),
    name: row.name,
    createdAt: toDate(row.created_at),
    lastUsedAt: toOptionalDate(row.last_used_at),
  };
}

/** The account fields with a column of their own, and the JavaScript type the column holds. */
const ACCOUNT_COLUMNS = {
  access_token: "string",
  refresh_token: "string",
  expires_at: "integer",
  token_type: "string",
  scope: "string",
  id_token: "string",
  session_state: "string",
} as const;
type AccountColumn = keyof typeof ACCOUNT_COLUMNS;

/** The account columns `updateAccountTokens` may write. */
const TOKEN_COLUMNS = ["access_token", "refresh_token", "expires_at", "id_token", "token_type", "scope"] as const;

function isAccountColumn(key: string): key is AccountColumn {
  return Object.hasOwn(ACCOUNT_COLUMNS, key);
}

/**
 * An account as a row. Token fields go to their columns; any other field (`expires_in`,
 * `authorization_details`, whatever a provider's `account()` returns) goes to `extra` as JSON, so
 * what was linked is what comes back. A value of the wrong type for its column (say a string
 * `expires_at`) also goes to `extra`, keeping its type.
 */
function toAccountRow(account: AdapterAccount, id: string): AccountsTable {
  const { userId, type, provider, providerAccountId, ...rest } = account;
  const row: AccountsTable = {
    id,
    user_id: userId,
    type,
    provider,
    provider_account_id: providerAccountId,
    access_token: null,
    refresh_token: null,
    expires_at: null,
    token_type: null,
    scope: null,
    id_token: null,
    session_state: null,
    extra: null,
  };
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    if (isAccountColumn(key)) {
      if (value === null) continue;
      const fits = ACCOUNT_COLUMNS[key] === "integer" ? Number.isSafeInteger(value) : typeof value === "string";
      if (fits) {
        (row as unknown as Record<string, unknown>)[key] = value;
        continue;
      }
    }
    extra[key] = value;
  }
  if (Object.keys(extra).length > 0) row.extra = JSON.stringify(extra);
  return row;
}

function toAccount(row: Selectable<AccountsTable>): AdapterAccount {
  const account: AdapterAccount = {
    ...(row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : {}),
    provider: row.provider,
    providerAccountId: row.provider_account_id,
    type: row.type as AdapterAccount["type"],
    userId: row.user_id,
  };
  for (const key of Object.keys(ACCOUNT_COLUMNS) as AccountColumn[]) {
    const value = row[key];
    if (value !== null && value !== undefined) (account as Record<string, unknown>)[key] = key === "expires_at" ? Number(value) : value;
  }
  return account;
}

function count(result: { numDeletedRows: bigint } | undefined): number {
  return result ? Number(result.numDeletedRows) : 0;
}

// ---------------------------------------------------------------------------------------------

export function createSqlAdapter({ db, dialect, directRead }: SqlAdapterOptions, close: () => Promise<void>): SqlAdapter {
  let migrating: Promise<void> | undefined;
  let sessionAndUser: CompiledQuery<SessionAndUserRow> | undefined;
  /** Migrates once; a failed attempt is retried by the next call. */
  function ready(): Promise<void> {
    migrating ??= migrate(db, dialect).then(
      () => undefined,
      (error: unknown) => {
        migrating = undefined;
        throw error;
      },
    );
    return migrating;
  }

  async function insertUser(executor: Kysely<FoyerDatabase>, user: Omit<AdapterUser, "id"> & { id?: string }): Promise<AdapterUser> {
    const row = await executor
      .insertInto("users")
      .values({
        id: user.id || randomUUID(),
        name: user.name ?? null,
        // No email (the core leaves the key out; "" from other callers counts as none) is NULL: the
        // unique index allows any number of NULLs, and no lookup ever matches it.
        email: user.email || null,
        email_verified: user.emailVerified ?? null,
        image: user.image ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  }

  async function insertAccount(executor: Kysely<FoyerDatabase>, account: AdapterAccount): Promise<AdapterAccount> {
    const row = await executor.insertInto("accounts").values(toAccountRow(account, randomUUID())).returningAll().executeTakeFirstOrThrow();
    return toAccount(row);
  }

  async function insertSession(executor: Kysely<FoyerDatabase>, session: NewAdapterSession): Promise<AdapterSession> {
    const createdAt = session.createdAt ?? new Date();
    const row = await executor
      .insertInto("sessions")
      .values({
        session_token: session.sessionToken,
        user_id: session.userId,
        expires: session.expires,
        created_at: createdAt,
        last_seen_at: session.lastSeenAt ?? createdAt,
        user_agent: session.userAgent ?? null,
        ip: session.ip ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSession(row);
  }

  async function insertAuthenticator(executor: Kysely<FoyerDatabase>, authenticator: NewAdapterAuthenticator): Promise<AdapterAuthenticator> {
    const row = await executor
      .insertInto("authenticators")
      .values({
        credential_id: authenticator.credentialID,
        user_id: authenticator.userId,
        provider_account_id: authenticator.providerAccountId,
        credential_public_key: authenticator.credentialPublicKey,
        counter: authenticator.counter,
        credential_device_type: authenticator.credentialDeviceType,
        credential_backed_up: authenticator.credentialBackedUp,
        transports: authenticator.transports ?? null,
        name: authenticator.name ?? null,
        created_at: authenticator.createdAt ?? new Date(),
        last_used_at: authenticator.lastUsedAt ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAuthenticator(row);
  }

  /**
   * The session-and-user row for a session key, or `undefined`: the one query behind
   * `getSessionAndUser` and `getSessionAndUserWithMetadata`.
   */
  async function sessionAndUserRow(sessionToken: string): Promise<SessionAndUserRow | undefined> {
    await ready();
    // The hottest query of all (every session read): built and compiled once, then run with the
    // token as its only parameter. Building a Kysely query costs more than SQLite answering it.
    sessionAndUser ??= db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.session_token",
        "sessions.user_id",
        "sessions.expires",
        "sessions.created_at",
        "sessions.last_seen_at",
        "sessions.user_agent",
        "sessions.ip",
        "users.id",
        "users.name",
        "users.email",
        "users.email_verified",
        "users.image",
      ])
      .where("sessions.session_token", "=", "")
      .compile() as CompiledQuery<SessionAndUserRow>;
    // On SQLite the direct read is synchronous, and safe exactly when no transaction is open on the
    // connection: it then sees committed rows only and nothing else runs on this thread meanwhile —
    // the same answer as queueing behind Kysely's lock, whose holder had committed too. Inside an
    // open transaction it could see rows that are then rolled back, so the lookup waits its turn.
    return (
      directRead?.idle()
        ? await directRead.first(sessionAndUser.sql, [sessionToken])
        : (await db.executeQuery<SessionAndUserRow>({ ...sessionAndUser, parameters: [sessionToken] })).rows[0]
    ) as SessionAndUserRow | undefined;
  }

  /** The user's authenticator rows, oldest first. */
  async function authenticatorRows(userId: string): Promise<Selectable<AuthenticatorsTable>[]> {
    await ready();
    return db.selectFrom("authenticators").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("credential_id").execute();
  }

  async function hook(flow: string): Promise<void> {
    await transactionHooks.inTransaction?.(flow);
  }

  let closed: Promise<void> | undefined;

  const adapter: SqlAdapter = {
    async migrate() {
      await ready();
    },

    async close() {
      closed ??= close();
      await closed;
    },

    // --- users -------------------------------------------------------------------------------

    async createUser(user) {
      await ready();
      return insertUser(db, user);
    },

    async getUser(id) {
      await ready();
      const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    async getUserByEmail(email) {
      if (!email) return null;
      await ready();
      const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    async getUserByAccount({ provider, providerAccountId }) {
      await ready();
      const row = await db
        .selectFrom("accounts")
        .innerJoin("users", "users.id", "accounts.user_id")
        .selectAll("users")
        .where("accounts.provider", "=", provider)
        .where("accounts.provider_account_id", "=", providerAccountId)
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },

    async updateUser(user) {
      await ready();
      const changes: Partial<UsersTable> = {};
      if (user.name !== undefined) changes.name = user.name;
      if (user.email !== undefined) changes.email = user.email || null;
      if (user.emailVerified !== undefined) changes.email_verified = user.emailVerified;
      if (user.image !== undefined) changes.image = user.image;
      const row =
        Object.keys(changes).length > 0
          ? await db.updateTable("users").set(changes).where("id", "=", user.id).returningAll().executeTakeFirst()
          : await db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirst();
      if (!row) throw new Error(`updateUser: no user with id ${JSON.stringify(user.id)}`);
      return toUser(row);
    },

    async deleteUser(userId) {
      await ready();
      return db.transaction().execute(async (trx) => {
        // Writes first, so SQLite takes its write lock at the first statement.
        await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
        await trx.deleteFrom("accounts").where("user_id", "=", userId).execute();
        await trx.deleteFrom("authenticators").where("user_id", "=", userId).execute();
        await hook("deleteUser");
        const row = await trx.deleteFrom("users").where("id", "=", userId).returningAll().executeTakeFirst();
        return row ? toUser(row) : null;
      });
    },

    // --- accounts ----------------------------------------------------------------------------

    async linkAccount(account) {
      await ready();
      return insertAccount(db, account);
    },

    async unlinkAccount({ provider, providerAccountId }) {
      await ready();
      const row = await db
        .deleteFrom("accounts")
        .where("provider", "=", provider)
        .where("provider_account_id", "=", providerAccountId)
        .returningAll()
        .executeTakeFirst();
      return row ? toAccount(row) : undefined;
    },

    async getAccount(providerAccountId, provider) {
      await ready();
      const row = await db
        .selectFrom("accounts")
        .selectAll()
        .where("provider", "=", provider)
        .where("provider_account_id", "=", providerAccountId)
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async listAccounts(userId) {
      await ready();
      const rows = await db.selectFrom("accounts").selectAll().where("user_id", "=", userId).orderBy("provider").orderBy("provider_account_id").execute();
      return rows.map(toAccount);
    },

    async updateAccountTokens({ provider, providerAccountId }, expected, next) {
      await ready();
      const changes: Partial<AccountsTable> = {};
      for (const field of TOKEN_COLUMNS) {
        const value = next[field];
        if (value === undefined) continue;
        if (value !== null && (field === "expires_at" ? !Number.isSafeInteger(value) : typeof value !== "string")) {
          throw new TypeError(`updateAccountTokens: ${field} must be ${field === "expires_at" ? "a whole number of seconds" : "a string"} or null`);
        }
        (changes as Record<string, unknown>)[field] = value;
      }
      // One UPDATE whose WHERE holds the comparison: the database makes check-and-write atomic, so of
      // two processes expecting the same refresh token exactly one matches the row.
      if (Object.keys(changes).length === 0) {
        let select = db.selectFrom("accounts").select("id").where("provider", "=", provider).where("provider_account_id", "=", providerAccountId);
        select = expected.refresh_token === null ? select.where("refresh_token", "is", null) : select.where("refresh_token", "=", expected.refresh_token);
        return (await select.executeTakeFirst()) !== undefined;
      }
      let update = db.updateTable("accounts").set(changes).where("provider", "=", provider).where("provider_account_id", "=", providerAccountId);
      update = expected.refresh_token === null ? update.where("refresh_token", "is", null) : update.where("refresh_token", "=", expected.refresh_token);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async createUserWithAccount({ user, account, session, authenticator }) {
      await ready();
      return db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, user);
        const linked = await insertAccount(trx, { ...account, userId: created.id } as AdapterAccount);
        await hook(authenticator ? "createUserWithAccount+authenticator" : "createUserWithAccount");
        const result: CreateUserWithAccountResult = { user: created, account: linked };
        if (authenticator) result.authenticator = await insertAuthenticator(trx, { ...authenticator, userId: created.id });
        if (session) result.session = await insertSession(trx, { ...session, userId: created.id });
        return result;
      });
    },

    // --- sessions ----------------------------------------------------------------------------

    async createSession(session) {
      await ready();
      return insertSession(db, session);
    },

    async getSessionAndUser(sessionToken) {
      const row = await sessionAndUserRow(sessionToken);
      return row ? { session: toSession(row), user: toUser(row) } : null;
    },

    async getSessionAndUserWithMetadata(sessionToken) {
      const row = await sessionAndUserRow(sessionToken);
      return row ? { session: toSessionWithMetadata(row), user: toUser(row) } : null;
    },

    async updateSession(session) {
      await ready();
      const changes: Partial<SessionsTable> = {};
      if (session.expires !== undefined) changes.expires = session.expires;
      if (session.userId !== undefined) changes.user_id = session.userId;
      if (session.lastSeenAt !== undefined) changes.last_seen_at = session.lastSeenAt;
      if (session.userAgent !== undefined) changes.user_agent = session.userAgent;
      if (session.ip !== undefined) changes.ip = session.ip;
      const row =
        Object.keys(changes).length > 0
          ? await db.updateTable("sessions").set(changes).where("session_token", "=", session.sessionToken).returningAll().executeTakeFirst()
          : await db.selectFrom("sessions").selectAll().where("session_token", "=", session.sessionToken).executeTakeFirst();
      return row ? toSession(row) : null;
    },

    async deleteSession(sessionToken) {
      await ready();
      const row = await db.deleteFrom("sessions").where("session_token", "=", sessionToken).returningAll().executeTakeFirst();
      return row ? toSession(row) : null;
    },

    async listSessions(userId) {
      await ready();
      const rows = await db
        .selectFrom("sessions")
        .selectAll()
        .where("user_id", "=", userId)
        .where("expires", ">", new Date())
        .orderBy("created_at", "desc")
        .orderBy("session_token")
        .execute();
      return rows.map(toSessionWithMetadata);
    },

    async deleteSessions(userId, options) {
      await ready();
      let query = db.deleteFrom("sessions").where("user_id", "=", userId);
      const except = options?.except ?? [];
      if (except.length > 0) query = query.where("session_token", "not in", except);
      return count(await query.executeTakeFirst());
    },

    // --- verification tokens -----------------------------------------------------------------

    async createVerificationToken(token) {
      await ready();
      const row = await db
        .insertInto("verification_tokens")
        .values({ identifier: token.identifier, token: token.token, expires: token.expires })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toVerificationToken(row);
    },

    async useVerificationToken({ identifier, token }) {
      await ready();
      // One statement: of two concurrent uses, exactly one gets the row.
      const row = await db.deleteFrom("verification_tokens").where("identifier", "=", identifier).where("token", "=", token).returningAll().executeTakeFirst();
      return row ? toVerificationToken(row) : null;
    },

    // --- authenticators ----------------------------------------------------------------------

    async createAuthenticator(authenticator) {
      await ready();
      return insertAuthenticator(db, authenticator);
    },

    async getAuthenticator(credentialID) {
      await ready();
      const row = await db.selectFrom("authenticators").selectAll().where("credential_id", "=", credentialID).executeTakeFirst();
      return row ? toAuthenticator(row) : null;
    },

    async listAuthenticatorsByUserId(userId) {
      return (await authenticatorRows(userId)).map(toAuthenticator);
    },

    async listAuthenticatorsWithMetadata(userId) {
      return (await authenticatorRows(userId)).map(toAuthenticatorWithMetadata);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      await ready();
      const row = await db
        .updateTable("authenticators")
        .set({ counter: newCounter })
        .where("credential_id", "=", credentialID)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new Error(`updateAuthenticatorCounter: no authenticator with id ${JSON.stringify(credentialID)}`);
      return toAuthenticator(row);
    },

    async updateAuthenticator(credentialID, data) {
      await ready();
      const changes: Partial<AuthenticatorsTable> = {};
      if (data.name !== undefined) changes.name = data.name;
      if (data.lastUsedAt !== undefined) changes.last_used_at = data.lastUsedAt;
      const row =
        Object.keys(changes).length > 0
          ? await db.updateTable("authenticators").set(changes).where("credential_id", "=", credentialID).returningAll().executeTakeFirst()
          : await db.selectFrom("authenticators").selectAll().where("credential_id", "=", credentialID).executeTakeFirst();
      return row ? toAuthenticatorWithMetadata(row) : null;
    },

    async deleteAuthenticator(credentialID) {
      await ready();
      return db.transaction().execute(async (trx: Transaction<FoyerDatabase>) => {
        const row = await trx.deleteFrom("authenticators").where("credential_id", "=", credentialID).returningAll().executeTakeFirst();
        if (!row) return null;
        // The passkey's own account goes with it, unless another authenticator still uses it.
        const others = await trx
          .selectFrom("authenticators")
          .select("credential_id")
          .where("user_id", "=", row.user_id)
          .where("provider_account_id", "=", row.provider_account_id)
          .executeTakeFirst();
        if (!others) {
          await trx
            .deleteFrom("accounts")
            .where("user_id", "=", row.user_id)
            .where("type", "=", "webauthn")
            .where("provider_account_id", "=", row.provider_account_id)
            .execute();
        }
        return toAuthenticatorWithMetadata(row);
      });
    },

    // --- housekeeping ------------------------------------------------------------------------

    async pruneExpired() {
      await ready();
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        const sessions = await trx.deleteFrom("sessions").where("expires", "<", now).executeTakeFirst();
        const tokens = await trx.deleteFrom("verification_tokens").where("expires", "<", now).executeTakeFirst();
        return count(sessions) + count(tokens);
      });
    },
  };
  return adapter;
}
