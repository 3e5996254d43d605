/**
 * The Next.js benchmark (`npm run bench`, or only this: `BENCH_FILTER=next npm run bench`):
 * `GET /api/auth/session` with a valid session cookie over HTTP, through the production server
 * (`next build` + `next start`) of the same app twice — as written for next-auth v5
 * (e2e/fixtures/next-auth-app) and switched to Foyer by scripts/migrate-next-auth.ts — plus the
 * app's bare route handler `GET /api/plain-session`, which answers the same JSON without any auth
 * library: Next.js's own floor. The load generator is autocannon, in this process, over loopback.
 *
 * Method: both servers run side by side; each round measures every target for the same number of
 * seconds with the same connections, the order rotating from round to round so that no target always
 * goes first. Throughput is 2xx answers per second; a non-2xx answer or a socket error fails the run.
 * Ratios are taken per round and their median is reported, as in bench/harness.ts.
 *
 * Environment: BENCH_NEXT_ROUNDS (5), BENCH_NEXT_SECONDS (5 per target per round), BENCH_NEXT_WARMUP
 * (2 seconds per target before the rounds), BENCH_CONCURRENCY (16 connections), and
 * BENCH_NEXT_NEXTAUTH_PORT / BENCH_NEXT_FOYER_PORT (default: free ports).
 */
import { encode } from "@auth/core/jwt";
import {
  formatMeasurementLine,
  formatNumber,
  measureHttp,
  medianMeasurements,
  medianRatio,
  meetsSpeedTarget,
  type Measurement,
  formatCpuRatio,
  medianCpuRatio,
} from "./http-rounds.js";
import { appEnvironment, buildNextApp, portFrom, startNextApp, type NextAppName, type RunningNextApp } from "../e2e/support/next-apps.js";

/** What is measured: the session endpoint of each app, and the bare route of each app. */
export type NextTarget = "next-auth session" | "foyer session" | "next-auth bare route" | "foyer bare route" | "foyer bare catch-all";
/**
 * "bare route" is `/api/plain-session`, the floor; "bare catch-all" is the same handler under
 * `/api/plain/[...path]`, routed like the auth handler's `[...nextauth]`, to tell Next's routing
 * apart from the library's work.
 */
export const NEXT_TARGETS: readonly NextTarget[] = ["next-auth session", "foyer session", "next-auth bare route", "foyer bare route", "foyer bare catch-all"];
const TARGET_PATHS: Record<NextTarget, string> = {
  "next-auth session": "/api/auth/session",
  "foyer session": "/api/auth/session",
  "next-auth bare route": "/api/plain-session",
  "foyer bare route": "/api/plain-session",
  "foyer bare catch-all": "/api/plain/session",
};

export type { Measurement };

