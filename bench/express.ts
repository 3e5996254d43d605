/**
 * The Express benchmark (`npm run bench`, or only this: `BENCH_FILTER=express npm run bench`):
 * `GET /auth/session` with a valid session cookie over HTTP, through the same Express 4 app
 * (bench/express-server.ts) with `foyer-auth/express` and with `@auth/express`, plus the app's bare
 * route `GET /plain-session`, which answers the same JSON without any auth library: Express's own
 * floor. Beside them, the same on plain node:http: `foyer-auth/node`'s `createAuthHandler` and a bare
 * node:http route answering the same JSON. Each server runs in its own process; the load generator
 * is autocannon, in this process.
 *
 * Method as bench/next.ts: every round measures each target for the same seconds and connections,
 * the order rotating; throughput is 2xx answers per second; a non-2xx answer fails the run; ratios
 * are taken per round and their median reported.
 *
 * Environment: BENCH_EXPRESS_ROUNDS (5), BENCH_EXPRESS_SECONDS (5), BENCH_EXPRESS_WARMUP (2),
 * BENCH_CONCURRENCY (16), BENCH_EXPRESS_FOYER_PORT / BENCH_EXPRESS_AUTHJS_PORT / BENCH_EXPRESS_NODE_PORT
 * (default: free ports).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { encode } from "@auth/core/jwt";
import {
  formatCpuRatio,
  formatMeasurementLine,
  formatNumber,
  measureHttp,
  medianCpuRatio,
  medianMeasurements,
  medianRatio,
  meetsSpeedTarget,
  type Measurement,
} from "./http-rounds.js";
import { portFrom } from "../e2e/support/next-apps.js";

export type ExpressTarget = "@auth/express session" | "foyer session" | "bare route" | "foyer node:http session" | "bare node:http route";
export const EXPRESS_TARGETS: readonly ExpressTarget[] = [
  "@auth/express session",
  "foyer session",
  "bare route",
  "foyer node:http session",
  "bare node:http route",
];

export type { Measurement };

export interface ExpressBenchOptions {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface ExpressBenchSummary {
  medians: Record<ExpressTarget, Measurement>;
  /** Foyer / @auth/express, median of the per-round ratios. */
  ratio: number;
  /** Foyer / the bare route. */
  floorRatio: number;
  /** ≥ 8× @auth/express, or ≥ 80 % of the bare route where that is the lower bar. */
  meetsTarget: boolean;
  /** Foyer on plain node:http (`foyer-auth/node`) / @auth/express. */
  nodeRatio: number;
  /** Foyer on plain node:http / a bare node:http route answering the same JSON. */
  nodeFloorRatio: number;
  /** The same ratios from the servers' CPU time per request (see `medianCpuRatio`), when measured. */
  cpu?: { ratio: number; floorRatio: number; nodeRatio: number; nodeFloorRatio: number };
  rounds: number;
}

export function summarizeExpressRounds(rounds: readonly Record<ExpressTarget, Measurement>[]): ExpressBenchSummary {
  const medians = medianMeasurements(EXPRESS_TARGETS, rounds);
  const perRound = (a: ExpressTarget, b: ExpressTarget) => medianRatio(rounds, a, b);
  const ratio = perRound("foyer session", "@auth/express session");
  const floorRatio = perRound("foyer session", "bare route");
  const meetsTarget = meetsSpeedTarget({ ratio, floorRatio, floor: medians["bare route"], reference: medians["@auth/express session"] });
  const nodeRatio = perRound("foyer node:http session", "@auth/express session");
  const nodeFloorRatio = perRound("foyer node:http session", "bare node:http route");
  const cpuRatio = (a: ExpressTarget, b: ExpressTarget) => medianCpuRatio(rounds, a, b);
  const cpuFigures = [
    cpuRatio("foyer session", "@auth/express session"),
    cpuRatio("foyer session", "bare route"),
    cpuRatio("foyer node:http session", "@auth/express session"),
    cpuRatio("foyer node:http session", "bare node:http route"),
  ];
  const cpu = cpuFigures.every((figure) => figure !== undefined)
    ? { ratio: cpuFigures[0]!, floorRatio: cpuFigures[1]!, nodeRatio: cpuFigures[2]!, nodeFloorRatio: cpuFigures[3]! }
    : undefined;
  return { medians, ratio, floorRatio, meetsTarget, nodeRatio, nodeFloorRatio, ...(cpu ? { cpu } : {}), rounds: rounds.length };
}

