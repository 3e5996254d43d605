/**
 * Auth.js's official adapters behind Foyer's `Auth()`, on the real PostgreSQL: `@auth/pg-adapter`,
 * `@auth/drizzle-adapter` (drizzle-orm over `pg`) and `@auth/kysely-adapter`, each on the schema its
 * documentation gives (written out below), in a fresh PostgreSQL schema per adapter and run. What an
 * app switching from Auth.js keeps using must work: e-mail link sign-in, OAuth users without an
 * e-mail address, database sessions, sign-out and — where the adapter has the authenticator methods —
 * passkeys. Where a documented schema cannot do something (Kysely's `email` is NOT NULL), the test
 * shows the failure is clean and the same as Auth.js's, and that the workaround in docs/adapters.md
 * works. Tested versions and limits: docs/adapters.md#official-authjs-adapters.
 */
import { Auth as AuthJs } from "@auth/core";
import type { Adapter as AuthJsAdapter } from "@auth/core/adapters";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { KyselyAdapter } from "@auth/kysely-adapter";
import PgAdapter from "@auth/pg-adapter";
import { createHash } from "node:crypto";
import { boolean, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { startTestIdp, type TestIdp } from "../oauth/test-idp.js";
import Email from "../providers/email-alias.js";
import { OIDC } from "../providers/oauth.js";
import Passkey from "../providers/passkey.js";
import { CookieJar, ORIGIN, SECRET, get, postForm } from "../testing/harness.js";
import { newBrowser, registerPasskey, sessionOf, signInWithPasskey } from "../testing/passkey-flow.js";
import type { AuthConfig, Provider } from "../types.js";

type Handler = (request: Request) => Promise<Response>;
type Row = Record<string, unknown>;

const SESSION_COOKIE = "authjs.session-token";
const CLIENT = { client_id: "official-adapters-rp", client_secret: "official-adapters-secret" };
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// --- the documented schemas ------------------------------------------------------------------------

/** `@auth/pg-adapter`: the SQL of its documentation (integer ids from SERIAL, no unique `email`). */
const PG_ADAPTER_SCHEMA = `
  create table verification_token (
    identifier text not null,
    expires timestamptz not null,
    token text not null,
    primary key (identifier, token)
  );
  create table accounts (
    id serial primary key,
    "userId" integer not null,
    type varchar(255) not null,
    provider varchar(255) not null,
    "providerAccountId" varchar(255) not null,
    refresh_token text,
    access_token text,
    expires_at bigint,
    id_token text,
    scope text,
    session_state text,
    token_type text
  );
  create table sessions (
    id serial primary key,
    "userId" integer not null,
    expires timestamptz not null,
    "sessionToken" varchar(255) not null
  );
  create table users (
    id serial primary key,
    name varchar(255),
    email varchar(255),
    "emailVerified" timestamptz,
    image text
  );`;

/** `@auth/drizzle-adapter`'s documented PostgreSQL tables (text ids, unique nullable `email`, authenticators). */
const drizzleUsers = pgTable("user", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  email: text("email").unique(),
  emailVerified: timestamp("emailVerified", { mode: "date" }),
  image: text("image"),
});
const drizzleAccounts = pgTable(
  "account",
  {
    userId: text("userId")
      .notNull()
      .references(() => drizzleUsers.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("providerAccountId").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (account) => [primaryKey({ columns: [account.provider, account.providerAccountId] })],
);
const drizzleSessions = pgTable("session", {
  sessionToken: text("sessionToken").primaryKey(),
  userId: text("userId")
    .notNull()
    .references(() => drizzleUsers.id, { onDelete: "cascade" }),
  expires: timestamp("expires", { mode: "date" }).notNull(),
});
const drizzleVerificationTokens = pgTable(
  "verificationToken",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { mode: "date" }).notNull(),
  },
  (row) => [primaryKey({ columns: [row.identifier, row.token] })],
);
const drizzleAuthenticators = pgTable(
  "authenticator",
  {
    credentialID: text("credentialID").notNull().unique(),
    userId: text("userId")
      .notNull()
      .references(() => drizzleUsers.id, { onDelete: "cascade" }),
    providerAccountId: text("providerAccountId").notNull(),
    credentialPublicKey: text("credentialPublicKey").notNull(),
    counter: integer("counter").notNull(),
    credentialDeviceType: text("credentialDeviceType").notNull(),
    credentialBackedUp: boolean("credentialBackedUp").notNull(),
    transports: text("transports"),
  },
  (row) => [primaryKey({ columns: [row.userId, row.credentialID] })],
);

