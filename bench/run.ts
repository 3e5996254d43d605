/**
 * `npm run bench`: Foyer's `Auth` against `@auth/core`'s `Auth`, side by side in one process.
 * See docs/performance.md for the method and the latest results.
 *
 * Environment: BENCH_ROUNDS (default 7), BENCH_REQUESTS (requests per implementation per round,
 * default 2000), BENCH_SLICES (turns per round, default 5), BENCH_CONCURRENCY (default 16),
 * BENCH_WARMUP (warm-up rounds, default 2), BENCH_FILTER (run only the cases whose name contains
 * this text, case-insensitive; e.g. `BENCH_FILTER=database` or `BENCH_FILTER=sqlite`; default all).
 * The Next.js case (`BENCH_FILTER=next`) measures over HTTP instead; its own options are in bench/next.ts.
 * So does the Express case (`BENCH_FILTER=express`, bench/express.ts).
 * So does the Hono case (`BENCH_FILTER=hono`): bench/hono.ts.
 * The soak (`BENCH_FILTER=soak`): bench/soak.ts (BENCH_SOAK_REQUESTS, BENCH_SOAK_CONNECTIONS, BENCH_SOAK_WARMUP).
 */
import { availableParallelism, loadavg } from "node:os";
import { DEFAULT_OPTIONS, formatHeader, formatResult, runBench, runCase, type BenchOptions } from "./harness.js";
import { CASES } from "./cases.js";
import { databaseCase, prepareDatabase } from "./database.js";
import { prepareRateLimited, RATE_LIMITED_SIGN_IN } from "./rate-limits.js";
import SQLiteAdapter from "../server/adapters/sqlite.js";
import PostgresAdapter from "../server/adapters/postgres.js";
import { acquirePostgres } from "../server/adapters/test/postgres-harness.js";
import { formatNextSummary, runNextBench, type NextBenchOptions } from "./next.js";
import { formatExpressSummary, runExpressBench, type ExpressBenchOptions } from "./express.js";
import { formatHonoSummary, runHonoBench, type HonoBenchOptions } from "./hono.js";
import { formatSoak, runSoak, SOAK_NAME, type SoakOptions } from "./soak.js";

function positiveInt(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(`${name} must be a ${allowZero ? "non-negative" : "positive"} whole number; got ${JSON.stringify(raw)}`);
  }
  return value;
}

const options: BenchOptions = {
  rounds: positiveInt("BENCH_ROUNDS", DEFAULT_OPTIONS.rounds),
  requests: positiveInt("BENCH_REQUESTS", DEFAULT_OPTIONS.requests),
  slices: positiveInt("BENCH_SLICES", DEFAULT_OPTIONS.slices),
  concurrency: positiveInt("BENCH_CONCURRENCY", DEFAULT_OPTIONS.concurrency),
  warmupRounds: positiveInt("BENCH_WARMUP", DEFAULT_OPTIONS.warmupRounds, true),
};

/**
 * Other processes competing for the CPU distort the numbers of both sides, unevenly. Say so on
 * stderr (stdout keeps exactly one line per case). Checked before the run only: during the run the
 * benchmark's own threads count in the load average.
 */
const [load = 0] = loadavg();
const cores = availableParallelism();
if (load > cores / 2) {
  console.error(
    `warning: load average ${load.toFixed(1)} on ${cores} cores before the run; other processes compete for the CPU and the results are not reliable`,
  );
}

/** Whether a case runs under BENCH_FILTER: lets one case be measured (and profiled) without the rest. */
const filter = process.env.BENCH_FILTER?.toLowerCase() ?? "";
const selected = (name: string) => name.toLowerCase().includes(filter);

console.log(formatHeader(options) + (filter ? `; only cases matching ${JSON.stringify(filter)}` : ""));
const cases = CASES.filter((benchCase) => selected(benchCase.name));
if (cases.length > 0) await runBench({ ...options, cases, onCase: (result) => console.log(formatResult(result)) });

// The rate limiter's cost on a sign-in (bench/rate-limits.ts).
if (selected(RATE_LIMITED_SIGN_IN.name)) {
  const { implementations, states } = await prepareRateLimited();
  console.log(formatResult(await runCase(RATE_LIMITED_SIGN_IN, implementations, states, options)));
}

