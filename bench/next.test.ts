/**
 * The Next.js benchmark's arithmetic: medians over rounds, ratios taken per round, and the target
 * rule (≥ 8× next-auth, or ≥ 80 % of the bare route where that is the lower bar). The measuring itself
 * needs two production builds and runs in `npm run bench` only; e2e/next-migration.spec.ts exercises
 * the same builds.
 */
import { describe, expect, it } from "vitest";
import { NEXT_TARGETS, formatNextSummary, summarizeNextRounds, type Measurement, type NextTarget } from "./next.js";

/** One round's measurements; the catch-all floor as fast as the plain one unless given. */
function round(given: Omit<Record<NextTarget, number>, "foyer bare catch-all">): Record<NextTarget, Measurement> {
  const rps: Record<NextTarget, number> = { ...given, "foyer bare catch-all": given["foyer bare route"] };
  return Object.fromEntries(
    NEXT_TARGETS.map((target) => [target, { requestsPerSecond: rps[target], p50: rps[target] / 1000, p99: rps[target] / 100 }]),
  ) as Record<NextTarget, Measurement>;
}

describe("summarizeNextRounds", () => {
  it("takes the ratios per round and reports their median, and the medians of each figure", () => {
    const summary = summarizeNextRounds([
      round({ "next-auth session": 100, "foyer session": 900, "next-auth bare route": 1000, "foyer bare route": 1000 }),
      round({ "next-auth session": 50, "foyer session": 500, "next-auth bare route": 600, "foyer bare route": 500 }),
      round({ "next-auth session": 200, "foyer session": 1000, "next-auth bare route": 1100, "foyer bare route": 1250 }),
    ]);
    // Per round: 9, 10, 5 → median 9 (the ratio of the medians would be 900 / 100 = 9 as well, but not in general).
    expect(summary.ratio).toBe(9);
    // Per round: 0.9, 1, 0.8 → 0.9.
    expect(summary.floorRatio).toBeCloseTo(0.9);
    expect(summary.nextAuthFloorRatio).toBeCloseTo(100 / 1000);
    expect(summary.catchAllRatio).toBeCloseTo(0.9);
    expect(summary.medians["foyer session"]).toEqual({ requestsPerSecond: 900, p50: 0.9, p99: 9 });
    expect(summary.meetsTarget).toBe(true);
    expect(summary.rounds).toBe(3);
  });

  it("meets the target within 20 % of the bare route only when the bare route is below 8× next-auth", () => {
    // Bare route 1000 < 8 × 200: the floor is the bar; Foyer at 85 % of it meets it.
    expect(
      summarizeNextRounds([round({ "next-auth session": 200, "foyer session": 850, "next-auth bare route": 1000, "foyer bare route": 1000 })]).meetsTarget,
    ).toBe(true);
    // At 75 % of the floor it does not.
    expect(
      summarizeNextRounds([round({ "next-auth session": 200, "foyer session": 750, "next-auth bare route": 1000, "foyer bare route": 1000 })]).meetsTarget,
    ).toBe(false);
    // Bare route 10 000 ≥ 8 × 100: 8× next-auth is the bar; 7× misses it, 8× meets it.
    expect(
      summarizeNextRounds([round({ "next-auth session": 100, "foyer session": 700, "next-auth bare route": 10000, "foyer bare route": 10000 })]).meetsTarget,
    ).toBe(false);
    expect(
      summarizeNextRounds([round({ "next-auth session": 100, "foyer session": 800, "next-auth bare route": 10000, "foyer bare route": 10000 })]).meetsTarget,
    ).toBe(true);
  });

  it("refuses an empty run", () => {
    expect(() => summarizeNextRounds([])).toThrow(/no rounds/);
  });

  it("formats one line per target and the ratios", () => {
    const summary = summarizeNextRounds([round({ "next-auth session": 1000, "foyer session": 4000, "next-auth bare route": 5000, "foyer bare route": 5000 })]);
    const text = formatNextSummary(summary, { rounds: 1, seconds: 5, warmupSeconds: 0, connections: 16 });
    expect(text).toContain("16 connections");
    expect(text).toMatch(/foyer session\s+4,000 req\/s\s+p50 4\.0 ms\s+p99 40\.0 ms/);
    expect(text).toContain("Foyer / next-auth: 4.00×");
    expect(text).toContain("Foyer / bare route: 80.0 %");
    expect(text).toContain(": met");
  });
});