/** The same tables as SQL, as `drizzle-kit push` would create them from the definitions above. */
const DRIZZLE_SCHEMA = `
  create table "user" (
    id text primary key,
    name text,
    email text unique,
    "emailVerified" timestamp,
    image text
  );
  create table account (
    "userId" text not null references "user"(id) on delete cascade,
    type text not null,
    provider text not null,
    "providerAccountId" text not null,
    refresh_token text,
    access_token text,
    expires_at integer,
    token_type text,
    scope text,
    id_token text,
    session_state text,
    primary key (provider, "providerAccountId")
  );
  create table session (
    "sessionToken" text primary key,
    "userId" text not null references "user"(id) on delete cascade,
    expires timestamp not null
  );
  create table "verificationToken" (
    identifier text not null,
    token text not null,
    expires timestamp not null,
    primary key (identifier, token)
  );
  create table authenticator (
    "credentialID" text not null unique,
    "userId" text not null references "user"(id) on delete cascade,
    "providerAccountId" text not null,
    "credentialPublicKey" text not null,
    counter integer not null,
    "credentialDeviceType" text not null,
    "credentialBackedUp" boolean not null,
    transports text,
    primary key ("userId", "credentialID")
  );`;

/**
 * `@auth/kysely-adapter`'s documented migration (uuid ids, `email` unique and NOT NULL). With
 * `emailNullable` the one change docs/adapters.md recommends: `email` without NOT NULL.
 */