// Database sessions: the same adapter object for both, over SQLite and over PostgreSQL.
if (selected(databaseCase("SQLite").name)) {
  const sqlite = SQLiteAdapter({ url: ":memory:" });
  try {
    const { implementations, states } = await prepareDatabase(sqlite);
    console.log(formatResult(await runCase(databaseCase("SQLite"), implementations, states, options)));
  } finally {
    await sqlite.close();
  }
}
// On PostgreSQL also with Foyer's session cache on (docs/sessions.md#session-cache): most reads skip the database.
const postgresCases = [false, true].filter((cache) => selected(databaseCase("PostgreSQL", cache).name));
if (postgresCases.length > 0) {
  const postgres = await acquirePostgres();
  if (postgres.ok) {
    const { url } = await postgres.server.createSchema();
    const adapter = PostgresAdapter({ connectionString: url });
    try {
      for (const cache of postgresCases) {
        const { implementations, states } = await prepareDatabase(adapter, { cache });
        console.log(formatResult(await runCase(databaseCase("PostgreSQL", cache), implementations, states, options)));
      }
    } finally {
      await adapter.close();
      await postgres.server.stop();
    }
  } else {
    console.log(`session GET (database, PostgreSQL): not measured — ${postgres.reason}`);
  }
}

// 100 000 database session reads over HTTP at 32 connections: heap growth and errors (bench/soak.ts).
if (selected(SOAK_NAME)) {
  const soakOptions: SoakOptions = {
    requests: positiveInt("BENCH_SOAK_REQUESTS", 100_000),
    connections: positiveInt("BENCH_SOAK_CONNECTIONS", 32),
    warmupRequests: positiveInt("BENCH_SOAK_WARMUP", 5_000, true),
  };
  const postgres = await acquirePostgres();
  try {
    const database = postgres.ok ? (await postgres.server.createSchema()).url : undefined;
    if (!postgres.ok) console.error(`soak on SQLite: ${postgres.reason}`);
    console.log(formatSoak(await runSoak({ ...soakOptions, postgresUrl: database }), soakOptions));
  } finally {
    if (postgres.ok) await postgres.server.stop();
  }
}

// The same session read over HTTP through a Next.js production server: Foyer vs next-auth v5 (bench/next.ts).
if (selected("Next.js session GET over HTTP")) {
  const nextOptions: NextBenchOptions = {
    rounds: positiveInt("BENCH_NEXT_ROUNDS", 5),
    seconds: positiveInt("BENCH_NEXT_SECONDS", 5),
    warmupSeconds: positiveInt("BENCH_NEXT_WARMUP", 2, true),
    connections: options.concurrency,
  };
  const summary = await runNextBench(nextOptions, (line) => console.error(line));
  console.log(formatNextSummary(summary, nextOptions));
}

// The same session read over HTTP through Express 4: foyer-auth/express vs @auth/express (bench/express.ts).
if (selected("Express session GET over HTTP")) {
  const expressOptions: ExpressBenchOptions = {
    rounds: positiveInt("BENCH_EXPRESS_ROUNDS", 5),
    seconds: positiveInt("BENCH_EXPRESS_SECONDS", 5),
    warmupSeconds: positiveInt("BENCH_EXPRESS_WARMUP", 2, true),
    connections: options.concurrency,
  };
  const summary = await runExpressBench(expressOptions, (line) => console.error(line));
  console.log(formatExpressSummary(summary, expressOptions));
}

// The same session read over HTTP through Hono on @hono/node-server: Foyer vs @hono/auth-js (bench/hono.ts).
if (selected("Hono session GET over HTTP")) {
  const honoOptions: HonoBenchOptions = {
    rounds: positiveInt("BENCH_HONO_ROUNDS", 5),
    seconds: positiveInt("BENCH_HONO_SECONDS", 5),
    warmupSeconds: positiveInt("BENCH_HONO_WARMUP", 2, true),
    connections: options.concurrency,
  };
  const summary = await runHonoBench(honoOptions, (line) => console.error(line));
  console.log(formatHonoSummary(summary, honoOptions));
}