export function formatExpressSummary(summary: ExpressBenchSummary, options: ExpressBenchOptions): string {
  const lines = [
    `Express 4 session GET over HTTP (autocannon, ${options.connections} connections, ${options.rounds} rounds × ${options.seconds} s per target; medians):`,
  ];
  for (const target of EXPRESS_TARGETS) {
    lines.push(formatMeasurementLine(target, summary.medians[target], 24));
  }
  lines.push(
    `  Foyer / @auth/express: ${formatNumber(summary.ratio, 2)}×   Foyer / bare route: ${formatNumber(summary.floorRatio * 100, 1)} %`,
    `  target (≥ 8× @auth/express, or ≥ 80 % of the bare route where that is lower): ${summary.meetsTarget ? "met" : "NOT met"}`,
    `  foyer-auth/node on plain node:http / @auth/express: ${formatNumber(summary.nodeRatio, 2)}×   / bare node:http route: ${formatNumber(summary.nodeFloorRatio * 100, 1)} %`,
  );
  if (summary.cpu) {
    lines.push(
      `  from server CPU per request:${formatCpuRatio("Foyer / @auth/express", summary.cpu.ratio)}${formatCpuRatio("Foyer / bare route", summary.cpu.floorRatio, true)}` +
        `${formatCpuRatio("node:http / @auth/express", summary.cpu.nodeRatio)}${formatCpuRatio("node:http / bare node:http", summary.cpu.nodeFloorRatio, true)}`,
    );
  }
  return lines.join("\n");
}

const SECRET = "express-bench-secret-not-for-anything-else-0123456789";
const COOKIE_NAME = "authjs.session-token";
const SERVER = fileURLToPath(new URL("./express-server.ts", import.meta.url));

async function startServer(target: "foyer" | "authjs" | "node", port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: { ...process.env, BENCH_EXPRESS_TARGET: target, PORT: String(port), AUTH_SECRET: SECRET, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await Promise.race([once(child.stdout!, "data"), once(child, "exit").then(() => [Buffer.from("exited")])])) as [Buffer];
  if (!chunk.toString().includes("ready")) throw new Error(`the ${target} Express server did not start: ${chunk.toString()}`);
  return child;
}

/** The session cookie, plus the cookies the app sets on a first visit (as a returning browser sends them). */
async function browserCookies(base: string, sessionCookie: string): Promise<string> {
  const response = await fetch(`${base}/auth/session`, { headers: { cookie: sessionCookie } });
  if (!response.ok) throw new Error(`${base}/auth/session: ${response.status}`);
  const body = (await response.json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== "bench@example.com") throw new Error(`${base}/auth/session does not read the bench session: ${JSON.stringify(body)}`);
  const set = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0]!)
    .filter((pair) => !pair.startsWith(`${COOKIE_NAME}=`));
  return [sessionCookie, ...set].join("; ");
}

export async function runExpressBench(options: ExpressBenchOptions, log: (line: string) => void = () => {}): Promise<ExpressBenchSummary> {
  const children: ChildProcess[] = [];
  try {
    const ports = {
      foyer: await portFrom("BENCH_EXPRESS_FOYER_PORT"),
      authjs: await portFrom("BENCH_EXPRESS_AUTHJS_PORT"),
      node: await portFrom("BENCH_EXPRESS_NODE_PORT"),
    };
    const servers = {
      foyer: await startServer("foyer", ports.foyer),
      authjs: await startServer("authjs", ports.authjs),
      node: await startServer("node", ports.node),
    };
    children.push(servers.foyer, servers.authjs, servers.node);
    const token = await encode({
      secret: SECRET,
      salt: COOKIE_NAME,
      maxAge: 30 * 24 * 60 * 60,
      token: { name: "Bench User", email: "bench@example.com", sub: "bench" },
    });
    const session = `${COOKIE_NAME}=${token}`;
    const base = { foyer: `http://127.0.0.1:${ports.foyer}`, authjs: `http://127.0.0.1:${ports.authjs}`, node: `http://127.0.0.1:${ports.node}` };
    const cookies = {
      foyer: await browserCookies(base.foyer, session),
      authjs: await browserCookies(base.authjs, session),
      node: await browserCookies(base.node, session),
    };
    const url: Record<ExpressTarget, string> = {
      "@auth/express session": `${base.authjs}/auth/session`,
      "foyer session": `${base.foyer}/auth/session`,
      "bare route": `${base.foyer}/plain-session`,
      "foyer node:http session": `${base.node}/auth/session`,
      "bare node:http route": `${base.node}/plain-session`,
    };
    const serverOf = (target: ExpressTarget) => (target === "@auth/express session" ? "authjs" : target.includes("node:http") ? "node" : "foyer");
    const cookie = (target: ExpressTarget) => cookies[serverOf(target)];
    const pid = (target: ExpressTarget) => servers[serverOf(target)].pid;
    if (options.warmupSeconds > 0)
      for (const target of EXPRESS_TARGETS) await measureHttp(url[target], cookie(target), options.warmupSeconds, options.connections);
    const rounds: Record<ExpressTarget, Measurement>[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const order = EXPRESS_TARGETS.map((_, i) => EXPRESS_TARGETS[(i + round) % EXPRESS_TARGETS.length]!);
      const results = {} as Record<ExpressTarget, Measurement>;
      for (const target of order) results[target] = await measureHttp(url[target], cookie(target), options.seconds, options.connections, pid(target));
      rounds.push(results);
      log(`round ${round + 1}: ${EXPRESS_TARGETS.map((target) => `${target} ${formatNumber(results[target].requestsPerSecond)}`).join(", ")}`);
    }
    return summarizeExpressRounds(rounds);
  } finally {
    for (const child of children) child.kill();
  }
}
