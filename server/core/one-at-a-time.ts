/**
 * Serialises async tasks per key inside one process: a task for a key starts only after every task
 * already queued for that key has settled. The store lock (stores/lock.ts) queues here first, so
 * that only the head of a process's queue asks the shared store for the lock that reaches across
 * processes (a passkey's counter, a user's last way in).
 */
export class OneAtATime {
  /** The newest task queued per key; the next one for that key waits for it. */
  readonly #tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    // A failed predecessor must not fail (or skip) the tasks queued after it.
    const current = previous.catch(() => undefined).then(task);
    this.#tails.set(key, current);
    try {
      return await current;
    } finally {
      // Forget the key once its queue is empty, so the map holds only keys with work in flight.
      if (this.#tails.get(key) === current) this.#tails.delete(key);
    }
  }

  /** How many keys have work queued or running (for tests of the cleanup). */
  get busyKeys(): number {
    return this.#tails.size;
  }
}
