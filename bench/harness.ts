/**
 * The measuring part of the benchmark: a promise pool (N requests in flight), a fixed number of
 * requests per implementation per round, implementations alternating, and medians over rounds.
 *
 * Each round's requests are sent in a few slices, the implementations taking turns slice by slice
 * (and swapping who goes first), so that both sample the same stretch of time: on a machine where
 * something else wakes up for a moment, both sides of a round see it, not just whichever happened to
 * be running. Throughput is compared as a ratio *per round* and the median of those ratios is
 * reported, so one noisy round moves neither median much.
 */
import { CASES, createImplementations, signIn, type BenchCase, type BrowserState, type Implementation, type ImplementationName } from "./cases.js";

export interface BenchOptions {
  /** Timed rounds (after the warm-up). */
  rounds: number;
  /** Requests per implementation per round. */
  requests: number;
  /** Turns per round: each implementation sends requests/slices requests per turn. */
  slices: number;
  /** Requests in flight. */
  concurrency: number;
  /** Warm-up rounds, not recorded. */
  warmupRounds: number;
  /** Cases to run (default: all). */
  cases?: readonly BenchCase[];
  /** Called after each case, e.g. to print its line as soon as it is known. */
  onCase?: (result: CaseResult) => void;
}

export const DEFAULT_OPTIONS: BenchOptions = { rounds: 7, requests: 2000, slices: 5, concurrency: 16, warmupRounds: 2 };

export interface CaseResult {
  name: string;
  /** Requests per second, per round, by implementation. */
  throughput: Record<ImplementationName, number[]>;
  /** Foyer / @auth/core, per round. */
  ratios: number[];
  medianFoyer: number;
  medianAuthjs: number;
  medianRatio: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Sends every request through `handle` with `concurrency` in flight and resolves when all answered.
 * A response with another status than `expectedStatus` rejects: a fast wrong answer is not a result.
 */
export async function runPool(
  handle: (request: Request) => Promise<Response>,
  requests: readonly Request[],
  concurrency: number,
  expectedStatus: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const response = await handle(requests[next++]!);
      if (response.status !== expectedStatus) {
        throw new Error(`expected status ${expectedStatus}, got ${response.status} (${response.headers.get("location") ?? ""})`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
}

/** One timed batch: builds the requests first (untimed), then returns the seconds they took. */
export async function measure(impl: Implementation, benchCase: BenchCase, state: BrowserState, count: number, concurrency: number): Promise<number> {
  const requests = Array.from({ length: count }, () => benchCase.request(state));
  const start = performance.now();
  try {
    await runPool(impl.handle, requests, concurrency, benchCase.expectedStatus);
  } catch (error) {
    throw new Error(`${impl.name}, ${benchCase.name}: ${(error as Error).message}`, { cause: error });
  }
  return (performance.now() - start) / 1000;
}

/** Signs in with every implementation: the browser state each case's requests are built from. */
export async function prepare(): Promise<{ implementations: Implementation[]; states: Map<ImplementationName, BrowserState> }> {
  const implementations = createImplementations();
  const states = new Map<ImplementationName, BrowserState>();
  for (const impl of implementations) states.set(impl.name, await signIn(impl));
  return { implementations, states };
}

type RoundOptions = Pick<BenchOptions, "rounds" | "requests" | "slices" | "concurrency" | "warmupRounds">;

export async function runCase(
  benchCase: BenchCase,
  implementations: readonly Implementation[],
  states: ReadonlyMap<ImplementationName, BrowserState>,
  options: RoundOptions,
): Promise<CaseResult> {
  const throughput: Record<ImplementationName, number[]> = { foyer: [], "@auth/core": [] };
  const ratios: number[] = [];
  const slices = Math.max(1, Math.min(options.slices, options.requests));
  for (let round = -options.warmupRounds; round < options.rounds; round++) {
    const seconds = new Map<ImplementationName, number>(implementations.map((impl) => [impl.name, 0]));
    for (let slice = 0; slice < slices; slice++) {
      // The same count for both; the slices add up to exactly `requests`.
      const count = Math.floor(((slice + 1) * options.requests) / slices) - Math.floor((slice * options.requests) / slices);
      // Alternate who goes first, so that neither side always follows the other's garbage.
      const order = (round + slice) % 2 === 0 ? implementations : [...implementations].reverse();
      for (const impl of order) {
        const elapsed = await measure(impl, benchCase, states.get(impl.name)!, count, options.concurrency);
        seconds.set(impl.name, seconds.get(impl.name)! + elapsed);
      }
    }
    if (round < 0) continue;
    const foyer = options.requests / seconds.get("foyer")!;
    const authjs = options.requests / seconds.get("@auth/core")!;
    throughput.foyer.push(foyer);
    throughput["@auth/core"].push(authjs);
    ratios.push(foyer / authjs);
  }
  return {
    name: benchCase.name,
    throughput,
    ratios,
    medianFoyer: median(throughput.foyer),
    medianAuthjs: median(throughput["@auth/core"]),
    medianRatio: median(ratios),
  };
}

export async function runBench(options: Partial<BenchOptions> = {}): Promise<CaseResult[]> {
  const resolved = { ...DEFAULT_OPTIONS, ...options };
  const { implementations, states } = await prepare();
  const results: CaseResult[] = [];
  for (const benchCase of resolved.cases ?? CASES) {
    const result = await runCase(benchCase, implementations, states, resolved);
    results.push(result);
    resolved.onCase?.(result);
  }
  return results;
}

const whole = (n: number) => Math.round(n).toLocaleString("en-US");

export function formatHeader(options: RoundOptions): string {
  return `Node ${process.version}, ${options.rounds} rounds (+${options.warmupRounds} warm-up), ${options.requests} requests per implementation per round in ${options.slices} alternating slices, ${options.concurrency} in flight`;
}

export function formatResult(result: CaseResult): string {
  return `${result.name}: foyer ${whole(result.medianFoyer)} req/s, @auth/core ${whole(result.medianAuthjs)} req/s, ratio ${result.medianRatio.toFixed(1)}×`;
}
