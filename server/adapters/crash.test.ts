/**
 * Process-level guarantees of the SQL adapters, with a real child process per database
 * (test/crash-child.ts), on SQLite (a file in WAL mode) and PostgreSQL (test/postgres-harness.ts):
 *
 * 1. Two processes using a fresh database at the same moment migrate it once: both succeed, and
 *    no migration runs twice.
 * 2. A process SIGKILLed in the middle of createUserWithAccount's transaction (user and account
 *    written, session not yet) leaves no half-written user, account or session behind, and the
 *    database stays usable.
 * 3. An app SIGKILLed in the middle of a passkey sign-up through Auth() (../testing/passkey-crash-child.ts),
 *    right before the authenticator is written, leaves no user, account or authenticator behind —
 *    no half-made account that would refuse the address — and the sign-up, tried again, works.
 *
 * One child per database does 1 and 2, in that order (each child costs a second of CPU to start);
 * another, on a database of its own, does 3. The children start when this file loads, so their
 * start-up overlaps.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import Passkey from "../providers/passkey.js";
import { startChild, type TestChild } from "../testing/child-process.js";
import { ORIGIN, testConfig } from "../testing/harness.js";
import { newBrowser, registerPasskey, sessionOf } from "../testing/passkey-flow.js";
import PostgresAdapter from "./postgres.js";
import SQLiteAdapter from "./sqlite.js";
import type { SqlAdapter } from "./sql/adapter.js";
import { crashFixture } from "./test/crash-child.js";
import { acquirePostgres } from "./test/postgres-harness.js";
import { reportPostgresMissing } from "./test/postgres-missing.js";

const CHILD = fileURLToPath(new URL("./test/crash-child.ts", import.meta.url));
const PASSKEY_CHILD = fileURLToPath(new URL("../testing/passkey-crash-child.ts", import.meta.url));

interface Child extends TestChild {
  /** Sends a command line to the child, once: MIGRATE, then CRASH (see crash-child.ts). */
  sendOnce(command: "MIGRATE" | "CRASH"): void;
}

function child(args: string[]): Child {
  const started = startChild(CHILD, args);
  const sent = new Set<string>();
  return Object.assign(started, {
    sendOnce(command: "MIGRATE" | "CRASH") {
      if (!sent.has(command)) started.send(command);
      sent.add(command);
    },
  });
}

interface Run {
  kind: "sqlite" | "postgres";
  userId: string;
  /** An adapter of this process on the child's database. */
  open: () => SqlAdapter;
  proc: Child;
}

interface PasskeyRun {
  kind: "sqlite" | "postgres";
  email: string;
  open: () => SqlAdapter;
  proc: TestChild;
}

const postgres = await acquirePostgres();
const dirs: string[] = [];
const runs: Run[] = [];
const passkeyRuns: PasskeyRun[] = [];

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "foyer-crash-"));
  dirs.push(dir);
  return join(dir, "auth.db");
}

{
  const file = sqliteFile();
  const userId = `crash-sqlite-${process.pid}`;
  runs.push({ kind: "sqlite", userId, open: () => SQLiteAdapter({ url: file }), proc: child(["sqlite", file, userId]) });
  const passkeyFile = sqliteFile();
  const email = `passkey-sqlite-${process.pid}@example.com`;
  passkeyRuns.push({ kind: "sqlite", email, open: () => SQLiteAdapter({ url: passkeyFile }), proc: startChild(PASSKEY_CHILD, ["sqlite", passkeyFile, email]) });
}
if (postgres.ok) {
  const { url } = await postgres.server.createSchema();
  const userId = `crash-postgres-${process.pid}`;
  runs.push({ kind: "postgres", userId, open: () => PostgresAdapter({ connectionString: url, max: 2 }), proc: child(["postgres", url, userId]) });
  const passkeyUrl = (await postgres.server.createSchema()).url;
  const email = `passkey-postgres-${process.pid}@example.com`;
  passkeyRuns.push({
    kind: "postgres",
    email,
    open: () => PostgresAdapter({ connectionString: passkeyUrl, max: 2 }),
    proc: startChild(PASSKEY_CHILD, ["postgres", passkeyUrl, email]),
  });
} else {
  describe("crash safety: postgres", () => {
    reportPostgresMissing("PostgreSQL crash safety", postgres.reason);
  });
}

