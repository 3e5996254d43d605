/**
 * The pieces between the store and Foyer's flows: the guard (store failures become `StoreError`s,
 * logged once per outage, then at most once a minute; a success ends the outage) and the store lock
 * (exclusive across two "instances" sharing a store, waiting with a limit, lapsing when its holder died).
 */
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { StoreError } from "../core/errors.js";
import { guardedStore } from "./guarded.js";
import { LockBusy, StoreLock, withStoreLock } from "./lock.js";
import { memoryStore } from "./memory.js";
import type { Store } from "./types.js";

/** A memory store that fails every operation while `down` is true. */
function flakyStore(): { store: Store; setDown(down: boolean): void } {
  const inner = memoryStore();
  let down = false;
  const store = Object.fromEntries(
    (["get", "set", "delete", "getAndDelete", "increment", "claim", "release"] as const).map((name) => [
      name,
      (...args: unknown[]) => (down ? Promise.reject(new Error("connection refused")) : (inner[name] as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as unknown as Store;
  return { store, setDown: (value) => void (down = value) };
}

function recordingLogger() {
  const errors: Error[] = [];
  return { errors, logger: { error: (error: Error) => void errors.push(error), warn() {}, debug() {} } };
}

describe("guardedStore", () => {
  it("turns failures into StoreErrors with the cause, logs the first of an outage only, and a success ends the outage", async () => {
    const { store, setDown } = flakyStore();
    const { errors, logger } = recordingLogger();
    const guarded = guardedStore(store, logger);
    await guarded.set("a", "1", 60_000);
    setDown(true);
    for (let i = 0; i < 5; i++) await expect(guarded.claim("b", "x", 1000)).rejects.toBeInstanceOf(StoreError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ type: "StoreError", message: expect.stringMatching(/claim/) });
    expect((errors[0]!.cause as { err?: Error }).err?.message).toBe("connection refused");
    setDown(false);
    expect(await guarded.get("a")).toBe("1");
    setDown(true);
    await expect(guarded.get("a")).rejects.toBeInstanceOf(StoreError);
    expect(errors).toHaveLength(2);
  });

  it("reminds at most once a minute while an outage lasts", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const { store, setDown } = flakyStore();
    const { errors, logger } = recordingLogger();
    const guarded = guardedStore(store, logger);
    setDown(true);
    await expect(guarded.get("a")).rejects.toThrow();
    vi.advanceTimersByTime(59_000);
    await expect(guarded.get("a")).rejects.toThrow();
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    await expect(guarded.get("a")).rejects.toThrow();
    expect(errors).toHaveLength(2);
  });
});

describe("the store lock", () => {
  it("two instances (two StoreLocks on one store) never run the same key's tasks at the same time", async () => {
    const store = memoryStore();
    const instances = [new StoreLock({ ttlMs: 5000, waitMs: 5000 }), new StoreLock({ ttlMs: 5000, waitMs: 5000 })];
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 15));
      running--;
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => instances[i % 2]!.run(store, "record", task)));
    expect(most).toBe(1);
    // Another key is not held up by this one, and the lock is released after each task.
    expect(await store.get("record")).toBeNull();
  });

  it("gives up with LockBusy after waitMs while another instance holds the key, and takes a lapsed lock over", async () => {
    const store = memoryStore();
    expect(await store.claim("record", "a holder that died", 200)).toBe(true);
    await expect(withStoreLock(store, "record", { ttlMs: 1000, waitMs: 50 }, async () => "ran")).rejects.toBeInstanceOf(LockBusy);
    expect(await withStoreLock(store, "record", { ttlMs: 1000, waitMs: 1000 }, async () => "ran")).toBe("ran");
  });

  it("a task that throws still releases the lock", async () => {
    const store = memoryStore();
    await expect(withStoreLock(store, "record", { ttlMs: 60_000, waitMs: 10 }, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await store.get("record")).toBeNull();
  });
});
