/**
 * The Hono benchmark's arithmetic: medians over rounds, ratios taken per round, and the target rule
 * (≥ 8× @hono/auth-js, or ≥ 80 % of the bare route where that is the lower bar). The measuring itself
 * runs in `npm run bench` only.
 */
import { describe, expect, it } from "vitest";
import { HONO_TARGETS, formatHonoSummary, summarizeHonoRounds, type HonoTarget, type Measurement } from "./hono.js";

function round(rps: Record<HonoTarget, number>): Record<HonoTarget, Measurement> {
  return Object.fromEntries(
    HONO_TARGETS.map((target) => [target, { requestsPerSecond: rps[target], p50: rps[target] / 1000, p99: rps[target] / 100 }]),
  ) as Record<HonoTarget, Measurement>;
}

describe("summarizeHonoRounds", () => {
  it("takes the ratios per round and reports their median", () => {
    const summary = summarizeHonoRounds([
      round({ "@hono/auth-js session": 100, "foyer session": 900, "bare route": 10000 }),
      round({ "@hono/auth-js session": 50, "foyer session": 500, "bare route": 10000 }),
      round({ "@hono/auth-js session": 200, "foyer session": 1000, "bare route": 10000 }),
    ]);
    // Per round 9, 10, 5 → 9.
    expect(summary.ratio).toBe(9);
    expect(summary.floorRatio).toBeCloseTo(0.09);
    expect(summary.medians["foyer session"]).toEqual({ requestsPerSecond: 900, p50: 0.9, p99: 9 });
    expect(summary.meetsTarget).toBe(true);
  });

  it("meets the target within 20 % of the bare route only when the bare route is below 8× @hono/auth-js", () => {
    expect(summarizeHonoRounds([round({ "@hono/auth-js session": 200, "foyer session": 850, "bare route": 1000 })]).meetsTarget).toBe(true);
    expect(summarizeHonoRounds([round({ "@hono/auth-js session": 200, "foyer session": 750, "bare route": 1000 })]).meetsTarget).toBe(false);
    expect(summarizeHonoRounds([round({ "@hono/auth-js session": 100, "foyer session": 700, "bare route": 10000 })]).meetsTarget).toBe(false);
    expect(() => summarizeHonoRounds([])).toThrow();
  });

  it("reports p99 and says whether the target is met", () => {
    const summary = summarizeHonoRounds([round({ "@hono/auth-js session": 100, "foyer session": 500, "bare route": 10000 })]);
    const text = formatHonoSummary(summary, { rounds: 1, seconds: 1, warmupSeconds: 0, connections: 16 });
    expect(text).toContain("16 connections");
    expect(text).toContain("p99 100.0 ms");
    expect(text).toContain("Foyer / @hono/auth-js: 5.00×");
    expect(text).toContain("NOT met");
  });
});
