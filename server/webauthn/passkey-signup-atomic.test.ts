/**
 * A passkey sign-up writes three rows: the user, their `webauthn` account and the authenticator.
 * Written one after another, a failure between them left a user who cannot sign in (no passkey)
 * but whose address refuses every new sign-up (`AccountNotLinked`): the address was blocked until an
 * e-mail link, if any, recovered it. Black-box through `Auth()`:
 *
 * - With Foyer's adapters (SQLite, PostgreSQL, memory), the three rows are one transaction: a
 *   database that refuses the authenticator write — and every write after it, so no clean-up can
 *   run either — leaves nothing, and the next sign-up with the address works.
 * - With an adapter without `createUserWithAccount` (an Auth.js adapter), the clean-up is best
 *   effort; when it too fails, the half-made account is left. A later sign-up with the same address
 *   replaces it, but only when the adapter can show it holds nothing anyone could use: no passkey,
 *   no other account, no verified e-mail, no session. An account with any way in is never touched.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import PostgresAdapter from "../adapters/postgres.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import type { Adapter, AdapterAccount } from "../adapters/types.js";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import { ORIGIN } from "../testing/harness.js";
import { newBrowser, registerPasskey, sessionOf, type PasskeyBrowser } from "../testing/passkey-flow.js";
import { passkeySetups, storedCredentialId } from "../testing/passkey-setup.js";

const setup = passkeySetups();
const postgres = await acquirePostgres();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  if (postgres.ok) await postgres.server.stop();
});

const EMAIL = "grace@example.com";
const NOT_LINKED = `${ORIGIN}/auth/signin?error=AccountNotLinked`;

/** A database whose writes can be made to fail from the authenticator write on, as a lost connection or full disk would. */
interface FaultyDatabase {
  adapter: Adapter;
  /** From now on, inserting an authenticator and deleting a user fail. */
  fail(): Promise<void>;
  heal(): Promise<void>;
}

async function sqliteDatabase(): Promise<FaultyDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "foyer-passkey-atomic-"));
  const file = join(dir, "auth.db");
  const adapter = SQLiteAdapter({ url: file });
  await adapter.migrate();
  const raw = new Database(file);
  cleanups.push(async () => {
    raw.close();
    await adapter.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    adapter,
    fail: async () => {
      raw.exec(`create trigger fail_authenticators before insert on authenticators begin select raise(abort, 'test fault: write refused'); end;
                create trigger fail_user_deletes before delete on users begin select raise(abort, 'test fault: write refused'); end;`);
    },
    heal: async () => {
      raw.exec("drop trigger fail_authenticators; drop trigger fail_user_deletes;");
    },
  };
}

async function postgresDatabase(url: string): Promise<FaultyDatabase> {
  const adapter = PostgresAdapter({ connectionString: url, max: 2 });
  await adapter.migrate();
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  cleanups.push(async () => {
    await client.end();
    await adapter.close();
  });
  await client.query(`create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'test fault: write refused'; end $$`);
  return {
    adapter,
    fail: async () => {
      await client.query(`create trigger fail_authenticators before insert on authenticators for each row execute function refuse_write();
                          create trigger fail_user_deletes before delete on users for each row execute function refuse_write()`);
    },
    heal: async () => {
      await client.query("drop trigger fail_authenticators on authenticators; drop trigger fail_user_deletes on users");
    },
  };
}

/**
 * An Auth.js-style adapter: MemoryAdapter without `createUserWithAccount` (so the sign-up writes
 * its rows one by one), optionally without `listAccounts` and `listSessions` either.
 */
function authjsStyle(options: { listing: boolean }): FaultyDatabase {
  const memory = MemoryAdapter();
  let failing = false;
  const adapter: Adapter = { ...memory };
  delete adapter.createUserWithAccount;
  if (!options.listing) {
    delete adapter.listAccounts;
    delete adapter.listSessions;
  }
  adapter.createAuthenticator = (authenticator) => {
    if (failing) throw new Error("test fault: write refused");
    return memory.createAuthenticator!(authenticator);
  };
  adapter.deleteUser = (userId) => {
    if (failing) throw new Error("test fault: write refused");
    return memory.deleteUser!(userId);
  };
  return {
    adapter,
    fail: async () => void (failing = true),
    heal: async () => void (failing = false),
  };
}

/** What the database holds for the sign-up of `browser` with EMAIL. */
async function stored(adapter: Adapter, browser: PasskeyBrowser) {
  const credentialID = storedCredentialId(browser.authenticator.credentials.at(-1)!.id);
  return {
    user: await adapter.getUserByEmail!(EMAIL),
    account: await adapter.getAccount!(credentialID, "passkey"),
    authenticator: await adapter.getAuthenticator!(credentialID),
  };
}

/** Signs up with EMAIL and expects it to work: signed in, one passkey, the address's only user. */
async function expectSignUpWorks(adapter: Adapter, config: Parameters<typeof registerPasskey>[0]) {
  const browser = newBrowser();
  const response = await registerPasskey(config, browser, { email: EMAIL });
  expect(response.headers.get("location")).toBe(ORIGIN);
  expect((await sessionOf(config, browser.jar))?.user?.email).toBe(EMAIL);
  const rows = await stored(adapter, browser);
  expect(rows.account).toMatchObject({ userId: rows.user!.id, type: "webauthn" });
  expect(rows.authenticator).toMatchObject({ userId: rows.user!.id });
  return rows;
}

const transactional: [string, () => Promise<FaultyDatabase>][] = [["sqlite", sqliteDatabase]];
if (postgres.ok) {
  const server = postgres.server;
  transactional.push(["postgres", async () => postgresDatabase((await server.createSchema()).url)]);
} else {
  reportPostgresMissing("PostgreSQL passkey sign-up", postgres.reason);
}

