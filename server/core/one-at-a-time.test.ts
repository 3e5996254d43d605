import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OneAtATime } from "./one-at-a-time.js";

// Each task waits one (fake) timer tick, so a task of the same key that did not wait its turn would
// start before the previous one ends; the tests run the clock out instead of sleeping.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Settles `promise` after running every timer the tasks set (one tick each, one after another). */
async function settle<T>(promise: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return promise;
}

/** A task that logs its start and end around one tick, and returns its name. */
const loggedTask = (log: string[], name: string) => async () => {
  log.push(`${name} start`);
  await tick();
  log.push(`${name} end`);
  return name;
};

describe("OneAtATime", () => {
  it("runs tasks of one key one after another, in order", async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const task = (name: string) => loggedTask(log, name);
    const results = await settle(Promise.all([queue.run("k", task("a")), queue.run("k", task("b")), queue.run("k", task("c"))]));
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });

  it("lets different keys run side by side", async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const task = (name: string) => loggedTask(log, name);
    await settle(Promise.all([queue.run("x", task("x")), queue.run("y", task("y"))]));
    expect(log.slice(0, 2).sort()).toEqual(["x start", "y start"]);
  });

  it("a failing task rejects its own caller only; the next one still runs; empty keys are forgotten", async () => {
    const queue = new OneAtATime();
    const failing = queue.run("k", async () => {
      await tick();
      throw new Error("boom");
    });
    const next = queue.run("k", async () => "ran");
    // Handled before the clock runs, so the rejection is never unhandled.
    const failed = expect(failing).rejects.toThrow("boom");
    await vi.runAllTimersAsync();
    await failed;
    await expect(next).resolves.toBe("ran");
    expect(queue.busyKeys).toBe(0);
  });
});
