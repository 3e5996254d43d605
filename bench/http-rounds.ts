/**
 * What the HTTP benchmarks of the integrations share (bench/next.ts, bench/express.ts, bench/hono.ts):
 * one autocannon run per target and round, the medians over rounds, the median of per-round ratios,
 * the speed target, and the report lines. Each benchmark keeps its own servers, targets and wording.
 */
import { readFileSync, readdirSync } from "node:fs";
import autocannon from "autocannon";
import { median } from "./harness.js";

/** One target measured once. */
export interface Measurement {
  /** 2xx answers per second. */
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /**
   * The server process's CPU time (user + system, its child processes included) per answered request,
   * in milliseconds, when the server's process id was given and `/proc` is there. On a machine where
   * other work competes for the CPU this moves far less than throughput does.
   */
  cpuMs?: number;
}

/**
 * One autocannon run with `cookie`; any answer but 2xx, or any socket error or timeout, fails it.
 *
 * @param serverPid The server's process id, to report its CPU time per request (`cpuMs`).
 */
export async function measureHttp(url: string, cookie: string, seconds: number, connections: number, serverPid?: number): Promise<Measurement> {
  const cpuBefore = serverPid === undefined ? undefined : processCpuSeconds(serverPid);
  const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
  const cpuAfter = serverPid === undefined ? undefined : processCpuSeconds(serverPid);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts in ${seconds} s`);
  }
  const measurement: Measurement = { requestsPerSecond: result["2xx"] / (result.duration || seconds), p50: result.latency.p50, p99: result.latency.p99 };
  if (cpuBefore !== undefined && cpuAfter !== undefined && result["2xx"] > 0) measurement.cpuMs = ((cpuAfter - cpuBefore) * 1000) / result["2xx"];
  return measurement;
}

/** Clock ticks per second of `/proc/<pid>/stat` times: 100 on Linux on every common architecture. */
const CLOCK_TICKS = 100;

/**
 * CPU seconds (user + system) used so far by process `pid` and its live descendants, from `/proc`;
 * `undefined` where there is no `/proc` (not Linux).
 */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    let ticks = 0;
    const pending = [pid];
    while (pending.length > 0) {
      const current = pending.pop()!;
      const stat = readFileSync(`/proc/${current}/stat`, "utf8");
      // Fields after the command name (which may contain spaces) in parentheses: utime is the 14th
      // field of the line, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, "utf8").trim();
        if (children) pending.push(...children.split(" ").map(Number));
      }
    }
    return ticks / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Per target, the median over the rounds of each figure. */
export function medianMeasurements<Target extends string>(
  targets: readonly Target[],
  rounds: readonly Record<Target, Measurement>[],
): Record<Target, Measurement> {
  if (rounds.length === 0) throw new Error("no rounds to summarize");
  const medianOf = (target: Target, key: keyof Measurement) => median(rounds.map((round) => round[target][key] ?? Number.NaN));
  return Object.fromEntries(
    targets.map((target) => {
      const measurement: Measurement = { requestsPerSecond: medianOf(target, "requestsPerSecond"), p50: medianOf(target, "p50"), p99: medianOf(target, "p99") };
      if (rounds.every((round) => round[target].cpuMs !== undefined)) measurement.cpuMs = medianOf(target, "cpuMs");
      return [target, measurement];
    }),
  ) as Record<Target, Measurement>;
}

/**
 * `b`'s server CPU per request over `a`'s, taken per round and then the median: what `a / b` in
 * requests per second would be if each server had the CPU to itself. `undefined` without CPU figures.
 */
export function medianCpuRatio<Target extends string>(rounds: readonly Record<Target, Measurement>[], a: Target, b: Target): number | undefined {
  if (!rounds.every((round) => round[a].cpuMs !== undefined && round[b].cpuMs !== undefined)) return undefined;
  return median(rounds.map((round) => round[b].cpuMs! / round[a].cpuMs!));
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
  const { requestsPerSecond, p50, p99, cpuMs } = measurement;
  const cpu = cpuMs === undefined ? "" : `   server CPU ${formatNumber(cpuMs, 3)} ms/request`;
  return `  ${target.padEnd(width)} ${formatNumber(requestsPerSecond).padStart(7)} req/s   p50 ${formatNumber(p50, 1)} ms   p99 ${formatNumber(p99, 1)} ms${cpu}`;
}

/** A ratio of CPU figures as a report line's tail, or nothing when there are none. */
export function formatCpuRatio(label: string, ratio: number | undefined, percent = false): string {
  if (ratio === undefined) return "";
  return `   ${label}: ${percent ? `${formatNumber(ratio * 100, 1)} %` : `${formatNumber(ratio, 2)}×`}`;
}