afterAll(async () => {
  const all = [...runs, ...passkeyRuns];
  for (const run of all) run.proc.kill();
  await Promise.all(all.map((run) => run.proc.exited));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (postgres.ok) await postgres.server.stop();
});

/** What the database holds of the flow's three rows for `userId`. */
async function leftovers(adapter: SqlAdapter, userId: string) {
  const { user, account, session } = crashFixture(userId);
  return {
    user: await adapter.getUser!(userId),
    userByEmail: await adapter.getUserByEmail!(user.email),
    account: await adapter.getAccount!(account.providerAccountId, account.provider),
    session: await adapter.getSessionAndUser!(session.sessionToken),
  };
}

describe.concurrent.each(runs)("crash safety: $kind", (run) => {
  // The two tests share the child and run in order: the second needs the first one's migration.
  describe.sequential("one child process", () => {
    it("two processes using a fresh database at the same moment migrate it once", async () => {
      await run.proc.waitFor("READY");
      const adapter = run.open();
      try {
        // Both migrate now: the child on its MIGRATE line, this process right away.
        run.proc.sendOnce("MIGRATE");
        await Promise.all([adapter.migrate(), run.proc.waitFor("MIGRATED")]);
        // Had 0001_initial run twice, the second run would have failed on the existing tables.
        await adapter.migrate();
      } finally {
        await adapter.close();
      }
    });

    it("a process killed inside createUserWithAccount's transaction leaves nothing half-written", async () => {
      run.proc.sendOnce("MIGRATE");
      run.proc.sendOnce("CRASH");
      try {
        await run.proc.waitFor("IN_TRANSACTION");
      } finally {
        run.proc.kill();
      }
      expect((await run.proc.exited).signal).toBe("SIGKILL");

      const adapter = run.open();
      try {
        expect(await leftovers(adapter, run.userId)).toEqual({ user: null, userByEmail: null, account: null, session: null });
        // Nothing is left locked or poisoned: the same flow now commits.
        const { user, account, session } = crashFixture(run.userId);
        await adapter.createUserWithAccount({ user, account, session });
        const after = await leftovers(adapter, run.userId);
        expect(after.user).toMatchObject({ id: run.userId });
        expect(after.account).toMatchObject({ userId: run.userId, providerAccountId: account.providerAccountId });
        expect(after.session?.user.id).toBe(run.userId);
      } finally {
        await adapter.close();
      }
    });
  });
});

describe.concurrent.each(passkeyRuns)("crash safety of a passkey sign-up: $kind", (run) => {
  it("an app killed right before the authenticator write leaves no user, account or passkey, and the sign-up then works", async () => {
    await run.proc.waitFor("READY");
    run.proc.send("SIGNUP");
    let credentialID: string;
    try {
      credentialID = (await run.proc.waitFor("PAUSED ", { prefix: true })).slice("PAUSED ".length);
    } finally {
      run.proc.kill();
    }
    expect((await run.proc.exited).signal).toBe("SIGKILL");

    const adapter = run.open();
    try {
      expect({
        user: await adapter.getUserByEmail!(run.email),
        account: await adapter.getAccount!(credentialID, "passkey"),
        authenticator: await adapter.getAuthenticator!(credentialID),
      }).toEqual({ user: null, account: null, authenticator: null });

      // The same person tries again (a new ceremony, so a new credential): signed up and in.
      const config = testConfig({ adapter, session: { strategy: "database" }, providers: [Passkey()] });
      const browser = newBrowser();
      const response = await registerPasskey(config, browser, { email: run.email });
      expect(response.headers.get("location")).toBe(ORIGIN);
      expect((await sessionOf(config, browser.jar))?.user?.email).toBe(run.email);
      const user = (await adapter.getUserByEmail!(run.email))!;
      expect(await adapter.listAuthenticatorsByUserId!(user.id)).toHaveLength(1);
    } finally {
      await adapter.close();
    }
  });
});
