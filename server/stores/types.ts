/**
 * The shared store: a small key-value interface for the short-lived state that must hold across
 * every instance of an app (`AuthConfig.store`). Foyer keeps in it what a database row would be too
 * heavy for and a process's memory too narrow for: spent passkey challenges, e-mail resend cooldowns,
 * locks that serialise a passkey's counter check or a user's passkey removals, and the claim and
 * result of one provider-token refresh (docs/stores.md).
 *
 * Every value is a string and every entry has a time to live: nothing stays forever. Two stores come
 * with Foyer: `memoryStore()` (`foyer-auth/stores/memory`, the default, one process) and
 * `redisStore()` (`foyer-auth/stores/redis`, shared by every instance that uses the same Redis).
 */

/**
 * What Foyer needs from a shared store. Every method is atomic on its own: `getAndDelete`,
 * `increment` and `claim` in particular must hold under parallel callers in every process that
 * shares the store. A method that cannot reach its backend rejects (Foyer then fails closed).
 *
 * Times to live are in milliseconds; a value below 1 counts as 1.
 */
export interface Store {
  /** The value of `key`, or `null` when there is none or it expired. */
  get(key: string): Promise<string | null>;
  /** Sets `key` to `value` for `ttlMs`, replacing any value and time to live it had. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes `key` (nothing happens when there is none). */
  delete(key: string): Promise<void>;
  /** Removes `key` and returns the value it had, or `null`. Of parallel callers at most one gets the value. */
  getAndDelete(key: string): Promise<string | null>;
  /**
   * Adds 1 to the integer at `key` and returns the new value. A missing (or expired) key starts at 1
   * and lives `ttlMs` from now; an existing one keeps its time to live (a fixed window, for counting
   * attempts). Rejects when the value is not an integer.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /**
   * Sets `key` to `value` for `ttlMs` only when it holds no value yet; true when this call set it.
   * Of parallel callers exactly one is told true: this is the lock, the "first one wins" and the
   * "spend once" of the store.
   */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Removes `key` only while it still holds `value` (a claim's owner lets go); true when it did. */
  release(key: string, value: string): Promise<boolean>;
  /** Lets go of what the store holds open (a Redis connection it made). Optional. */
  close?(): Promise<void>;
}

/** The least time to live a store accepts, so that `ttlMs` 0 or negative never means "forever". */
export function ttlOf(ttlMs: number): number {
  return Number.isFinite(ttlMs) ? Math.max(1, Math.ceil(ttlMs)) : 1;
}
