/**
 * The shared-store contract (stores/types.ts), run on both stores Foyer ships: `memoryStore()` and
 * `redisStore()` on a real Redis (stores/test/redis-harness.ts; on CI a missing Redis fails, elsewhere
 * it is a named skip). Real short times to live, no fake clock: what expires must expire in Redis too.
 *
 * Covered: values and their expiry, set replacing value and expiry, delete, getAndDelete atomic under
 * parallel callers, increment (a fixed window: the first increment sets the expiry, later ones keep
 * it), claim exclusive under parallel callers (and free again once it expired or was released),
 * release only by the owner, and prefixes keeping stores apart. And a Redis that is down: every
 * operation fails quickly; one that comes back is used again, and an operation given up on while it
 * was down is never sent late.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { memoryStore } from "./memory.js";
import { redisStore, type RedisStore } from "./redis.js";
import { acquireRedis } from "./test/redis-harness.js";
import { reportRedisMissing } from "./test/redis-missing.js";
import type { Store } from "./types.js";

const redis = await acquireRedis();
const opened: RedisStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  if (redis.ok) await redis.server.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Kind {
  name: string;
  /** A fresh, empty store; `sharedWith` gives a second handle on the same data (another "instance"). */
  make(): { store: Store; sharedWith(): Store; isolated(): Store };
}

const kinds: Kind[] = [
  {
    name: "memoryStore",
    make() {
      const store = memoryStore();
      return { store, sharedWith: () => store, isolated: () => memoryStore() };
    },
  },
];
if (redis.ok) {
  const { server } = redis;
  kinds.push({
    name: "redisStore",
    make() {
      const prefix = server.prefix("conformance");
      const open = (options: Parameters<typeof redisStore>[0]) => {
        const store = redisStore(options);
        opened.push(store);
        return store;
      };
      // One store on a connection of its own (url), one on the test's client: both reach the same keys.
      return {
        store: open({ url: server.url, prefix }),
        sharedWith: () => open({ client: server.client, prefix }),
        isolated: () => open({ url: server.url, prefix: server.prefix("other") }),
      };
    },
  });
}

for (const kind of kinds) {
  describe(`${kind.name} keeps the store contract`, () => {
    it("get / set / delete, and a value is gone once its time to live passed", async () => {
      const { store } = kind.make();
      expect(await store.get("a")).toBeNull();
      await store.set("a", "one", 60_000);
      await store.set("short", "x", 250);
      expect(await store.get("a")).toBe("one");
      expect(await store.get("short")).toBe("x");
      await sleep(300);
      expect(await store.get("short")).toBeNull();
      await store.delete("a");
      await store.delete("never-there");
      expect(await store.get("a")).toBeNull();
    });

    it("set replaces the value and the time to live", async () => {
      const { store } = kind.make();
      await store.set("k", "first", 100);
      await store.set("k", "second", 60_000);
      await sleep(150);
      expect(await store.get("k")).toBe("second");
      await store.set("k", "third", 100);
      await sleep(150);
      expect(await store.get("k")).toBeNull();
    });

    it("getAndDelete hands the value to exactly one of 20 parallel callers (two handles on the store)", async () => {
      const { store, sharedWith } = kind.make();
      const other = sharedWith();
      await store.set("once", "prize", 60_000);
      const got = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).getAndDelete("once")));
      expect(got.filter((value) => value !== null)).toEqual(["prize"]);
      expect(await store.get("once")).toBeNull();
      expect(await store.getAndDelete("once")).toBeNull();
    });

    it("increment counts from 1, atomically under parallel callers, in a fixed window that the first increment opens", async () => {
      const { store, sharedWith } = kind.make();
      const other = sharedWith();
      const counts = await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? other : store).increment("hits", 500)));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      // Later increments keep the window's expiry: 250 ms on, one more still ends with the window.
      await sleep(250);
      expect(await store.increment("hits", 60_000)).toBe(26);
      await sleep(350);
      expect(await store.get("hits")).toBeNull();
      expect(await store.increment("hits", 60_000)).toBe(1);
      await store.set("text", "not a number", 60_000);
      await expect(store.increment("text", 1000)).rejects.toThrow();
    });

    it("claim: of 20 parallel callers exactly one wins; the key is free again once it expired", async () => {
      const { store, sharedWith } = kind.make();
      const other = sharedWith();
      const won = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).claim("lock", `owner-${i}`, 300)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = `owner-${won.indexOf(true)}`;
      expect(await store.get("lock")).toBe(winner);
      expect(await other.claim("lock", "late", 60_000)).toBe(false);
      await sleep(350);
      expect(await other.claim("lock", "late", 60_000)).toBe(true);
    });

    it("release lets go only for the owner", async () => {
      const { store, sharedWith } = kind.make();
      const other = sharedWith();
      expect(await store.claim("lock", "me", 60_000)).toBe(true);
      expect(await other.release("lock", "someone else")).toBe(false);
      expect(await other.claim("lock", "someone else", 60_000)).toBe(false);
      expect(await store.release("lock", "me")).toBe(true);
      expect(await store.release("lock", "me")).toBe(false);
      expect(await other.claim("lock", "someone else", 60_000)).toBe(true);
    });

    it("a time to live of 0 or less still expires (it never means forever)", async () => {
      const { store } = kind.make();
      await store.set("zero", "x", 0);
      expect(await store.claim("negative", "x", -5)).toBe(true);
      await sleep(20);
      expect(await store.get("zero")).toBeNull();
      expect(await store.claim("negative", "y", 60_000)).toBe(true);
    });

    it("stores with another prefix (or another memory) do not see each other's keys", async () => {
      const { store, isolated } = kind.make();
      const apart = isolated();
      await store.set("shared-name", "mine", 60_000);
      expect(await apart.get("shared-name")).toBeNull();
      expect(await apart.claim("shared-name", "theirs", 60_000)).toBe(true);
      expect(await store.get("shared-name")).toBe("mine");
      expect(await apart.increment("counter", 60_000)).toBe(1);
      expect(await store.increment("counter", 60_000)).toBe(1);
    });
  });
}