export interface NextBenchOptions {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface NextBenchSummary {
  /** Per target: the median over rounds of each figure. */
  medians: Record<NextTarget, Measurement>;
  /** Foyer's session / next-auth's session, median of the per-round ratios. */
  ratio: number;
  /** Foyer's session / the bare route of the same (Foyer) build, median of the per-round ratios. */
  floorRatio: number;
  /** next-auth's session / the bare route of its build. */
  nextAuthFloorRatio: number;
  /** Foyer's session / the bare catch-all route of the same build (the floor with the auth route's routing). */
  catchAllRatio: number;
  /** ≥ 8× next-auth, or within 20 % of the bare route when that is the lower bar. */
  meetsTarget: boolean;
  /** Foyer / next-auth and Foyer / the bare route from the servers' CPU time per request, when measured. */
  cpu?: { ratio: number; floorRatio: number };
  rounds: number;
}

/** Medians and ratios of the rounds; each round holds one measurement per target. */
export function summarizeNextRounds(rounds: readonly Record<NextTarget, Measurement>[]): NextBenchSummary {
  const medians = medianMeasurements(NEXT_TARGETS, rounds);
  const perRound = (a: NextTarget, b: NextTarget) => medianRatio(rounds, a, b);
  const ratio = perRound("foyer session", "next-auth session");
  const floorRatio = perRound("foyer session", "foyer bare route");
  const meetsTarget = meetsSpeedTarget({ ratio, floorRatio, floor: medians["foyer bare route"], reference: medians["next-auth session"] });
  return {
    medians,
    ratio,
    floorRatio,
    nextAuthFloorRatio: perRound("next-auth session", "next-auth bare route"),
    catchAllRatio: perRound("foyer session", "foyer bare catch-all"),
    meetsTarget,
    ...cpuRatios(rounds),
    rounds: rounds.length,
  };
}

function cpuRatios(rounds: readonly Record<NextTarget, Measurement>[]): { cpu?: { ratio: number; floorRatio: number } } {
  const ratio = medianCpuRatio(rounds, "foyer session", "next-auth session");
  const floorRatio = medianCpuRatio(rounds, "foyer session", "foyer bare route");
  return ratio === undefined || floorRatio === undefined ? {} : { cpu: { ratio, floorRatio } };
}

/** The report, one line per target then the ratios. */
export function formatNextSummary(summary: NextBenchSummary, options: NextBenchOptions): string {
  const lines = [
    `Next.js session GET over HTTP (autocannon, ${options.connections} connections, ${options.rounds} rounds × ${options.seconds} s per target; medians):`,
  ];
  for (const target of NEXT_TARGETS) {
    lines.push(formatMeasurementLine(target, summary.medians[target], 24));
  }
  lines.push(
    `  Foyer / next-auth: ${formatNumber(summary.ratio, 2)}×   Foyer / bare route: ${formatNumber(summary.floorRatio * 100, 1)} %   next-auth / bare route: ${formatNumber(summary.nextAuthFloorRatio * 100, 1)} %   Foyer / bare catch-all: ${formatNumber(summary.catchAllRatio * 100, 1)} %`,
    `  target (≥ 8× next-auth, or ≥ 80 % of the bare route where that is lower): ${summary.meetsTarget ? "met" : "NOT met"}`,
  );
  if (summary.cpu) {
    lines.push(
      `  from server CPU per request:${formatCpuRatio("Foyer / next-auth", summary.cpu.ratio)}${formatCpuRatio("Foyer / bare route", summary.cpu.floorRatio, true)}`,
    );
  }
  return lines.join("\n");
}

const SECRET = "next-bench-secret-not-for-anything-else-0123456789";
const COOKIE_NAME = "authjs.session-token";

/** A session cookie as next-auth issues it for a credentials sign-in (both apps read it). */
async function sessionCookie(): Promise<string> {
  const token = await encode({
    secret: SECRET,
    salt: COOKIE_NAME,
    maxAge: 30 * 24 * 60 * 60,
    token: { name: "Bench User", email: "bench@example.com", sub: "bench", role: "member", provider: "credentials" },
  });
  return `${COOKIE_NAME}=${token}`;
}

/**
 * The cookies a returning browser sends to `app`: the session cookie plus the CSRF and callback-url
 * cookies the app sets on the first visit (without them, both libraries would mint a CSRF token on
 * every request, which a browser never makes them do). Each app gets its own, as in bench/cases.ts.
 */
async function browserCookies(app: RunningNextApp, sessionCookie: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${app.port}/api/auth/session`, { headers: { cookie: sessionCookie } });
  if (!response.ok) throw new Error(`${app.name} /api/auth/session: ${response.status}`);
  const set = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0]!)
    .filter((pair) => !pair.startsWith(`${COOKIE_NAME}=`));
  return [sessionCookie, ...set].join("; ");
}

/** Checks that both apps read their cookies as the same session and the bare route answers its shape. */
async function checkAnswers(apps: Record<NextAppName, RunningNextApp>, cookies: Record<NextAppName, string>): Promise<void> {
  const shape = (value: unknown) => JSON.stringify(value, (key, inner) => (key === "expires" ? "<date>" : inner));
  const answers: Record<string, string> = {};
  for (const name of ["next-auth", "foyer"] as const) {
    for (const path of ["/api/auth/session", "/api/plain-session", "/api/plain/session"]) {
      const response = await fetch(`http://127.0.0.1:${apps[name].port}${path}`, { headers: { cookie: cookies[name] } });
      if (!response.ok) throw new Error(`${name} ${path}: ${response.status}`);
      answers[`${name} ${path}`] = shape(await response.json());
    }
  }
  const expected = answers["next-auth /api/plain-session"];
  for (const [label, answer] of Object.entries(answers)) {
    if (answer !== expected) throw new Error(`${label} answers ${answer}, the bare route ${expected}: the benchmark would not compare like with like`);
  }
}

/** Builds (or reuses) both apps, starts them, and measures. */
export async function runNextBench(options: NextBenchOptions, log: (line: string) => void = () => {}): Promise<NextBenchSummary> {
  const apps = {} as Record<NextAppName, RunningNextApp>;
  try {
    for (const [name, variable] of [
      ["next-auth", "BENCH_NEXT_NEXTAUTH_PORT"],
      ["foyer", "BENCH_NEXT_FOYER_PORT"],
    ] as const) {
      const build = await buildNextApp(name);
      log(`${name}: ${build.reused ? "reusing the build in" : "built"} ${build.dir}`);
      // The session endpoint needs neither the database nor the providers' servers; the values only let the config load.
      apps[name] = await startNextApp(
        build,
        await portFrom(variable),
        appEnvironment({
          AUTH_SECRET: SECRET,
          DATABASE_URL: "postgres://bench@127.0.0.1:9/unused",
          TEST_IDP_ISSUER: "http://127.0.0.1:9",
          EMAIL_SERVER: "smtp://127.0.0.1:9",
          EMAIL_FROM: "bench@example.com",
        }),
      );
    }
    const session = await sessionCookie();
    const cookies = { "next-auth": await browserCookies(apps["next-auth"], session), foyer: await browserCookies(apps.foyer, session) };
    await checkAnswers(apps, cookies);
    const appOf = (target: NextTarget): NextAppName => (target.startsWith("foyer") ? "foyer" : "next-auth");
    const url = (target: NextTarget) => `http://127.0.0.1:${apps[appOf(target)].port}${TARGET_PATHS[target]}`;
    const cookie = (target: NextTarget) => cookies[appOf(target)];
    if (options.warmupSeconds > 0)
      for (const target of NEXT_TARGETS) await measureHttp(url(target), cookie(target), options.warmupSeconds, options.connections);
    const rounds: Record<NextTarget, Measurement>[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const order = NEXT_TARGETS.map((_, i) => NEXT_TARGETS[(i + round) % NEXT_TARGETS.length]!);
      const results = {} as Record<NextTarget, Measurement>;
      for (const target of order)
        results[target] = await measureHttp(url(target), cookie(target), options.seconds, options.connections, apps[appOf(target)].pid);
      rounds.push(results);
      log(`round ${round + 1}: ${NEXT_TARGETS.map((target) => `${target} ${formatNumber(results[target].requestsPerSecond)}`).join(", ")}`);
    }
    return summarizeNextRounds(rounds);
  } finally {
    for (const app of Object.values(apps)) await app.stop();
  }
}
