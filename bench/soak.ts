/**
 * The soak (`npm run bench`, or only this: `BENCH_FILTER=soak npm run bench`): 100 000 database
 * session reads over HTTP at 32 connections, against one server process (bench/soak-server.ts: Foyer on
 * node:http, database sessions with the session cache on, PostgreSQL when there is one). It reports
 * what a long-running instance cares about and a short benchmark cannot show:
 *
 * - **heap growth**: the server's heap after a full garbage collection, once after a warm-up (JIT,
 *   caches filled) and once after the soak; the difference is what the reads left behind. Target: under 5 MB.
 * - **errors**: socket errors, timeouts, non-2xx answers, and answers that are not the signed-in
 *   session (a `null` body is a 200 too, so every body is checked). Target: none.
 *
 * The load generator is autocannon, in this process, with `amount` (a fixed number of requests, not a duration).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { portFrom } from "../e2e/support/next-apps.js";
import { formatNumber } from "./http-rounds.js";

export const SOAK_NAME = "soak: database session reads over HTTP";
/** The heap may grow by less than this over the soak. */
export const HEAP_TARGET_BYTES = 5 * 1024 * 1024;

const SECRET = "soak-bench-secret-not-for-anything-else-0123456789";
const SERVER = fileURLToPath(new URL("./soak-server.ts", import.meta.url));

export interface SoakOptions {
  requests: number;
  connections: number;
  /** Requests sent before the first heap reading. */
  warmupRequests: number;
}

export interface SoakResult {
  database: "PostgreSQL" | "SQLite";
  requests: number;
  /** Socket errors, timeouts, non-2xx answers and answers without the session. */
  errors: number;
  heapBefore: number;
  heapAfter: number;
  heapGrowth: number;
  requestsPerSecond: number;
  meetsTarget: boolean;
}

/** The counts autocannon reports that make a soak fail. */
export interface SoakCounts {
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
}

export function summarizeSoak(input: {
  database: SoakResult["database"];
  requests: number;
  counts: SoakCounts;
  heapBefore: number;
  heapAfter: number;
  seconds: number;
}): SoakResult {
  const { counts } = input;
  const errors = counts.errors + counts.timeouts + counts.non2xx + counts.mismatches;
  const heapGrowth = input.heapAfter - input.heapBefore;
  return {
    database: input.database,
    requests: input.requests,
    errors,
    heapBefore: input.heapBefore,
    heapAfter: input.heapAfter,
    heapGrowth,
    requestsPerSecond: input.seconds > 0 ? input.requests / input.seconds : 0,
    meetsTarget: errors === 0 && heapGrowth < HEAP_TARGET_BYTES,
  };
}

const mb = (bytes: number) => `${formatNumber(bytes / (1024 * 1024), 2)} MB`;

export function formatSoak(result: SoakResult, options: SoakOptions): string {
  return [
    `${SOAK_NAME} (${result.database}, Foyer's session cache on; ${formatNumber(options.requests)} requests, ${options.connections} connections, after ${formatNumber(options.warmupRequests)} warm-up requests):`,
    `  heap after GC: ${mb(result.heapBefore)} before, ${mb(result.heapAfter)} after, growth ${mb(result.heapGrowth)}; errors ${result.errors}; ${formatNumber(result.requestsPerSecond)} req/s`,
    `  target (heap growth < 5 MB, no error): ${result.meetsTarget ? "met" : "NOT met"}`,
  ].join("\n");
}

async function startServer(port: number, postgresUrl: string | undefined): Promise<{ child: ChildProcess; token: string }> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", SERVER], {
    env: { ...process.env, PORT: String(port), AUTH_SECRET: SECRET, NODE_ENV: "production", SOAK_POSTGRES_URL: postgresUrl ?? "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await Promise.race([once(child.stdout!, "data"), once(child, "exit").then(() => [Buffer.from("exited")])])) as [Buffer];
  const line = chunk.toString().trim();
  if (!line.startsWith("ready ")) throw new Error(`the soak server did not start: ${line}`);
  return { child, token: line.slice("ready ".length) };
}

async function heapUsed(base: string): Promise<number> {
  return ((await (await fetch(`${base}/heap`)).json()) as { heapUsed: number }).heapUsed;
}

/** Runs the soak; `postgresUrl` selects PostgreSQL, else the server uses in-memory SQLite. */
export async function runSoak(options: SoakOptions & { postgresUrl?: string }): Promise<SoakResult> {
  const port = await portFrom("BENCH_SOAK_PORT");
  const { child, token } = await startServer(port, options.postgresUrl);
  try {
    const base = `http://127.0.0.1:${port}`;
    // The first read goes to the database and writes the cache cookie a returning browser sends.
    const first = await fetch(`${base}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } });
    const body = (await first.json()) as { user?: { email?: string } } | null;
    if (body?.user?.email !== "soak@example.com") throw new Error(`the soak server does not read its session: ${JSON.stringify(body)}`);
    const cache = first.headers.getSetCookie().find((cookie) => cookie.startsWith("foyer.session-cache="));
    if (!cache) throw new Error("the soak server wrote no session cache cookie");
    const cookie = `authjs.session-token=${token}; ${cache.split(";", 1)[0]}`;
    const run = (amount: number) =>
      autocannon({
        url: `${base}/auth/session`,
        connections: options.connections,
        amount,
        headers: { cookie },
        verifyBody: (text: string) => text.includes('"email":"soak@example.com"'),
      });
    if (options.warmupRequests > 0) await run(options.warmupRequests);
    const heapBefore = await heapUsed(base);
    const started = performance.now();
    const result = await run(options.requests);
    const seconds = (performance.now() - started) / 1000;
    const heapAfter = await heapUsed(base);
    return summarizeSoak({
      database: options.postgresUrl ? "PostgreSQL" : "SQLite",
      requests: result.requests.total,
      counts: { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, mismatches: result.mismatches ?? 0 },
      heapBefore,
      heapAfter,
      seconds,
    });
  } finally {
    child.kill();
    await once(child, "exit").catch(() => undefined);
  }
}
