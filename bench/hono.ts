/**
 * The Hono benchmark (`BENCH_FILTER=hono npm run bench`): `GET /api/auth/session` with a valid session
 * cookie over HTTP, the same Hono app on @hono/node-server built from `foyer-auth/hono` and from
 * `@hono/auth-js` (bench/hono-server.ts), plus the Foyer server's bare route `/api/plain-session`
 * answering the same JSON without any auth library: the floor. Each server is its own process; the
 * load generator is autocannon, in this process, over loopback.
 *
 * Method as in bench/next.ts: every round measures every target for the same number of seconds with
 * the same connections, the order rotating; a non-2xx answer or a socket error fails the run; ratios
 * are taken per round and their median is reported.
 *
 * Environment: BENCH_HONO_ROUNDS (5), BENCH_HONO_SECONDS (5), BENCH_HONO_WARMUP (2 seconds per target),
 * BENCH_CONCURRENCY (16 connections), BENCH_HONO_FOYER_PORT / BENCH_HONO_AUTHJS_PORT (default: free ports).
 */
import { spawn, type ChildProcess } from "node:child_process";
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

export type HonoTarget = "@hono/auth-js session" | "foyer session" | "bare route";
export const HONO_TARGETS: readonly HonoTarget[] = ["@hono/auth-js session", "foyer session", "bare route"];

export type { Measurement };

export interface HonoBenchOptions {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface HonoBenchSummary {
  medians: Record<HonoTarget, Measurement>;
  /** Foyer's session / @hono/auth-js's session, median of the per-round ratios. */
  ratio: number;
  /** Foyer's session / the bare route, median of the per-round ratios. */
  floorRatio: number;
  /** ≥ 8× @hono/auth-js, or within 20 % of the bare route where that is the lower bar. */
  meetsTarget: boolean;
  /** The same two ratios from the servers' CPU time per request, when measured. */
  cpu?: { ratio: number; floorRatio: number };
  rounds: number;
}

export function summarizeHonoRounds(rounds: readonly Record<HonoTarget, Measurement>[]): HonoBenchSummary {
  const medians = medianMeasurements(HONO_TARGETS, rounds);
  const perRound = (a: HonoTarget, b: HonoTarget) => medianRatio(rounds, a, b);
  const ratio = perRound("foyer session", "@hono/auth-js session");
  const floorRatio = perRound("foyer session", "bare route");
  const meetsTarget = meetsSpeedTarget({ ratio, floorRatio, floor: medians["bare route"], reference: medians["@hono/auth-js session"] });
  const cpuRatio = medianCpuRatio(rounds, "foyer session", "@hono/auth-js session");
  const cpuFloorRatio = medianCpuRatio(rounds, "foyer session", "bare route");
  const cpu = cpuRatio === undefined || cpuFloorRatio === undefined ? {} : { cpu: { ratio: cpuRatio, floorRatio: cpuFloorRatio } };
  return { medians, ratio, floorRatio, meetsTarget, ...cpu, rounds: rounds.length };
}

export function formatHonoSummary(summary: HonoBenchSummary, options: HonoBenchOptions): string {
  const lines = [
    `Hono session GET over HTTP (@hono/node-server, autocannon, ${options.connections} connections, ${options.rounds} rounds × ${options.seconds} s per target; medians):`,
  ];
  for (const target of HONO_TARGETS) {
    lines.push(formatMeasurementLine(target, summary.medians[target], 22));
  }
  lines.push(
    `  Foyer / @hono/auth-js: ${formatNumber(summary.ratio, 2)}×   Foyer / bare route: ${formatNumber(summary.floorRatio * 100, 1)} %`,
    `  target (≥ 8× @hono/auth-js, or ≥ 80 % of the bare route where that is lower): ${summary.meetsTarget ? "met" : "NOT met"}`,
  );
  if (summary.cpu) {
    lines.push(
      `  from server CPU per request:${formatCpuRatio("Foyer / @hono/auth-js", summary.cpu.ratio)}${formatCpuRatio("Foyer / bare route", summary.cpu.floorRatio, true)}`,
    );
  }
  return lines.join("\n");
}

const SECRET = "hono-bench-secret-not-for-anything-else-0123456789";
const COOKIE_NAME = "authjs.session-token";

interface RunningServer {
  child: ChildProcess;
  port: number;
}

function startServer(module: string, port: string | undefined): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/hono-server.ts"], {
    env: { ...process.env, HONO_AUTH: module, PORT: port ?? "0", AUTH_SECRET: SECRET, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once("exit", (code) => reject(new Error(`${module} bench server exited with ${code}`)));
  });
}

/** The session cookie plus the cookies a returning browser holds (CSRF, callback URL), as in bench/next.ts. */
async function browserCookies(port: number): Promise<string> {
  const token = await encode({
    secret: SECRET,
    salt: COOKIE_NAME,
    maxAge: 30 * 24 * 60 * 60,
    token: { name: "Bench User", email: "bench@example.com", sub: "bench" },
  });
  const session = `${COOKIE_NAME}=${token}`;
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/session`, { headers: { cookie: session } });
  const body = (await response.json()) as { user?: { email?: string } } | null;
  if (!response.ok || body?.user?.email !== "bench@example.com") throw new Error(`port ${port}: the session cookie does not read as the bench user`);
  const set = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0]!)
    .filter((pair) => !pair.startsWith(`${COOKIE_NAME}=`));
  return [session, ...set].join("; ");
}

export async function runHonoBench(options: HonoBenchOptions, log: (line: string) => void = () => {}): Promise<HonoBenchSummary> {
  const servers: RunningServer[] = [];
  try {
    const authjs = await startServer("@hono/auth-js", process.env.BENCH_HONO_AUTHJS_PORT);
    servers.push(authjs);
    const foyer = await startServer("foyer-auth/hono", process.env.BENCH_HONO_FOYER_PORT);
    servers.push(foyer);
    const cookies = { authjs: await browserCookies(authjs.port), foyer: await browserCookies(foyer.port) };
    const targets: Record<HonoTarget, { url: string; cookie: string; pid?: number }> = {
      "@hono/auth-js session": { url: `http://127.0.0.1:${authjs.port}/api/auth/session`, cookie: cookies.authjs, pid: authjs.child.pid },
      "foyer session": { url: `http://127.0.0.1:${foyer.port}/api/auth/session`, cookie: cookies.foyer, pid: foyer.child.pid },
      "bare route": { url: `http://127.0.0.1:${foyer.port}/api/plain-session`, cookie: cookies.foyer, pid: foyer.child.pid },
    };
    if (options.warmupSeconds > 0)
      for (const target of HONO_TARGETS) await measureHttp(targets[target].url, targets[target].cookie, options.warmupSeconds, options.connections);
    const rounds: Record<HonoTarget, Measurement>[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const results = {} as Record<HonoTarget, Measurement>;
      for (let i = 0; i < HONO_TARGETS.length; i++) {
        const target = HONO_TARGETS[(i + round) % HONO_TARGETS.length]!;
        results[target] = await measureHttp(targets[target].url, targets[target].cookie, options.seconds, options.connections, targets[target].pid);
      }
      rounds.push(results);
      log(`round ${round + 1}: ${HONO_TARGETS.map((target) => `${target} ${formatNumber(results[target].requestsPerSecond)}`).join(", ")}`);
    }
    return summarizeHonoRounds(rounds);
  } finally {
    for (const server of servers) server.child.kill();
  }
}
