/**
 * The shared arithmetic of the HTTP benchmarks (bench/http-rounds.ts): CPU per request from `/proc`,
 * its medians and the ratios taken from it. No timing is asserted.
 */
import { describe, expect, it } from "vitest";
import { medianCpuRatio, medianMeasurements, processCpuSeconds, type Measurement } from "./http-rounds.js";

const at = (requestsPerSecond: number, cpuMs?: number): Measurement => ({ requestsPerSecond, p50: 1, p99: 2, ...(cpuMs === undefined ? {} : { cpuMs }) });

describe("CPU per request", () => {
  it("reads this process's CPU seconds from /proc, growing as it works", () => {
    const before = processCpuSeconds(process.pid);
    expect(before).toBeGreaterThan(0);
    const end = Date.now() + 50;
    while (Date.now() < end) Math.sqrt(Math.random());
    expect(processCpuSeconds(process.pid)!).toBeGreaterThanOrEqual(before!);
  });

  it("is undefined for a process that does not exist", () => {
    expect(processCpuSeconds(2 ** 30)).toBeUndefined();
  });

  it("ratios are the other's CPU over this one's, per round, then the median; medians carry CPU only when every round has it", () => {
    const rounds = [
      { a: at(100, 1), b: at(50, 2) },
      { a: at(100, 1), b: at(50, 3) },
      { a: at(100, 2), b: at(50, 2) },
    ];
    expect(medianCpuRatio(rounds, "a", "b")).toBe(2); // per round 2, 3, 1
    expect(medianMeasurements(["a", "b"], rounds).a.cpuMs).toBe(1);
    const partial = [...rounds, { a: at(100), b: at(50, 1) }];
    expect(medianCpuRatio(partial, "a", "b")).toBeUndefined();
    expect(medianMeasurements(["a", "b"], partial).a.cpuMs).toBeUndefined();
  });
});