describe("memoryStore stays bounded", () => {
  it("holds at most maxEntries: expired entries make room first, then those closest to expiry are forgotten", async () => {
    const store = memoryStore({ maxEntries: 3 });
    await store.set("soon", "1", 30);
    await store.set("late", "2", 60_000);
    await store.set("middle", "3", 30_000);
    await sleep(50);
    await store.set("new", "4", 60_000);
    expect(store.size).toBe(3);
    expect(await store.get("late")).toBe("2");
    expect(await store.get("middle")).toBe("3");
    // Full of live entries: the next one pushes out the one closest to expiry ("middle").
    await store.set("newer", "5", 60_000);
    expect(store.size).toBe(3);
    expect(await store.get("middle")).toBeNull();
    expect([await store.get("late"), await store.get("new"), await store.get("newer")]).toEqual(["2", "4", "5"]);
  });

  it("replacing one key many times keeps its internal bookkeeping small", async () => {
    const store = memoryStore({ maxEntries: 10 });
    for (let i = 0; i < 10_000; i++) await store.set("same", String(i), 60_000 + i);
    expect(store.size).toBe(1);
    expect(await store.get("same")).toBe("9999");
  });
});

if (!redis.ok) {
  describe("redisStore keeps the store contract", () => {
    reportRedisMissing("The Redis store's conformance", redis.reason);
  });
}

describe("redisStore when Redis cannot be reached", () => {
  it("fails every operation quickly with a RedisStoreError (nothing queued, no hang), and closes cleanly", async () => {
    const store = redisStore({ url: "redis://127.0.0.1:9", timeoutMs: 500 });
    const started = Date.now();
    for (const operation of [() => store.get("a"), () => store.claim("a", "b", 1000), () => store.increment("a", 1000), () => store.getAndDelete("a")]) {
      await expect(operation()).rejects.toMatchObject({ name: "RedisStoreError" });
    }
    expect(Date.now() - started).toBeLessThan(2500);
    await store.close();
    await expect(store.get("a")).rejects.toThrow(/closed/);
  });

  it("needs a client or a URL", () => {
    expect(() => redisStore({} as never)).toThrow(/client.*url/);
  });
});

/** A port nothing listens on: bound once by this process, then closed. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

describe("redisStore when Redis comes back", () => {
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    return reportRedisMissing("A Redis store whose server comes back", "redis-server is not installed here (apt-get install redis-server)");
  }

  it("reconnects by itself, and a claim given up on while Redis was down never lands later", async () => {
    const port = await freePort();
    const store = redisStore({ url: `redis://127.0.0.1:${port}`, timeoutMs: 300 });
    onTestFinished(() => store.close());
    await expect(store.claim("lock", "a request that gave up", 60_000)).rejects.toMatchObject({ name: "RedisStoreError" });

    const server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    onTestFinished(() => void server.kill("SIGKILL"));
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await store.get("probe");
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
    expect(await store.claim("lock", "now", 60_000)).toBe(true);
    expect(await store.get("lock")).toBe("now");

    server.kill("SIGKILL");
    await once(server, "exit");
    const started = Date.now();
    await expect(store.get("lock")).rejects.toMatchObject({ name: "RedisStoreError" });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
