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