async function kyselyMigration(db: Kysely<any>, emailNullable: boolean): Promise<void> {
  await db.schema
    .createTable("User")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text")
    .addColumn("email", "text", (col) => (emailNullable ? col.unique() : col.unique().notNull()))
    .addColumn("emailVerified", "timestamptz")
    .addColumn("image", "text")
    .execute();
  await db.schema
    .createTable("Account")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("userId", "uuid", (col) => col.references("User.id").onDelete("cascade").notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("providerAccountId", "text", (col) => col.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_token", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("token_type", "text")
    .addColumn("scope", "text")
    .addColumn("id_token", "text")
    .addColumn("session_state", "text")
    .execute();
  await db.schema
    .createTable("Session")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("userId", "uuid", (col) => col.references("User.id").onDelete("cascade").notNull())
    .addColumn("sessionToken", "text", (col) => col.notNull().unique())
    .addColumn("expires", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("VerificationToken")
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("expires", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("Account_userId_index").on("Account").column("userId").execute();
  await db.schema.createIndex("Session_userId_index").on("Session").column("userId").execute();
}

// --- the adapters under test -----------------------------------------------------------------------

/** An official adapter on its schema, and plain SQL on the same tables to check what it stored. */
interface Setup {
  adapter: Adapter;
  /** The same adapter typed as Auth.js's (for `@auth/core`'s side). */
  authJsAdapter: AuthJsAdapter;
  query: (text: string, values?: unknown[]) => Promise<Row[]>;
  tables: { users: string; accounts: string; sessions: string; authenticators?: string };
}

interface Target {
  name: string;
  /** The documented schema stores users without an address. */
  storesUsersWithoutEmail: boolean;
  /** The adapter has Auth.js's authenticator methods. */
  passkeys: boolean;
  setup(pool: pg.Pool): Promise<Setup>;
}

function sqlOn(pool: pg.Pool): Setup["query"] {
  return async (text, values = []) => (await pool.query(text, values)).rows as Row[];
}

function kyselyTarget(name: string, emailNullable: boolean): Target {
  return {
    name,
    storesUsersWithoutEmail: emailNullable,
    passkeys: false,
    async setup(pool) {
      const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
      await kyselyMigration(db, emailNullable);
      const adapter = KyselyAdapter(db);
      return {
        adapter: adapter as Adapter,
        authJsAdapter: adapter,
        query: sqlOn(pool),
        tables: { users: `"User"`, accounts: `"Account"`, sessions: `"Session"` },
      };
    },
  };
}

const TARGETS: Target[] = [
  {
    name: "@auth/pg-adapter",
    storesUsersWithoutEmail: true,
    passkeys: false,
    async setup(pool) {
      await pool.query(PG_ADAPTER_SCHEMA);
      const adapter = PgAdapter(pool);
      return {
        adapter: adapter as Adapter,
        authJsAdapter: adapter,
        query: sqlOn(pool),
        tables: { users: "users", accounts: "accounts", sessions: "sessions" },
      };
    },
  },
  {
    name: "@auth/drizzle-adapter",
    storesUsersWithoutEmail: true,
    passkeys: true,
    async setup(pool) {
      await pool.query(DRIZZLE_SCHEMA);
      const adapter = DrizzleAdapter(drizzle(pool), {
        usersTable: drizzleUsers,
        accountsTable: drizzleAccounts,
        sessionsTable: drizzleSessions,
        verificationTokensTable: drizzleVerificationTokens,
        authenticatorsTable: drizzleAuthenticators,
      });
      return {
        adapter: adapter as Adapter,
        authJsAdapter: adapter,
        query: sqlOn(pool),
        tables: { users: `"user"`, accounts: "account", sessions: "session", authenticators: "authenticator" },
      };
    },
  },
  kyselyTarget("@auth/kysely-adapter", false),
  kyselyTarget("@auth/kysely-adapter, email nullable (docs/adapters.md)", true),
];

// --- PostgreSQL and the IdP --------------------------------------------------------------------------

const postgres = await acquirePostgres();
const pools: pg.Pool[] = [];
let idp: TestIdp;

beforeAll(async () => {
  // "hidden-…" accounts have no e-mail address at all, as X and some GitHub or Discord accounts.
  idp = await startTestIdp({
    clients: [{ ...CLIENT, redirect_uris: [`${ORIGIN}/auth/callback/idp`] }],
    claims: (sub) => (sub.startsWith("hidden-") ? { email: undefined, email_verified: undefined } : undefined),
  });
});
afterAll(async () => {
  await idp?.close();
  for (const pool of pools) await pool.end().catch(() => {});
  if (postgres.ok) await postgres.server.stop();
});

async function freshSetup(target: Target): Promise<Setup> {
  if (!postgres.ok) throw new Error(postgres.reason);
  const { url } = await postgres.server.createSchema();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => {});
  pools.push(pool);
  return target.setup(pool);
}

// --- flows through Auth() ----------------------------------------------------------------------------

const silent = { error() {}, warn() {}, debug() {} };

interface Harness {
  config: AuthConfig;
  handler: Handler;
  links: string[];
  errors: Error[];
}

function foyerWith(adapter: Adapter, providers: Provider[] = [], strategy: "database" | "jwt" = "database"): Harness {
  const links: string[] = [];
  const errors: Error[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy },
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    providers: [
      OIDC({ id: "idp", name: "IdP", issuer: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, idToken: false }),
      Email({ resendCooldown: 0, sendVerificationRequest: ({ url }) => void links.push(url) }),
      ...providers,
    ],
  };
  return { config, handler: (request) => Auth(request, config), links, errors };
}

/** `@auth/core` with the same OIDC provider (profile from userinfo) and `adapter`. */
function authJsWith(adapter: AuthJsAdapter, strategy: "database" | "jwt"): Handler {
  const config = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: silent,
    adapter,
    session: { strategy },
    providers: [{ id: "idp", name: "IdP", type: "oidc", issuer: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, idToken: false }],
  };
  return (request) => AuthJs(request, config as never) as Promise<Response>;
}

async function csrfOf(handler: Handler, jar: CookieJar): Promise<string> {
  const response = await handler(get("/auth/csrf", { cookie: jar.header }));
  jar.update(response);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** A browser signing in at the IdP as `login`: CSRF, `POST /signin/idp`, the IdP's pages, the callback. */
async function oauthSignIn(handler: Handler, login: string, jar = new CookieJar()): Promise<{ jar: CookieJar; response: Response }> {
  const csrfToken = await csrfOf(handler, jar);
  const start = await handler(postForm("/auth/signin/idp", { csrfToken, callbackUrl: ORIGIN }, { cookie: jar.header }));
  jar.update(start);
  const callback = await idp.completeLogin(start.headers.get("location")!, { login });
  const response = await handler(new Request(callback, { headers: { cookie: jar.header } }));
  jar.update(response);
  return { jar, response };
}

/** Asks for an e-mail link for `email` and follows it. */
async function emailSignIn(harness: Harness, email: string): Promise<{ jar: CookieJar; response: Response }> {
  const jar = new CookieJar();
  const csrfToken = await csrfOf(harness.handler, jar);
  const asked = await harness.handler(postForm("/auth/signin/email", { csrfToken, email, callbackUrl: ORIGIN }, { cookie: jar.header }));
  jar.update(asked);
  expect(asked.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`);
  const link = new URL(harness.links.pop()!);
  expect(link.searchParams.get("email")).toBe(email);
  const response = await harness.handler(get(`${link.pathname}${link.search}`, { cookie: jar.header }));
  jar.update(response);
  return { jar, response };
}

async function sessionJson(handler: Handler, jar: CookieJar): Promise<{ user: Row; expires: string } | null> {
  const response = await handler(get("/auth/session", { cookie: jar.header }));
  jar.update(response);
  return (await response.json()) as { user: Row; expires: string } | null;
}

async function signOut(handler: Handler, jar: CookieJar): Promise<Response> {
  const csrfToken = await csrfOf(handler, jar);
  const response = await handler(postForm("/auth/signout", { csrfToken, callbackUrl: ORIGIN }, { cookie: jar.header }));
  jar.update(response);
  return response;
}

let run = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++run}`;

// --- the tests ----------------------------------------------------------------------------------------

if (!postgres.ok) {
  reportPostgresMissing("official Auth.js adapters", postgres.reason);
}

describe.runIf(postgres.ok).each(TARGETS)("$name behind Foyer's Auth()", (target) => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await freshSetup(target);
  });

  const countRows = async (table: string, where: string, values: unknown[]) =>
    Number((await setup.query(`select count(*)::int as n from ${table} where ${where}`, values))[0]!.n);

  it("e-mail link: a new user is created and verified, a returning one is found again; the session row holds the token's hash", async () => {
    const harness = foyerWith(setup.adapter);
    const email = `${unique("link")}@example.test`;
    const first = await emailSignIn(harness, email);
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get("location")).toBe(ORIGIN);
    const token = first.jar.get(SESSION_COOKIE)!;
    expect(token).toBeTruthy();

    const [user] = await setup.query(`select * from ${setup.tables.users} where email = $1`, [email]);
    expect(user).toBeDefined();
    expect(user!.emailVerified).toBeInstanceOf(Date);
    const [row] = await setup.query(`select * from ${setup.tables.sessions} where "sessionToken" = $1`, [sha256(token)]);
    expect(String(row!.userId)).toBe(String(user!.id));
    expect(await countRows(setup.tables.sessions, `"sessionToken" = $1`, [token])).toBe(0);
    expect((await sessionJson(harness.handler, first.jar))?.user).toMatchObject({ email });

    const again = await emailSignIn(harness, email);
    expect(again.response.headers.get("location")).toBe(ORIGIN);
    expect(await countRows(setup.tables.users, "email = $1", [email])).toBe(1);
    expect((await sessionJson(harness.handler, again.jar))?.user).toMatchObject({ email });
    expect(harness.errors).toEqual([]);
  });

  it("database session: GET /session reads the row; sign-out deletes it and clears the cookie", async () => {
    const harness = foyerWith(setup.adapter);
    const email = `${unique("signout")}@example.test`;
    const { jar } = await emailSignIn(harness, email);
    const token = jar.get(SESSION_COOKIE)!;
    const key = sha256(token);
    const session = await sessionJson(harness.handler, jar);
    expect(session).toMatchObject({ user: { email } });
    expect(Date.parse(session!.expires)).toBeGreaterThan(Date.now());
    expect(await countRows(setup.tables.sessions, `"sessionToken" = $1`, [key])).toBe(1);

    const response = await signOut(harness.handler, jar);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await countRows(setup.tables.sessions, `"sessionToken" = $1`, [key])).toBe(0);
    // The old cookie, replayed, opens nothing.
    const replayed = await harness.handler(get("/auth/session", { cookie: `${SESSION_COOKIE}=${token}` }));
    expect(await replayed.json()).toBeNull();
    expect(harness.errors).toEqual([]);
  });

  it("cookie (jwt) sessions with the adapter: an OAuth sign-up stores user and account, no session row; the cookie reads and signs out", async () => {
    const harness = foyerWith(setup.adapter, [], "jwt");
    // The documented Kysely schema needs an address; the others take a user without one.
    const login = unique(target.storesUsersWithoutEmail ? "hidden" : "visible");
    const { jar, response } = await oauthSignIn(harness.handler, login);
    expect(response.headers.get("location")).toBe(ORIGIN);
    const [account] = await setup.query(`select * from ${setup.tables.accounts} where provider = 'idp' and "providerAccountId" = $1`, [login]);
    expect(account).toBeDefined();
    expect(await countRows(setup.tables.sessions, `"userId" = $1`, [account!.userId])).toBe(0);
    const ours = await sessionJson(harness.handler, jar);
    expect(ours?.user).toMatchObject({ name: `User ${login}` });
    // The session shows the user as the adapter returned it (Kysely's createUser echoes its input, so
    // an absent address is no `email` key; the others read NULL back): the same as @auth/core's.
    const theirLogin = unique(target.storesUsersWithoutEmail ? "hidden" : "visible");
    const authJs = authJsWith(setup.authJsAdapter, "jwt");
    const theirs = await oauthSignIn(authJs, theirLogin);
    const expected = await sessionJson(authJs, theirs.jar);
    expect(expected?.user).toMatchObject({ name: `User ${theirLogin}` });
    const sameUser = (user: Row | undefined, login: string) => ({
      ...user,
      name: `User ${login}`,
      ...(user && "email" in user && user.email ? { email: "<address>" } : {}),
    });
    expect(sameUser(ours?.user, login)).toEqual(sameUser(expected?.user, login));
    // Signed in, the same identity signs in again as the same user (the token's subject is the stored id).
    const again = await oauthSignIn(harness.handler, login, jar);
    expect(again.response.headers.get("location")).toBe(ORIGIN);
    expect(await countRows(setup.tables.accounts, `"userId" = $1`, [account!.userId])).toBe(1);
    await signOut(harness.handler, jar);
    expect(await sessionJson(harness.handler, jar)).toBeNull();
    expect(harness.errors).toEqual([]);
  });

  if (target.storesUsersWithoutEmail) {
    it("two OAuth users without an e-mail address both sign in: two users, NULL addresses, linked accounts, readable sessions", async () => {
      const harness = foyerWith(setup.adapter);
      const logins = [unique("hidden"), unique("hidden")];
      const ids: string[] = [];
      for (const login of logins) {
        const { jar, response } = await oauthSignIn(harness.handler, login);
        expect(response.headers.get("location")).toBe(ORIGIN);
        const [account] = await setup.query(`select * from ${setup.tables.accounts} where provider = 'idp' and "providerAccountId" = $1`, [login]);
        expect(account).toBeDefined();
        const [user] = await setup.query(`select * from ${setup.tables.users} where id = $1`, [account!.userId]);
        expect(user!.email).toBeNull();
        ids.push(String(user!.id));
        expect(await sessionJson(harness.handler, jar)).toMatchObject({ user: { name: `User ${login}`, email: null } });
        expect(await countRows(setup.tables.sessions, `"userId" = $1`, [account!.userId])).toBe(1);
      }
      expect(ids[0]).not.toBe(ids[1]);
      expect(harness.errors).toEqual([]);
    });
  } else {
    it("an OAuth user without an e-mail address cannot be stored (email NOT NULL): a clean Configuration error, nothing half-written, as with Auth.js", async () => {
      const harness = foyerWith(setup.adapter);
      const usersBefore = await countRows(setup.tables.users, "true", []);
      const login = unique("hidden");
      const { jar, response } = await oauthSignIn(harness.handler, login);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
      expect(jar.get(SESSION_COOKIE)).toBeUndefined();
      expect(await countRows(setup.tables.users, "true", [])).toBe(usersBefore);
      expect(await countRows(setup.tables.accounts, `"providerAccountId" = $1`, [login])).toBe(0);
      // Logged as an AdapterError naming the method, with the database's refusal as its cause.
      const logged = harness.errors.find((error) => error.message.includes("createUser"));
      expect(logged?.message).toBe("Adapter method createUser() failed");
      expect(String((logged?.cause as { err?: Error } | undefined)?.err?.message)).toMatch(/null value in column "email"/);

      // @auth/core on the same adapter and schema fails the same way.
      const theirs = await oauthSignIn(authJsWith(setup.authJsAdapter, "database"), unique("hidden"));
      expect(theirs.response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
      expect(await countRows(setup.tables.users, "true", [])).toBe(usersBefore);
    });
  }

  if (target.passkeys) {
    it("passkeys: a sign-up stores user, webauthn account and authenticator; after sign-out the passkey signs in again and its counter moves", async () => {
      const harness = foyerWith(setup.adapter, [Passkey()]);
      const browser = newBrowser();
      const email = `${unique("passkey")}@example.test`;
      const signUp = await registerPasskey(harness.config, browser, { email });
      expect(signUp.headers.get("location")).toBe(ORIGIN);
      expect(await sessionOf(harness.config, browser.jar)).toMatchObject({ user: { email } });
      const [user] = await setup.query(`select * from ${setup.tables.users} where email = $1`, [email]);
      const [authenticator] = await setup.query(`select * from ${setup.tables.authenticators} where "userId" = $1`, [user!.id]);
      expect(authenticator).toMatchObject({ credentialBackedUp: expect.any(Boolean), credentialDeviceType: expect.any(String) });
      expect(await countRows(setup.tables.accounts, `"userId" = $1 and type = 'webauthn'`, [user!.id])).toBe(1);

      await signOut(harness.handler, browser.jar);
      expect(await sessionOf(harness.config, browser.jar)).toBeNull();
      const back = await signInWithPasskey(harness.config, browser);
      expect(back.headers.get("location")).toBe(ORIGIN);
      expect(await sessionOf(harness.config, browser.jar)).toMatchObject({ user: { email } });
      const [after] = await setup.query(`select counter from ${setup.tables.authenticators} where "credentialID" = $1`, [authenticator!.credentialID]);
      expect(Number(after!.counter)).toBeGreaterThan(Number(authenticator!.counter));
      expect(harness.errors).toEqual([]);
    });
  } else {
    it("passkeys: the adapter has no authenticator methods, so a Passkey provider fails closed with a clear configuration error", async () => {
      const harness = foyerWith(setup.adapter, [Passkey()]);
      const response = await harness.handler(get("/auth/session"));
      expect(response.status).toBe(500);
      expect(harness.errors.map((error) => (error as { type?: string }).type)).toContain("MissingAdapterMethods");
      expect(harness.errors.map((error) => error.message).join("\n")).toMatch(/getAuthenticator|createAuthenticator|listAuthenticatorsByUserId/);
    });
  }
});
