/**
 * The SQLite adapter answers `getSessionAndUser` with a synchronous read on the connection, past
 * Kysely's connection lock, but only while no transaction is open on that connection. These tests
 * pin down why that condition matters: a lookup started while a multi-row transaction is half
 * done (its rows written, not committed) must neither see those rows nor answer before the
 * transaction ends — it waits and then sees the outcome, rollback or commit, as any query queued
 * behind the lock does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import SQLiteAdapter from "./sqlite.js";
import { transactionHooks, type SqlAdapter } from "./sql/adapter.js";

const TOKEN = "f".repeat(64);
const DAY = 24 * 60 * 60 * 1000;

/** Lets everything queued run: microtasks and a few turns of the event loop. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Pauses the next transaction at its test hook; `reached` resolves there, `finish` lets it go on. */
function pauseTransaction(): { reached: Promise<void>; finish: (error?: Error) => void } {
  let reached!: () => void;
  let finish!: (error?: Error) => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  transactionHooks.inTransaction = () =>
    new Promise<void>((resolve, reject) => {
      finish = (error) => (error ? reject(error) : resolve());
      reached();
    });
  return { reached: reachedPromise, finish: (error) => finish(error) };
}

/** A lookup whose outcome can be inspected without awaiting it. */
function track<T>(promise: Promise<T>): { settled: () => boolean; promise: Promise<T> } {
  let done = false;
  const tracked = promise.finally(() => (done = true));
  return { settled: () => done, promise: tracked };
}

afterEach(() => {
  delete transactionHooks.inTransaction;
});

const targets = [
  { name: ":memory:", open: () => ({ adapter: SQLiteAdapter({ url: ":memory:" }), cleanup: () => {} }) },
  {
    name: "file (WAL)",
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), "foyer-direct-read-"));
      return { adapter: SQLiteAdapter({ url: join(dir, "auth.db") }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];

describe.each(targets)("SQLite session lookup beside an open transaction ($name)", (target) => {
  async function withSession(run: (adapter: SqlAdapter, userId: string) => Promise<void>): Promise<void> {
    const { adapter, cleanup } = target.open();
    try {
      const user = await adapter.createUser!({ id: "u1", email: "direct@example.com", emailVerified: null });
      await adapter.createSession!({ sessionToken: TOKEN, userId: user.id, expires: new Date(Date.now() + DAY) });
      await run(adapter, user.id);
    } finally {
      await adapter.close();
      cleanup();
    }
  }

  it("answers at once, from committed rows, when no transaction is open", async () => {
    await withSession(async (adapter) => {
      expect((await adapter.getSessionAndUser!(TOKEN))?.user.id).toBe("u1");
      const expires = new Date(Date.now() + 2 * DAY);
      await adapter.updateSession!({ sessionToken: TOKEN, expires });
      expect((await adapter.getSessionAndUser!(TOKEN))?.session.expires).toEqual(expires);
      expect(await adapter.getSessionAndUser!("0".repeat(64))).toBeNull();
    });
  });

  it("waits for a transaction that deleted the session and then rolled back, and finds the session", async () => {
    await withSession(async (adapter, userId) => {
      const pause = pauseTransaction();
      // deleteUser deletes the user's sessions first, then reaches the hook: the delete is written, not committed.
      const deleting = track(Promise.resolve(adapter.deleteUser!(userId)));
      await pause.reached;

      const lookup = track(Promise.resolve(adapter.getSessionAndUser!(TOKEN)));
      await settle();
      // A read on the connection now would see the uncommitted delete and answer "no session".
      expect(lookup.settled()).toBe(false);

      pause.finish(new Error("abort the transaction"));
      await expect(deleting.promise).rejects.toThrow("abort the transaction");
      expect((await lookup.promise)?.user.id).toBe(userId);
      // And the lock is free again: the next lookup is answered directly.
      expect((await adapter.getSessionAndUser!(TOKEN))?.session.sessionToken).toBe(TOKEN);
    });
  });

  it("waits for a transaction that deleted the session and then committed, and finds nothing", async () => {
    await withSession(async (adapter, userId) => {
      const pause = pauseTransaction();
      const deleting = track(Promise.resolve(adapter.deleteUser!(userId)));
      await pause.reached;

      const lookups = Array.from({ length: 5 }, () => track(Promise.resolve(adapter.getSessionAndUser!(TOKEN))));
      await settle();
      expect(lookups.map((lookup) => lookup.settled())).toEqual([false, false, false, false, false]);

      pause.finish();
      expect((await deleting.promise)?.id).toBe(userId);
      expect(await Promise.all(lookups.map((lookup) => lookup.promise))).toEqual([null, null, null, null, null]);
    });
  });
});
