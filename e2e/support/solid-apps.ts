/**
 * Production builds of the SolidStart test apps, for e2e/solid-start.spec.ts (through
 * e2e/fixtures/solid-start-server.ts):
 *
 * - `foyer`: e2e/fixtures/solid-start-app on `@solidjs/start` 1.3.2 (vinxi), written for
 *   `foyer-auth/solid-start`, with its own install: the newest release that builds on Node.js 20.
 * - `foyer-v2`: the same app on the root's `@solidjs/start` 2 (Vite 8), with a vite.config.ts in place
 *   of app.config.ts. 2.0.5 (like 2.0.0 and 2.0.0-alpha.2) imports `globSync` from `node:fs` when its Vite plugin loads,
 *   which Node.js 20 does not have (Node.js 22 added it; 2.0 declares `node >=24`): the build stops at
 *   "does not provide an export named 'globSync'". On Node.js 20 it is built with that one import
 *   shimmed (solid-start-v2/globsync-hook.mjs); the built server runs on Node.js 20 as it is.
 * - `authjs`: e2e/fixtures/solid-start-authjs-app, written for `@auth/solid-start` 0.19.2 on the old
 *   `solid-start` 0.2.32 package (the one `@auth/solid-start` peers on), as it is.
 * - `authjs-migrated`: the same app after only its import paths changed to Foyer's ({@link migrateImports}).
 *
 * The 1.x and 0.2 fixtures' packages conflict with the root's (another Vite major, another router), so
 * each gets its own `node_modules`, installed once into tmp/solid-deps/<app>-<hash of its package.json>/. A build
 * lives in tmp/solid-apps/<name>-<hash of its inputs>/ (the app's files, its install, and for the Foyer
 * builds this repository's dist/ and package.json), with `node_modules` a link to the install. Folders
 * count once their work has finished; a lock folder keeps two processes from doing the same work at
 * once; older builds of the same name are removed after a new one succeeds (e2e/support/build-cache.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildOnce, hashTree, installedVersion, REPO_ROOT, run } from "./build-cache.js";

const FIXTURES = join(REPO_ROOT, "e2e/fixtures");
const DEPS = join(REPO_ROOT, "tmp/solid-deps");
const BUILDS = join(REPO_ROOT, "tmp/solid-apps");

export type SolidAppName = "foyer" | "foyer-v2" | "authjs" | "authjs-migrated";

interface AppKind {
  /** The fixture folder under e2e/fixtures. */
  fixture: string;
  /** Whether the fixture gets its own install (its package.json); otherwise it builds with the root's packages. */
  ownInstall: boolean;
  /** The build command, run with Node.js in the build folder. */
  build: string[];
  /** The server of the build, run with Node.js in the build folder. */
  server: string[];
  /** Whether the build imports this repository's package (foyer-auth). */
  usesFoyer: boolean;
}

const V2_SUPPORT = join(REPO_ROOT, "e2e/support/solid-start-v2");
/** Node.js 20 needs the `globSync` shim to build `@solidjs/start` 2 (solid-start-v2/globsync-hook.mjs). */
const V2_BUILD_FLAGS = Number(process.versions.node.split(".")[0]) < 22 ? ["--import", join(V2_SUPPORT, "register.mjs")] : [];

const APPS: Record<SolidAppName, AppKind> = {
  foyer: {
    fixture: "solid-start-app",
    ownInstall: true,
    build: ["node_modules/vinxi/bin/cli.mjs", "build"],
    server: [".output/server/index.mjs"],
    usesFoyer: true,
  },
  "foyer-v2": {
    fixture: "solid-start-app",
    ownInstall: false,
    build: [...V2_BUILD_FLAGS, join(REPO_ROOT, "node_modules/vite/bin/vite.js"), "build"],
    server: [join(V2_SUPPORT, "serve.mjs")],
    usesFoyer: true,
  },
  authjs: {
    fixture: "solid-start-authjs-app",
    ownInstall: true,
    build: ["node_modules/solid-start/bin.cjs", "build"],
    server: ["dist/server.js"],
    usesFoyer: false,
  },
  "authjs-migrated": {
    fixture: "solid-start-authjs-app",
    ownInstall: true,
    build: ["node_modules/solid-start/bin.cjs", "build"],
    server: ["dist/server.js"],
    usesFoyer: true,
  },
};

/**
 * `@solidjs/start` 2 reads its options from vite.config.ts (1.x from app.config.ts, which vinxi
 * reads); the app's code is the same.
 */
const V2_VITE_CONFIG = `import { solidStart } from "@solidjs/start/config";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [solidStart()] });
`;

/**
 * What changes in an app moving from `@auth/solid-start` to Foyer: import paths only. Longest first, so
 * `@auth/solid-start/client` is not read as `@auth/solid-start` followed by `/client`.
 */
export const IMPORT_MAP: [from: string, to: string][] = [
  ["@auth/solid-start/client", "foyer-auth/solid-start/client"],
  ["@auth/solid-start/providers/", "foyer-auth/providers/"],
  ["@auth/solid-start", "foyer-auth/solid-start"],
  ["@auth/core/providers/", "foyer-auth/providers/"],
];

