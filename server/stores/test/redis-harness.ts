/**
 * A Redis server for tests: `FOYER_TEST_REDIS_URL` when set, else `redis://127.0.0.1:6379` (the
 * project's machines and CI run one there; `.ci/run` starts Debian's `redis-server` when none
 * answers). Each `acquire` gets a unique key prefix, so parallel runs and reruns never see each
 * other's keys; `cleanup()` deletes the keys under the prefixes it handed out.
 */
import { randomBytes } from "node:crypto";
import { createClient } from "redis";

export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

function connectClient(url: string) {
  return createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 1500, reconnectStrategy: false } });
}

export type RedisTestClient = ReturnType<typeof connectClient>;

export interface RedisTestServer {
  url: string;
  /** A connected client of the test's own (closed by `cleanup`). */
  client: RedisTestClient;
  /** A key prefix no other test run uses, ending in ":". */
  prefix(name?: string): string;
  /** Deletes the keys under every prefix handed out, and closes the client. */
  cleanup(): Promise<void>;
}

export type RedisAvailability = { ok: true; server: RedisTestServer } | { ok: false; reason: string };

/** The test Redis, or why there is none. */
export async function acquireRedis(): Promise<RedisAvailability> {
  const url = process.env.FOYER_TEST_REDIS_URL?.trim() || DEFAULT_REDIS_URL;
  const client = connectClient(url);
  let failure: Error | undefined;
  client.on("error", (error: Error) => (failure ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    await Promise.resolve(client.destroy()).catch(() => undefined);
    return { ok: false, reason: `no Redis answers at ${url} (${(failure ?? (error as Error)).message}); set FOYER_TEST_REDIS_URL or start redis-server` };
  }
  const prefixes: string[] = [];
  const run = randomBytes(6).toString("hex");
  return {
    ok: true,
    server: {
      url,
      client,
      prefix(name = "t") {
        const prefix = `foyer-test:${run}:${name}:${prefixes.length}:`;
        prefixes.push(prefix);
        return prefix;
      },
      async cleanup() {
        for (const prefix of prefixes) {
          const keys: string[] = [];
          for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) keys.push(...(batch as unknown as string[]));
          if (keys.length) await client.del(keys);
        }
        await client.close();
      },
    },
  };
}
