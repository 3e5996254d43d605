/**
 * Production builds of the next-auth test app (e2e/fixtures/next-auth-app) and of its copy switched to
 * Foyer by scripts/migrate-next-auth.ts, for e2e/next-migration.spec.ts and the Next.js benchmark
 * (bench/next.ts).
 *
 * `next build` takes a minute on two cores, so each app is built once and reused for as long as its
 * inputs are unchanged: the build lives in tmp/next-apps/<name>-<hash>/, where the hash covers the
 * app's files, the migration script, the installed versions of next, react, react-dom and next-auth,
 * and (for the Foyer copy) Foyer's built package in dist/. A folder is used only once the build in it
 * has finished; a lock folder keeps two processes from building the same inputs at once; older builds
 * of the same app are removed after a new one succeeds (e2e/support/build-cache.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { migrateApp } from "../../scripts/migrate-next-auth.js";
import { buildOnce, hashTree, installedVersion, REPO_ROOT, run } from "./build-cache.js";

export { REPO_ROOT };
export const NEXT_AUTH_APP_SOURCE = join(REPO_ROOT, "e2e/fixtures/next-auth-app");
const BUILDS = join(REPO_ROOT, "tmp/next-apps");
const MIGRATION_SCRIPT = join(REPO_ROOT, "scripts/migrate-next-auth.ts");
const FOYER_DIST = join(REPO_ROOT, "dist");

const require = createRequire(import.meta.url);
const NEXT_BIN = require.resolve("next/dist/bin/next");

/** The two builds of the same app. */
export type NextAppName = "next-auth" | "foyer";

export interface NextAppBuild {
  name: NextAppName;
  /** The folder the app was built in (its `.next` inside). */
  dir: string;
  /** Whether an earlier run's build was reused. */
  reused: boolean;
}

/**
 * Values the app's modules read when `next build` evaluates them (auth.ts creates its providers at
 * import). None is baked into the build: the running server reads the real ones from its environment.
 */
const BUILD_ENV = {
  NEXT_TELEMETRY_DISABLED: "1",
  AUTH_SECRET: "build-time-placeholder-secret-not-used-at-runtime",
  EMAIL_SERVER: "smtp://127.0.0.1:9",
  EMAIL_FROM: "build@example.com",
  TEST_IDP_ISSUER: "http://127.0.0.1:9",
};

/** The hash of everything a build of `name` depends on. */
function inputsHash(name: NextAppName): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ name, BUILD_ENV, versions: ["next", "react", "react-dom", "next-auth", "@auth/core"].map((pkg) => installedVersion(pkg)) }));
  hashTree(hash, NEXT_AUTH_APP_SOURCE, (path) => path === ".next" || path === "node_modules" || path === "next-env.d.ts");
  if (name === "foyer") {
    hash.update(readFileSync(MIGRATION_SCRIPT));
    if (!existsSync(join(FOYER_DIST, "server"))) {
      throw new Error("dist/ is missing: the Foyer app imports the built package (foyer-auth/next). Run `npm run build` first.");
    }
    hash.update(readFileSync(join(REPO_ROOT, "package.json")));
    hashTree(hash, FOYER_DIST, (path) => path.endsWith(".map"));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Builds the app `name` ("next-auth": the fixture as written; "foyer": its migrated copy), or reuses the build of the same inputs. */
export async function buildNextApp(name: NextAppName): Promise<NextAppBuild> {
  const dir = join(BUILDS, `${name}-${inputsHash(name)}`);
  const reused = await buildOnce(
    dir,
    `${name}-`,
    async () => {
      if (name === "foyer") {
        const { unmapped } = migrateApp(NEXT_AUTH_APP_SOURCE, dir);
        if (unmapped.length > 0) throw new Error(`the migration left next-auth paths: ${unmapped.join(", ")}`);
      } else {
        cpSync(NEXT_AUTH_APP_SOURCE, dir, { recursive: true, filter: (path) => !/[\\/](\.next|node_modules)$/.test(path) });
      }
      await run(process.execPath, [NEXT_BIN, "build"], { cwd: dir, env: { ...process.env, ...BUILD_ENV, NODE_ENV: "production" } });
    },
    { create: false },
  );
  return { name, dir, reused };
}

/** A port from the environment variable `variable`, or a free one. */
export async function portFrom(variable: string): Promise<number> {
  const set = process.env[variable];
  if (set) {
    const port = Number(set);
    if (!/^\d+$/.test(set) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number from 1 to 65535; got ${JSON.stringify(set)}.`);
    return port;
  }
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningNextApp {
  name: NextAppName;
  /** `http://localhost:<port>`: the browser must use `localhost` (`next start` names it so anyway). */
  origin: string;
  port: number;
  /** The `next start` process's id (benchmarks read its CPU time). */
  pid?: number;
  /** What the server printed on stderr so far (the last 20 000 characters). */
  stderr(): string;
  stop(): Promise<void>;
}

/** The runtime environment both apps need; `extra` adds or overrides. */
export function appEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", AUTH_TRUST_HOST: "true", ...extra };
}

/** `next start` of a build on 127.0.0.1:`port`, resolved once it answers. */
export async function startNextApp(build: NextAppBuild, port: number, env: NodeJS.ProcessEnv): Promise<RunningNextApp> {
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: build.dir,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000).then(() => child.kill("SIGKILL"))]);
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start of ${build.name} exited with ${child.exitCode}:\n${stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/plain-session`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next start of ${build.name} did not answer on port ${port} within 60 s:\n${stderr}`);
    }
    await sleep(200);
  }
  return { name: build.name, origin: `http://localhost:${port}`, port, pid: child.pid, stderr: () => stderr, stop };
}
