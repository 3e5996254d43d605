import { describe, expect, it } from "vitest";
import { OneAtATime } from "./one-at-a-time.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

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
    const results = await Promise.all([queue.run("k", task("a")), queue.run("k", task("b")), queue.run("k", task("c"))]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });

  it("lets different keys run side by side", async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const task = (name: string) => loggedTask(log, name);
    await Promise.all([queue.run("x", task("x")), queue.run("y", task("y"))]);
    expect(log.slice(0, 2).sort()).toEqual(["x start", "y start"]);
  });

  it("a failing task rejects its own caller only; the next one still runs; empty keys are forgotten", async () => {
    const queue = new OneAtATime();
    const failing = queue.run("k", async () => {
      await tick();
      throw new Error("boom");
    });
    const next = queue.run("k", async () => "ran");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ran");
    expect(queue.busyKeys).toBe(0);
  });
});
