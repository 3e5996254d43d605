/**
 * `memoryStore()`: the shared store of one process, and the default (`AuthConfig.store` unset gives
 * each configuration a store of its own). Right for a single instance; several instances need a
 * store they all reach, such as `redisStore()` (docs/stores.md).
 *
 * Bounded: expired entries are dropped as they are met and, before every write, from the front of a
 * min-heap ordered by expiry. When it still holds `maxEntries` live entries, a new one makes it
 * forget the entries closest to expiry instead of refusing the write. For spent passkey challenges
 * this is what keeps a flood of verified ceremonies from locking everyone out: the forgotten ones
 * are those whose challenge cookies are about to stop opening anyway.
 *
 * @module
 */
import { ttlOf, type Store } from "./types.js";

export type { Store } from "./types.js";

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** How many live entries it holds before it forgets the ones closest to expiry. Default 100 000. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 100_000;

interface Entry {
  value: string;
  expiresAt: number;
}

/** `[expiresAt, key]` in a binary min-heap; entries replaced since are recognised and skipped. */
type HeapItem = [number, string];

class MemoryStore implements Store {
  readonly #entries = new Map<string, Entry>();
  readonly #heap: HeapItem[] = [];
  readonly #max: number;

  constructor(maxEntries: number) {
    this.#max = Math.max(1, Math.floor(maxEntries));
  }

  async get(key: string): Promise<string | null> {
    return this.#live(key, Date.now())?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    this.#put(key, value, now + ttlOf(ttlMs), now);
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async getAndDelete(key: string): Promise<string | null> {
    const entry = this.#live(key, Date.now());
    if (!entry) return null;
    this.#entries.delete(key);
    return entry.value;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.#live(key, now);
    if (!entry) {
      this.#put(key, "1", now + ttlOf(ttlMs), now);
      return 1;
    }
    if (!/^-?\d+$/.test(entry.value)) throw new Error(`The value at "${key}" is not an integer`);
    const next = Number(entry.value) + 1;
    entry.value = String(next);
    return next;
  }

  async claim(key: string, value: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    // No await between the check and the write: parallel callers in this process cannot interleave.
    if (this.#live(key, now)) return false;
    this.#put(key, value, now + ttlOf(ttlMs), now);
    return true;
  }

  async release(key: string, value: string): Promise<boolean> {
    const entry = this.#live(key, Date.now());
    if (!entry || entry.value !== value) return false;
    this.#entries.delete(key);
    return true;
  }

  /** How many entries it holds (expired ones not yet met included); for tests of the bound. */
  get size(): number {
    return this.#entries.size;
  }

  #live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #put(key: string, value: string, expiresAt: number, now: number): void {
    // Expired entries go first: they take no room a live one needs.
    while (this.#heap.length && this.#heap[0]![0] <= now) this.#dropSoonest();
    if (!this.#entries.has(key)) {
      // Still full of live entries: forget the ones closest to expiry.
      while (this.#entries.size >= this.#max && this.#heap.length) this.#dropSoonest();
    }
    this.#entries.set(key, { value, expiresAt });
    this.#push([expiresAt, key]);
    // Replaced entries leave stale heap items behind; rebuild before they outnumber the live ones.
    if (this.#heap.length > 2 * this.#entries.size + 64) this.#rebuild();
  }

  /** Pops the soonest heap item and removes its entry, unless the key was replaced since. */
  #dropSoonest(): void {
    const [expiresAt, key] = this.#pop();
    if (this.#entries.get(key)?.expiresAt === expiresAt) this.#entries.delete(key);
  }

  #rebuild(): void {
    this.#heap.length = 0;
    for (const [key, entry] of this.#entries) this.#push([entry.expiresAt, key]);
  }

  #push(item: HeapItem): void {
    const heap = this.#heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]![0] <= item[0]) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = item;
  }

  #pop(): HeapItem {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]![0] < heap[left]![0] ? right : left;
      if (heap[child]![0] >= last[0]) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

/**
 * A store in this process's memory: the default when `AuthConfig.store` is not set. Nothing is
 * shared with other processes — use `redisStore()` when the app runs on several instances.
 *
 * @example
 * ```ts
 * import { memoryStore } from "foyer-auth/stores/memory";
 * export const { handlers } = FoyerAuth({ store: memoryStore({ maxEntries: 50_000 }), providers: [...] });
 * ```
 */
export function memoryStore(options: MemoryStoreOptions = {}): Store & { readonly size: number } {
  return new MemoryStore(options.maxEntries ?? DEFAULT_MAX_ENTRIES);
}

export default memoryStore;
