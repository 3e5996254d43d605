/**
 * Process-level guarantees of the SQL adapters, with a real child process per database
 * (test/crash-child.ts), on SQLite (a file in WAL mode) and PostgreSQL (test/postgres-harness.ts):
 *
 * 1. Two processes using a fresh database at the same moment migrate it once: both succeed, and
 *    no migration runs twice.
 * 2. A process SIGKILLed in the middle of createUserWithAccount's transaction (user and account
 *    written, session not yet) leaves no half-written user, account or session behind, and the
 *    database stays usable.
 *
 * One child per database does both, in that order (each child costs a second of CPU to start).
 * The children start when this file loads, so their start-up overlaps.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import PostgresAdapter from "./postgres.js";
import SQLiteAdapter from "./sqlite.js";
import type { SqlAdapter } from "./sql/adapter.js";
import { crashFixture } from "./test/crash-child.js";
import { acquirePostgres } from "./test/postgres-harness.js";

const CHILD = fileURLToPath(new URL("./test/crash-child.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Child {
  /** Resolves once the child has printed `line`; rejects if it exits first. */
  waitFor(line: string): Promise<void>;
  /** Sends a command line to the child, once: MIGRATE, then CRASH (see crash-child.ts). */
  send(command: "MIGRATE" | "CRASH"): void;
  kill(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Starts crash-child.ts directly under node (the tsx CLI would leave a grandchild alive on SIGKILL). */
function child(args: string[]): Child {
  const proc = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const sent = new Set<string>();
  const waiters: { line: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const printed = (line: string) => stdout.split("\n").includes(line);
  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (printed(waiter.line)) waiter.resolve();
      else if (exit) waiter.reject(new Error(`child exited (${exit.code ?? exit.signal}) before printing ${waiter.line}:\n${stderr}`));
      else waiters.push(waiter);
    }
  };
  proc.stdin.on("error", () => {}); // a dead child's stdin
  proc.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    settle();
  });
  proc.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    proc.once("exit", (code, signal) => {
      exit = { code, signal };
      settle();
      resolve({ code, signal, stderr });
    }),
  );
  return {
    waitFor: (line) =>
      new Promise((resolve, reject) => {
        waiters.push({ line, resolve, reject });
        settle();
      }),
    send: (command) => {
      if (!sent.has(command)) proc.stdin.write(`${command}\n`);
      sent.add(command);
    },
    kill: () => proc.kill("SIGKILL"),
    exited,
  };
}

interface Run {
  kind: "sqlite" | "postgres";
  userId: string;
  /** An adapter of this process on the child's database. */
  open: () => SqlAdapter;
  proc: Child;
}

const postgres = await acquirePostgres();
const dirs: string[] = [];
const runs: Run[] = [];

{
  const dir = mkdtempSync(join(tmpdir(), "foyer-crash-"));
  dirs.push(dir);
  const file = join(dir, "auth.db");
  const userId = `crash-sqlite-${process.pid}`;
  runs.push({ kind: "sqlite", userId, open: () => SQLiteAdapter({ url: file }), proc: child(["sqlite", file, userId]) });
}
if (postgres.ok) {
  const { url } = await postgres.server.createSchema();
  const userId = `crash-postgres-${process.pid}`;
  runs.push({ kind: "postgres", userId, open: () => PostgresAdapter({ connectionString: url, max: 2 }), proc: child(["postgres", url, userId]) });
} else {
  describe("crash safety: postgres", () => {
    if (process.env.CI) {
      it("has a PostgreSQL server to test against", () => {
        throw new Error(`PostgreSQL crash safety NOT TESTED: ${postgres.reason}`);
      });
    } else {
      it.skip(`PostgreSQL crash safety NOT TESTED: ${postgres.reason}`, () => {});
    }
  });
}

afterAll(async () => {
  for (const run of runs) run.proc.kill();
  await Promise.all(runs.map((run) => run.proc.exited));
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
        run.proc.send("MIGRATE");
        await Promise.all([adapter.migrate(), run.proc.waitFor("MIGRATED")]);
        // Had 0001_initial run twice, the second run would have failed on the existing tables.
        await adapter.migrate();
      } finally {
        await adapter.close();
      }
    });

    it("a process killed inside createUserWithAccount's transaction leaves nothing half-written", async () => {
      run.proc.send("MIGRATE");
      run.proc.send("CRASH");
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
