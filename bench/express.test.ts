/**
 * The arithmetic of the Express benchmark (bench/express.ts); the benchmark itself runs under `npm run bench`.
 */
import { describe, expect, it } from "vitest";
import { EXPRESS_TARGETS, formatExpressSummary, summarizeExpressRounds, type ExpressTarget, type Measurement } from "./express.js";

type Main = "@auth/express session" | "foyer session" | "bare route";

/** A round; the node:http targets default to the Express ones (Foyer's and the bare route's). */
function round(given: Record<Main, number> & Partial<Record<ExpressTarget, number>>): Record<ExpressTarget, Measurement> {
  const rps: Record<ExpressTarget, number> = { "foyer node:http session": given["foyer session"], "bare node:http route": given["bare route"], ...given };
  return Object.fromEntries(
    EXPRESS_TARGETS.map((target) => [target, { requestsPerSecond: rps[target], p50: rps[target] / 1000, p99: rps[target] / 100 }]),
  ) as Record<ExpressTarget, Measurement>;
}

describe("summarizeExpressRounds", () => {
  it("takes the ratios per round and reports their median, and the medians of each figure", () => {
    const summary = summarizeExpressRounds([
      round({ "@auth/express session": 100, "foyer session": 900, "bare route": 1000 }),
      round({ "@auth/express session": 50, "foyer session": 500, "bare route": 500 }),
      round({ "@auth/express session": 200, "foyer session": 1000, "bare route": 1250 }),
    ]);
    expect(summary.ratio).toBe(9); // per round 9, 10, 5
    expect(summary.floorRatio).toBeCloseTo(0.9); // per round 0.9, 1, 0.8
    expect(summary.medians["foyer session"]).toEqual({ requestsPerSecond: 900, p50: 0.9, p99: 9 });
    expect(summary.meetsTarget).toBe(true);
  });

  it("meets the target within 20 % of the bare route only when the bare route is below 8× @auth/express", () => {
    const nearFloor = summarizeExpressRounds([round({ "@auth/express session": 200, "foyer session": 850, "bare route": 1000 })]);
    expect(nearFloor.meetsTarget).toBe(true);
    const floorHigh = summarizeExpressRounds([round({ "@auth/express session": 100, "foyer session": 700, "bare route": 5000 })]);
    expect(floorHigh.meetsTarget).toBe(false);
    expect(formatExpressSummary(floorHigh, { rounds: 1, seconds: 5, warmupSeconds: 0, connections: 16 })).toContain("NOT met");
  });

  it("reports plain node:http against @auth/express and against its own bare route, per round", () => {
    const summary = summarizeExpressRounds([
      round({ "@auth/express session": 100, "foyer session": 900, "bare route": 1000, "foyer node:http session": 1500, "bare node:http route": 2000 }),
      round({ "@auth/express session": 200, "foyer session": 900, "bare route": 1000, "foyer node:http session": 1600, "bare node:http route": 1600 }),
      round({ "@auth/express session": 100, "foyer session": 900, "bare route": 1000, "foyer node:http session": 900, "bare node:http route": 1000 }),
    ]);
    expect(summary.nodeRatio).toBe(9); // per round 15, 8, 9
    expect(summary.nodeFloorRatio).toBe(0.9); // per round 0.75, 1, 0.9
    expect(formatExpressSummary(summary, { rounds: 3, seconds: 5, warmupSeconds: 0, connections: 16 })).toContain("/ bare node:http route: 90.0 %");
  });

  it("refuses to summarize no rounds", () => {
    expect(() => summarizeExpressRounds([])).toThrow("no rounds");
  });
});
