/**
 * Single flight across instances (`acrossInstances`): parallel callers on two handles of one store
 * make one run and all get its value; a failure is handed on as the same failure; a runner that dies
 * (claims and never answers) is taken over once its claim lapses; waiting in vain ends with a failure.
 */
import { describe, expect, it } from "vitest";
import { memoryStore } from "../stores/memory.js";
import type { Store } from "../stores/types.js";
import { acrossInstances, type FlightOutcome, type SharedFlight } from "./single-flight.js";

function flight(store: Store, overrides: Partial<SharedFlight<string>> = {}): SharedFlight<string> {
  return {
    store,
    claimKey: "claim",
    resultKey: "result",
    leaseMs: 5000,
    keepForMs: 5000,
    waitMs: 5000,
    seal: async (outcome) => JSON.stringify(outcome),
    open: async (sealed) => JSON.parse(sealed) as FlightOutcome<string>,
    failure: (message) => new Error(`shared: ${message}`),
    ...overrides,
  };
}

describe("acrossInstances", () => {
  it("10 parallel callers make one run and all get its value; a caller arriving later reuses it", async () => {
    const store = memoryStore();
    let runs = 0;
    const task = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return `value-${runs}`;
    };
    const values = await Promise.all(Array.from({ length: 10 }, () => acrossInstances(flight(store), task)));
    expect(values).toEqual(Array(10).fill("value-1"));
    expect(await acrossInstances(flight(store), task)).toBe("value-1");
    expect(runs).toBe(1);
  });

  it("a failure reaches the waiting callers as the same failure, and is kept for later ones", async () => {
    const store = memoryStore();
    let runs = 0;
    const task = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error("invalid_grant");
    };
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => acrossInstances(flight(store), task)));
    expect(runs).toBe(1);
    const reasons = results.map((result) => (result as PromiseRejectedResult).reason.message);
    expect(reasons.sort()).toEqual(["invalid_grant", "shared: invalid_grant", "shared: invalid_grant", "shared: invalid_grant"]);
  });

  it("a runner that died (claimed, never answered) is taken over when its claim lapses; waiting in vain fails", async () => {
    const store = memoryStore();
    await store.claim("claim", "dead runner", 150);
    await expect(acrossInstances(flight(store, { waitMs: 50 }), async () => "never")).rejects.toThrow(/shared: another instance is still running it/);
    expect(await acrossInstances(flight(store), async () => "took over")).toBe("took over");
  });
});