/** Rewrites the import paths of every source file under `dir` by {@link IMPORT_MAP}; returns any `@auth/` specifier left. */
export function migrateImports(dir: string): string[] {
  const left: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|js|jsx)$/.test(entry.name)) {
        const source = readFileSync(path, "utf8");
        const migrated = source.replace(/(from\s+|import\s*\(\s*)(["'])([^"']+)\2/g, (whole, lead: string, quote: string, specifier: string) => {
          // A path ending in "/" maps a folder (providers/<id>); any other maps that one module.
          const mapping = IMPORT_MAP.find(([from]) => (from.endsWith("/") ? specifier.startsWith(from) : specifier === from));
          if (!mapping) return whole;
          return `${lead}${quote}${mapping[1]}${specifier.slice(mapping[0].length)}${quote}`;
        });
        if (migrated !== source) writeFileSync(path, migrated);
        for (const match of migrated.matchAll(/["'](@auth\/[^"']+)["']/g)) left.push(`${path}: ${match[1]}`);
      }
    }
  };
  walk(join(dir, "src"));
  return left;
}

function fixtureFiles(kind: AppKind): string {
  return join(FIXTURES, kind.fixture);
}

/** The fixture's own install (its package.json's dependencies), done once per package.json. */
async function installDeps(kind: AppKind): Promise<string> {
  const packageJson = readFileSync(join(fixtureFiles(kind), "package.json"));
  const dir = join(DEPS, `${kind.fixture}-${createHash("sha256").update(packageJson).digest("hex").slice(0, 16)}`);
  await buildOnce(dir, `${kind.fixture}-`, async () => {
    writeFileSync(join(dir, "package.json"), packageJson);
    await run("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--loglevel=error"], { cwd: dir, env: { ...process.env, NODE_ENV: "development" } });
    // Foyer as an installed package: this repository (its package.json exports point into dist/).
    symlinkSync(REPO_ROOT, join(dir, "node_modules/foyer-auth"), "dir");
  });
  return dir;
}

function inputsHash(name: SolidAppName, deps: string | undefined): string {
  const kind = APPS[name];
  const hash = createHash("sha256").update(JSON.stringify({ name, deps: deps?.slice(-16), build: kind.build.map((arg) => arg.replace(REPO_ROOT, "")) }));
  if (name === "foyer-v2") {
    hash.update(JSON.stringify(["@solidjs/start", "@solidjs/router", "solid-js", "vite"].map((pkg) => installedVersion(pkg))));
    hashTree(hash, V2_SUPPORT);
  }
  hashTree(hash, fixtureFiles(kind), (path) => path === "node_modules" || path.startsWith("."));
  if (name === "authjs-migrated") hash.update(JSON.stringify(IMPORT_MAP));
  if (kind.usesFoyer) {
    if (!existsSync(join(REPO_ROOT, "dist/server/integrations/solid-start/index.js"))) {
      throw new Error("dist/ is missing foyer-auth/solid-start: the apps import the built package. Run `npm run build` first.");
    }
    hash.update(readFileSync(join(REPO_ROOT, "package.json")));
    hashTree(hash, join(REPO_ROOT, "dist"), (path) => path.endsWith(".map"));
  }
  return hash.digest("hex").slice(0, 16);
}

export interface SolidAppBuild {
  name: SolidAppName;
  dir: string;
  /** Whether an earlier run's build was reused. */
  reused: boolean;
}

/** Builds the app `name`, or reuses the build of the same inputs. */
export async function buildSolidApp(name: SolidAppName): Promise<SolidAppBuild> {
  const kind = APPS[name];
  const deps = kind.ownInstall ? await installDeps(kind) : undefined;
  const dir = join(BUILDS, `${name}-${inputsHash(name, deps)}`);
  const reused = await buildOnce(
    dir,
    `${name}-`,
    async () => {
      cpSync(fixtureFiles(kind), dir, { recursive: true, filter: (path) => !/[\\/](node_modules|\.output|\.vinxi|\.solid|dist)$/.test(path) });
      if (deps) symlinkSync(join(deps, "node_modules"), join(dir, "node_modules"), "dir");
      else {
        // The root's packages, found by walking up from tmp/; foyer-auth as an installed package.
        mkdirSync(join(dir, "node_modules"));
        symlinkSync(REPO_ROOT, join(dir, "node_modules/foyer-auth"), "dir");
      }
      if (name === "foyer-v2") {
        rmSync(join(dir, "app.config.ts"));
        writeFileSync(join(dir, "vite.config.ts"), V2_VITE_CONFIG);
      }
      if (name === "authjs-migrated") {
        const left = migrateImports(dir);
        if (left.length > 0) throw new Error(`the migration left @auth/ imports: ${left.join(", ")}`);
      }
      await run(process.execPath, kind.build, { cwd: dir, env: { ...process.env, NODE_ENV: "production" } });
    },
    { create: false },
  );
  return { name, dir, reused };
}

export interface RunningSolidApp {
  name: SolidAppName;
  origin: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** The production server of a build on 127.0.0.1:`port`, resolved once `/api/auth/providers` answers. */
export async function startSolidApp(build: SolidAppBuild, port: number, env: Record<string, string>): Promise<RunningSolidApp> {
  const child: ChildProcess = spawn(process.execPath, APPS[build.name].server, {
    cwd: build.dir,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
    process.stderr.write(chunk);
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
    if (child.exitCode !== null) throw new Error(`the ${build.name} app exited with ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/auth/providers`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${build.name} app did not answer on port ${port} within 60 s:\n${stderr}`);
    }
    await sleep(200);
  }
  return { name: build.name, origin: `http://localhost:${port}`, stderr: () => stderr, stop };
}
