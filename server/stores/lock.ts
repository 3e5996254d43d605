/**
 * A lock through the shared store, for a read-check-write that must not interleave with another one
 * on the same record in any instance (a passkey's counter, a user's passkey removals).
 *
 * In one process, callers of one key queue behind each other (core/one-at-a-time.ts) and only the
 * head of the queue asks the store, so a burst in one process never polls. Across processes the
 * store's `claim` decides; a caller that finds the lock held retries with a growing pause until
 * `waitMs` has passed. The lock lapses after `ttlMs` in case its holder died.
 */
import { OneAtATime } from "../core/one-at-a-time.js";
import { crypto } from "../jwt/crypto.js";
import type { Store } from "./types.js";

/** The lock was still held by another instance when the wait ended. */
export class LockBusy extends Error {
  override name = "LockBusy";
}

export interface LockOptions {
  /** How long the lock holds if its holder never lets go (it died). */
  ttlMs: number;
  /** How long a caller waits for another instance's lock before giving up with `LockBusy`. */
  waitMs: number;
}

const PAUSES_MS = [5, 10, 20, 40, 80, 120];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks on one kind of record: one queue per process, one claim per key across processes. */
export class StoreLock {
  readonly #queue = new OneAtATime();

  constructor(private readonly options: LockOptions) {}

  /** Runs `task` holding the lock on `key` in `store`. Throws `LockBusy`, or the store's error. */
  run<T>(store: Store, key: string, task: () => Promise<T>): Promise<T> {
    return this.#queue.run(key, () => withStoreLock(store, key, this.options, task));
  }
}

/** Runs `task` holding `key` in `store` (see the module comment). */
export async function withStoreLock<T>(store: Store, key: string, options: LockOptions, task: () => Promise<T>): Promise<T> {
  const owner = Buffer.from(crypto.randomBytes(12)).toString("base64url");
  const deadline = Date.now() + options.waitMs;
  for (let attempt = 0; !(await store.claim(key, owner, options.ttlMs)); attempt++) {
    if (Date.now() >= deadline) throw new LockBusy("another instance still holds the lock");
    await sleep(PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)]!);
  }
  try {
    return await task();
  } finally {
    // A release that fails leaves the lock to lapse after ttlMs; the task's own outcome stands.
    await store.release(key, owner).catch(() => false);
  }
}