describe.each(transactional)("passkey sign-up in one transaction (%s)", (_name, open) => {
  it("the authenticator write fails and no clean-up can run: no user, account or passkey is left, and the address signs up again", async () => {
    const db = await open();
    const s = setup({ adapter: db.adapter, strategy: "database" });
    await db.fail();
    const browser = newBrowser();
    const refused = await registerPasskey(s.config, browser, { email: EMAIL });
    expect(refused.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(await sessionOf(s.config, browser.jar)).toBeNull();
    expect(await stored(db.adapter, browser)).toEqual({ user: null, account: null, authenticator: null });
    expect(s.eventNames()).toEqual([]);

    await db.heal();
    await expectSignUpWorks(db.adapter, s.config);
  });
});

describe("passkey sign-up with an adapter without createUserWithAccount", () => {
  it("the authenticator write fails: the new user is deleted again, nothing is left", async () => {
    const db = authjsStyle({ listing: false });
    const s = setup({ adapter: db.adapter, strategy: "database" });
    // Only the authenticator write fails; the clean-up works.
    const failing = db.adapter.createAuthenticator!;
    let once = true;
    db.adapter.createAuthenticator = (authenticator) => {
      if (once) {
        once = false;
        throw new Error("test fault: write refused");
      }
      return failing(authenticator);
    };
    const browser = newBrowser();
    expect((await registerPasskey(s.config, browser, { email: EMAIL })).headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(await stored(db.adapter, browser)).toEqual({ user: null, account: null, authenticator: null });
    await expectSignUpWorks(db.adapter, s.config);
  });

  it("a half-made passkey account (the clean-up failed too) does not block the address: the next sign-up replaces it", async () => {
    const db = authjsStyle({ listing: true });
    const s = setup({ adapter: db.adapter, strategy: "database" });
    await db.fail();
    const first = newBrowser();
    expect((await registerPasskey(s.config, first, { email: EMAIL })).headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    const halfMade = await stored(db.adapter, first);
    expect(halfMade).toMatchObject({ user: { email: EMAIL }, account: { type: "webauthn" }, authenticator: null });

    await db.heal();
    const rows = await expectSignUpWorks(db.adapter, s.config);
    expect(rows.user!.id).not.toBe(halfMade.user!.id);
    expect(await db.adapter.getUser!(halfMade.user!.id)).toBeNull();
    expect(await db.adapter.getAccount!(halfMade.account!.providerAccountId, "passkey")).toBeNull();
  });

  it("without listAccounts the adapter cannot show the half-made account holds nothing else: the sign-up stays refused, nothing deleted", async () => {
    const db = authjsStyle({ listing: false });
    const s = setup({ adapter: db.adapter, strategy: "database" });
    await db.fail();
    const first = newBrowser();
    await registerPasskey(s.config, first, { email: EMAIL });
    const halfMade = await stored(db.adapter, first);
    expect(halfMade.user).not.toBeNull();

    await db.heal();
    const retry = newBrowser();
    expect((await registerPasskey(s.config, retry, { email: EMAIL })).headers.get("location")).toBe(NOT_LINKED);
    expect(await stored(db.adapter, first)).toEqual(halfMade);
    expect(await db.adapter.getAuthenticator!(storedCredentialId(retry.authenticator.credentials[0]!.id))).toBeNull();
  });
});

describe("a passkey sign-up never replaces an account that has a way in", () => {
  /** A user with EMAIL and a `webauthn` account but no passkey, plus what `extra` adds. */
  async function existing(adapter: Adapter, extra: (userId: string) => Promise<unknown>, emailVerified: Date | null = null) {
    const user = await adapter.createUser!({ id: crypto.randomUUID(), email: EMAIL, emailVerified });
    const account: AdapterAccount = { userId: user.id, provider: "passkey", type: "webauthn", providerAccountId: "old-credential" };
    await adapter.linkAccount!(account);
    await extra(user.id);
    return user;
  }

  const ways: [string, (adapter: Adapter, userId: string) => Promise<unknown>, Date | null][] = [
    ["another account (GitHub)", async (a, userId) => a.linkAccount!({ userId, provider: "github", type: "oauth", providerAccountId: "gh-1" }), null],
    ["a verified e-mail address", async () => undefined, new Date()],
    [
      "a passkey",
      async (a, userId) =>
        a.createAuthenticator!({
          userId,
          credentialID: "old-credential",
          providerAccountId: "old-credential",
          credentialPublicKey: "cGs=",
          counter: 0,
          credentialDeviceType: "singleDevice",
          credentialBackedUp: false,
        }),
      null,
    ],
    ["a live session", async (a, userId) => a.createSession!({ userId, sessionToken: "f".repeat(64), expires: new Date(Date.now() + 86_400_000) }), null],
  ];

  it.each(ways)("an existing user with %s → AccountNotLinked; the user and its rows stay", async (_way, extra, emailVerified) => {
    const db = authjsStyle({ listing: true });
    const s = setup({ adapter: db.adapter, strategy: "database" });
    const user = await existing(db.adapter, (userId) => extra(db.adapter, userId), emailVerified);
    const accountsBefore = await db.adapter.listAccounts!(user.id);
    const browser = newBrowser();
    expect((await registerPasskey(s.config, browser, { email: EMAIL })).headers.get("location")).toBe(NOT_LINKED);
    expect(await db.adapter.getUser!(user.id)).toEqual(user);
    expect(await db.adapter.listAccounts!(user.id)).toEqual(accountsBefore);
    expect(await db.adapter.getAuthenticator!(storedCredentialId(browser.authenticator.credentials[0]!.id))).toBeNull();
  });
});
