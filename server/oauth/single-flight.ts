import { crypto } from "../jwt/crypto.js";
import type { Store } from "../stores/types.js";

/**
 * In-process single flight: concurrent callers with the same key share one run of the task, and
 * callers arriving shortly after it settled get the same result. The second half matters for
 * refreshing provider tokens: a browser keeps sending its old session cookie until the answer that
 * replaces it arrives, so requests that start right after a refresh still carry the old refresh token
 * and must not use it again (providers that rotate refresh tokens reject, or revoke, a reused one).
 */
export class SingleFlight<T> {
  private readonly entries = new Map<string, { promise: Promise<T>; settledAt?: number }>();

  /**
   * @param keepFor How long (ms) a settled result — value or failure — is handed to later callers.
   * @param maxEntries Bound on remembered keys; settled entries past `keepFor` are dropped first.
   */
  constructor(
    private readonly keepFor: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The shared result for `key`: a run in progress, a result settled within `keepFor`, or a new run of `task`. */
  run(key: string, task: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const existing = this.entries.get(key);
    if (existing && (existing.settledAt === undefined || now - existing.settledAt < this.keepFor)) return existing.promise;
    if (this.entries.size >= this.maxEntries) this.prune(now);
    // Started from a resolved promise, so a task that throws synchronously still rejects the promise.
    const entry: { promise: Promise<T>; settledAt?: number } = { promise: Promise.resolve().then(task) };
    const settle = () => {
      entry.settledAt = Date.now();
      if (this.keepFor <= 0 && this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.promise.then(settle, settle);
    this.entries.set(key, entry);
    return entry.promise;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.settledAt !== undefined && now - entry.settledAt >= this.keepFor) this.entries.delete(key);
    }
    // Still full (everything in flight or fresh): forget the oldest; they finish for their callers anyway.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** What one run of a shared flight came to, as it is kept in the store for the other instances. */
export type FlightOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** How a flight is shared through the store (see {@link acrossInstances}). */
export interface SharedFlight<T> {
  store: Store;
  /** The key whose claim makes one instance the runner. */
  claimKey: string;
  /** The key the runner leaves its outcome under, for `keepForMs`. */
  resultKey: string;
  /** How long the claim holds if the runner dies; longer than any run. */
  leaseMs: number;
  /** How long the outcome is handed to later callers (see the SingleFlight class). */
  keepForMs: number;
  /** How long a caller waits for another instance's run before failing. */
  waitMs: number;
  /** The outcome as stored (sealed: the store may be read by others) … */
  seal(outcome: FlightOutcome<T>): Promise<string>;
  /** … and back; `undefined` when it does not open (the caller then runs the task itself). */
  open(sealed: string): Promise<FlightOutcome<T> | undefined>;
  /** The error for a failure another instance had, or for waiting in vain. */
  failure(message: string): Error;
}

const FLIGHT_PAUSES_MS = [20, 40, 80, 160, 250];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Single flight across instances: of the callers in every instance sharing `flight.store`, one claims
 * the run (the store's atomic `claim`), runs `task`, and leaves its outcome — value or failure — in
 * the store for `keepForMs`. The others wait, polling the outcome with a growing pause, and reuse it;
 * callers arriving later within `keepForMs` reuse it at once. A runner that dies leaves no outcome:
 * its claim lapses after `leaseMs` and a waiting caller runs the task instead. A caller that waited
 * `waitMs` in vain fails with `flight.failure(…)`. Store errors are thrown as they are.
 */
export async function acrossInstances<T>(flight: SharedFlight<T>, task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + flight.waitMs;
  for (let attempt = 0; ; attempt++) {
    const kept = await flight.store.get(flight.resultKey);
    const outcome = kept === null ? undefined : await flight.open(kept);
    if (outcome) {
      if (outcome.ok) return outcome.value;
      throw flight.failure(outcome.message);
    }
    const owner = Buffer.from(crypto.randomBytes(12)).toString("base64url");
    if (await flight.store.claim(flight.claimKey, owner, flight.leaseMs)) return runClaimed(flight, owner, task);
    if (Date.now() >= deadline) throw flight.failure("another instance is still running it");
    await pause(FLIGHT_PAUSES_MS[Math.min(attempt, FLIGHT_PAUSES_MS.length - 1)]!);
  }
}

async function runClaimed<T>(flight: SharedFlight<T>, owner: string, task: () => Promise<T>): Promise<T> {
  let outcome: FlightOutcome<T>;
  let thrown: unknown;
  try {
    outcome = { ok: true, value: await task() };
  } catch (error) {
    thrown = error;
    outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  // The outcome first, then the claim: a waiter never sees neither. If storing fails, the waiters
  // find the claim released and run the task themselves (the store is failing them anyway).
  await flight.store
    .set(flight.resultKey, await flight.seal(outcome), flight.keepForMs)
    .catch(() => undefined)
    .finally(() => flight.store.release(flight.claimKey, owner).catch(() => false));
  if (!outcome.ok) throw thrown;
  return outcome.value;
}
