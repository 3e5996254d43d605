/**
 * `redisStore()`: the shared store on Redis, through the official node-redis client (`redis`, an
 * optional peer dependency of foyer-auth: `npm install redis`). Every instance of the app that
 * points at the same Redis (and prefix) shares spent passkey challenges, resend cooldowns, locks and
 * refresh claims (docs/stores.md).
 *
 * ```ts
 * import { redisStore } from "foyer-auth/stores/redis";
 * const store = redisStore({ url: process.env.REDIS_URL! });        // Foyer's own connection
 * // or share yours: redisStore({ client }) — close() then leaves it open.
 * ```
 *
 * Each operation is one atomic Redis command or script: `SET … PX … NX` for claims, `GETDEL`,
 * and `INCR` with `PEXPIRE` (only when the key has no expiry yet) in one Lua script; a release
 * compares and deletes in one script. Needs Redis 6.2 or newer (`GETDEL`).
 *
 * A Redis that cannot be reached fails each operation within `timeoutMs` instead of queueing it:
 * Foyer then refuses the sign-ins that need the store (fail closed) and logs it once per outage.
 *
 * @module
 */
import { requireOptional } from "../core/optional-dependency.js";
import { ttlOf, type Store } from "./types.js";

export type { Store } from "./types.js";

/**
 * The part of a node-redis client (`createClient()` of the `redis` package, v4 or newer) the store
 * uses. A connected client; one that is not open yet is connected on first use.
 */
export interface RedisClientLike {
  sendCommand(args: string[]): Promise<unknown>;
  readonly isOpen?: boolean;
  connect?(): Promise<unknown>;
}

/** Options of {@link redisStore}: a client of the app's, or a URL for a connection of the store's own. */
export type RedisStoreOptions = {
  /**
   * Put before every key, so that several apps (or test runs) can share one Redis. Default `"foyer:"`.
   * Instances that must share state must use the same prefix.
   */
  prefix?: string;
  /** How long (ms) one operation may take before it fails; an unreachable Redis fails at once. Default 2000. */
  timeoutMs?: number;
} & (
  | {
      /** A node-redis client of the app's (`createClient()`); `close()` leaves it open. */
      client: RedisClientLike;
      url?: never;
    }
  | {
      /** `redis://[[user]:password@]host[:port][/db]` (or `rediss://` for TLS): the store opens and owns a connection. */
      url: string;
      client?: never;
    }
);

/** The shared store on Redis; `close()` ends the connection it opened (not one it was given). */
export interface RedisStore extends Store {
  /** The prefix in front of every key. */
  readonly prefix: string;
  close(): Promise<void>;
}

const DEFAULT_PREFIX = "foyer:";
const DEFAULT_TIMEOUT_MS = 2000;

/** INCR, and an expiry for a counter that has none yet (a new one): one atomic step. */
const INCREMENT = "local n = redis.call('INCR', KEYS[1]) if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";
/** Deletes the key only while it holds the caller's value. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

interface OwnedClient extends RedisClientLike {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  on(event: "error" | "ready", listener: (error?: Error) => void): unknown;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
  destroy?(): unknown;
}

interface RedisModule {
  createClient(options: Record<string, unknown>): OwnedClient;
}

/** Thrown by an operation of a Redis store that could not be done (unreachable, too slow, refused). */
export class RedisStoreError extends Error {
  override name = "RedisStoreError";
}

/**
 * A shared store on Redis.
 *
 * @throws MissingDependencyError when the `redis` package is not installed (only for `{ url }`).
 */
export function redisStore(options: RedisStoreOptions): RedisStore {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let client: RedisClientLike;
  let owned: OwnedClient | undefined;
  /** Set while an owned connection is down (between an "error" and the next "ready"): fail at once. */
  let down: Error | undefined;
  if (options.client) {
    client = options.client;
  } else if (typeof options.url === "string" && options.url !== "") {
    const { createClient } = requireOptional<RedisModule>("redis", "redisStore({ url })");
    owned = createClient({
      url: options.url,
      // Commands fail while the connection is down instead of waiting in a queue: a sign-in must
      // not hang on an unreachable store, it must be refused (fail closed).
      disableOfflineQueue: true,
      socket: { connectTimeout: timeoutMs, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 3000) },
    });
    // Without a listener a connection error would crash the process; operations report it instead.
    owned.on("error", (error) => (down = error ?? new Error("connection error")));
    owned.on("ready", () => (down = undefined));
    client = owned;
  } else {
    throw new TypeError("redisStore() needs `client` (a node-redis client) or `url` (redis://host:port).");
  }

  let connecting: Promise<unknown> | undefined;
  let closed = false;
  async function ready(): Promise<void> {
    if (closed) throw new RedisStoreError("The Redis store is closed");
    if (owned) {
      if (owned.isReady) return;
      if (down) throw new RedisStoreError(`Redis is unreachable: ${down.message}`);
    } else if (client.isOpen !== false || !client.connect) {
      return;
    }
    connecting ??= client.connect!().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    await connecting;
  }

  async function command(args: string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let abandoned = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abandoned = true;
        reject(new RedisStoreError(`Redis did not answer ${args[0]} within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    // A command whose caller gave up while the connection was still coming up is never sent: a late
    // claim would hold a lock (or spend a challenge) for a request that has already been refused.
    const send = () => (abandoned ? Promise.reject(new RedisStoreError(`${args[0]} abandoned`)) : client.sendCommand(args));
    try {
      return await Promise.race([ready().then(send), timeout]);
    } catch (error) {
      if (error instanceof RedisStoreError) throw error;
      throw new RedisStoreError(`Redis ${args[0]} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  const k = (key: string) => prefix + key;
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

  return {
    prefix,
    async get(key) {
      return text(await command(["GET", k(key)]));
    },
    async set(key, value, ttlMs) {
      await command(["SET", k(key), value, "PX", String(ttlOf(ttlMs))]);
    },
    async delete(key) {
      await command(["DEL", k(key)]);
    },
    async getAndDelete(key) {
      return text(await command(["GETDEL", k(key)]));
    },
    async increment(key, ttlMs) {
      return Number(await command(["EVAL", INCREMENT, "1", k(key), String(ttlOf(ttlMs))]));
    },
    async claim(key, value, ttlMs) {
      return (await command(["SET", k(key), value, "PX", String(ttlOf(ttlMs)), "NX"])) !== null;
    },
    async release(key, value) {
      return Number(await command(["EVAL", RELEASE, "1", k(key), value])) === 1;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!owned) return;
      try {
        if (owned.isOpen) await (owned.close ?? owned.quit)!.call(owned);
        else owned.destroy?.();
      } catch {
        owned.destroy?.();
      }
    },
  };
}

export default redisStore;
