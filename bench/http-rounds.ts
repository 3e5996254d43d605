/**
 * What the HTTP benchmarks of the integrations share (bench/next.ts, bench/express.ts, bench/hono.ts):
 * one autocannon run per target and round, the medians over rounds, the median of per-round ratios,
 * the speed target, and the report lines. Each benchmark keeps its own servers, targets and wording.
 */
import autocannon from "autocannon";
import { median } from "./harness.js";

/** One target measured once. */
export interface Measurement {
  /** 2xx answers per second. */
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
}

/** One autocannon run with `cookie`; any answer but 2xx, or any socket error or timeout, fails it. */
export async function measureHttp(url: string, cookie: string, seconds: number, connections: number): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts in ${seconds} s`);
  }
  return { requestsPerSecond: result["2xx"] / (result.duration || seconds), p50: result.latency.p50, p99: result.latency.p99 };
}

/** Per target, the median over the rounds of each figure. */
export function medianMeasurements<Target extends string>(
  targets: readonly Target[],
  rounds: readonly Record<Target, Measurement>[],
): Record<Target, Measurement> {
  if (rounds.length === 0) throw new Error("no rounds to summarize");
  const medianOf = (target: Target, key: keyof Measurement) => median(rounds.map((round) => round[target][key]));
  return Object.fromEntries(
    targets.map((target) => [target, { requestsPerSecond: medianOf(target, "requestsPerSecond"), p50: medianOf(target, "p50"), p99: medianOf(target, "p99") }]),
  ) as Record<Target, Measurement>;
}

/** `a / b` in requests per second, taken per round (both measured under the same load) and then the median. */
export function medianRatio<Target extends string>(rounds: readonly Record<Target, Measurement>[], a: Target, b: Target): number {
  return median(rounds.map((round) => round[a].requestsPerSecond / round[b].requestsPerSecond));
}

/**
 * The integrations' speed target: at least 8× the Auth.js counterpart, or, where the framework's own
 * floor (a bare route answering the same JSON) is itself below 8× the counterpart, within 20 % of it.
 */
export function meetsSpeedTarget(input: { ratio: number; floorRatio: number; floor: Measurement; reference: Measurement }): boolean {
  const floorIsLower = input.floor.requestsPerSecond < 8 * input.reference.requestsPerSecond;
  return input.ratio >= 8 || (floorIsLower && input.floorRatio >= 0.8);
}

/** A number as the reports print it. */
export const formatNumber = (value: number, digits = 0): string =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** One report line: the target, its requests per second and latencies. */
export function formatMeasurementLine(target: string, measurement: Measurement, width: number): string {
  const { requestsPerSecond, p50, p99 } = measurement;
  return `  ${target.padEnd(width)} ${formatNumber(requestsPerSecond).padStart(7)} req/s   p50 ${formatNumber(p50, 1)} ms   p99 ${formatNumber(p99, 1)} ms`;
}
