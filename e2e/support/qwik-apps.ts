/**
 * Production builds of the Qwik City test app (e2e/fixtures/qwik-app, written for `@auth/qwik`) for
 * e2e/qwik.spec.ts and e2e/qwik-migration.spec.ts: the app as written ("authjs"), and its copy with
 * the imports switched to Foyer ("foyer": `@auth/qwik` → `foyer-auth/qwik`,
 * `@auth/qwik/providers/<id>` → `foyer-auth/providers/<id>`, nothing else).
 *
 * Qwik City 1.x wants Vite 7 while the repository has Vite 8, so the app's packages are installed
 * apart from the repository's: once into tmp/qwik/deps-<hash of the app's package.json>/ (npm install),
 * where `node_modules/foyer-auth` links to this repository (its built dist/, as an installed package
 * would be). The builds live under that folder (apps/<name>-<hash>/) so that both Node and Vite find
 * the Qwik packages there, and Foyer's own dependencies (jose, preact, …) in the repository's
 * node_modules further up. Each build is cached by the hash of its inputs (the app's files, the
 * installed packages, and for the Foyer copy the repository's dist/ and the integration's source):
 * `vite build` then `vite build -c adapters/node-server/vite.config.ts` (`qwik build` crashes with
 * "Cannot find module 'ignore'"). The Foyer copy is type-checked first with Qwik's types: the app
 * against `foyer-auth/qwik`'s declarations, and the integration's Qwik glue
 * (server/integrations/qwik/index.qwik.ts, which the root build compiles without Qwik's types).
 *
 * A folder is used only once its work has finished; a lock folder keeps two processes from doing the
 * same work at once (e2e/support/build-cache.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildOnce, hashTree, isComplete, REPO_ROOT, run } from "./build-cache.js";

export { REPO_ROOT };
export const QWIK_APP_SOURCE = join(REPO_ROOT, "e2e/fixtures/qwik-app");
const CACHE = join(REPO_ROOT, "tmp/qwik");
const QWIK_GLUE = join(REPO_ROOT, "server/integrations/qwik/index.qwik.ts");

/** The two builds of the same app. */
export type QwikAppName = "authjs" | "foyer";

export interface QwikAppBuild {
  name: QwikAppName;
  /** The built app (its `server/entry.node-server.js` and `dist/`). */
  dir: string;
  /** Whether an earlier run's install and build were reused. */
  reused: { install: boolean; build: boolean };
}

/** An app's source with its `@auth/qwik` imports switched to Foyer: the only change an app needs. */
export function switchImportsToFoyer(source: string): string {
  return source.replace(/(["'])@auth\/qwik\/providers\/([\w-]+)\1/g, "$1foyer-auth/providers/$2$1").replace(/(["'])@auth\/qwik\1/g, "$1foyer-auth/qwik$1");
}

/** Where the app's packages are installed: one folder per version of its package.json. */
function depsFolder(): string {
  const manifest = readFileSync(join(QWIK_APP_SOURCE, "package.json"));
  return join(CACHE, `deps-${createHash("sha256").update(manifest).digest("hex").slice(0, 16)}`);
}

/** The app's packages, installed once per version of its package.json. */
async function installDependencies(): Promise<{ dir: string; reused: boolean }> {
  const dir = depsFolder();
  const reused = await buildOnce(dir, "deps-", async () => {
    const manifest = readFileSync(join(QWIK_APP_SOURCE, "package.json"));
    writeFileSync(join(dir, "package.json"), manifest);
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir });
    // An installed foyer-auth: the repository itself, whose package.json points at dist/.
    symlinkSync(REPO_ROOT, join(dir, "node_modules/foyer-auth"), "dir");
  });
  return { dir, reused };
}

/** The hash of everything a build of `name` depends on. */
function inputsHash(name: QwikAppName, depsDir: string): string {
  const hash = createHash("sha256");
  // The build steps below are part of the inputs: bump BUILD_RECIPE when they change.
  hash.update(`${name}\0${depsDir}\0${BUILD_RECIPE}\0`);
  hashTree(hash, QWIK_APP_SOURCE, (path) => path === "node_modules" || path === "dist" || path === "server");
  if (name === "foyer") {
    if (!existsSync(join(REPO_ROOT, "dist/server/integrations/qwik/index.qwik.js"))) {
      throw new Error("dist/ is missing foyer-auth/qwik: the Foyer app imports the built package. Run `npm run build` first.");
    }
    hash.update(readFileSync(join(REPO_ROOT, "package.json")));
    hashTree(hash, join(REPO_ROOT, "dist"), (path) => path.endsWith(".map"));
    hash.update(readFileSync(QWIK_GLUE));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The version of the build steps (the import switch, the type-checks, the Vite builds). */
const BUILD_RECIPE = "1";

const TSC = join(REPO_ROOT, "node_modules/typescript/bin/tsc");

/**
 * Type-checks the Foyer copy with Qwik's types: the app against `foyer-auth/qwik`'s declarations
 * (`preserveSymlinks`, so that the linked package finds Qwik in the install), and the integration's
 * Qwik glue with the repository's compiler settings, Qwik's packages mapped to the install.
 */
async function typecheck(appDir: string, depsDir: string): Promise<void> {
  writeFileSync(join(appDir, "tsconfig.check-app.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { preserveSymlinks: true } }));
  const qwik = join(depsDir, "node_modules/@builder.io");
  writeFileSync(
    join(appDir, "tsconfig.check-glue.json"),
    JSON.stringify({
      extends: join(REPO_ROOT, "tsconfig.json"),
      compilerOptions: {
        noEmit: true,
        paths: {
          "@builder.io/qwik": [join(qwik, "qwik/dist/core.d.ts")],
          "@builder.io/qwik/build": [join(qwik, "qwik/dist/build/index.d.ts")],
          "@builder.io/qwik-city": [join(qwik, "qwik-city/lib/index.d.ts")],
        },
      },
      files: [QWIK_GLUE],
      include: [],
      exclude: [],
    }),
  );
  await run(process.execPath, [TSC, "-p", "tsconfig.check-app.json", "--pretty", "false"], { cwd: appDir });
  await run(process.execPath, [TSC, "-p", "tsconfig.check-glue.json", "--pretty", "false"], { cwd: appDir });
}

/** Builds the app `name`, or reuses the build of the same inputs. */
export async function buildQwikApp(name: QwikAppName): Promise<QwikAppBuild> {
  const deps = await installDependencies();
  const apps = join(deps.dir, "apps");
  const dir = join(apps, `${name}-${inputsHash(name, deps.dir)}`);
  const reused = await buildOnce(dir, `${name}-`, async () => {
    cpSync(QWIK_APP_SOURCE, dir, { recursive: true, filter: (path) => !/[\\/](node_modules|dist|server|tmp)$/.test(path) });
    if (name === "foyer") {
      const sources = (folder: string): string[] =>
        readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? sources(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
        );
      for (const file of sources(join(dir, "src"))) writeFileSync(file, switchImportsToFoyer(readFileSync(file, "utf8")));
      // Listed as a dependency, as an app that installed it would: Qwik's Vite plugin finds Qwik
      // libraries (the package's `qwik` entry) through the app's package.json.
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
      pkg.dependencies = { ...pkg.dependencies, "foyer-auth": "*" };
      writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2));
      await typecheck(dir, deps.dir);
    }
    const vite = join(deps.dir, "node_modules/vite/bin/vite.js");
    const env = { ...process.env, NODE_ENV: "production" };
    await run(process.execPath, [vite, "build"], { cwd: dir, env });
    await run(process.execPath, [vite, "build", "-c", "adapters/node-server/vite.config.ts"], { cwd: dir, env });
  });
  return { name, dir, reused: { install: deps.reused, build: reused } };
}

/**
 * The folder of the current build of `name`, which must exist already (e2e/fixtures/qwik-server.ts
 * made it): for tests that read the built files. Never builds.
 */
export async function builtQwikApp(name: QwikAppName): Promise<string> {
  const depsDir = depsFolder();
  const dir = join(depsDir, "apps", `${name}-${inputsHash(name, depsDir)}`);
  if (!isComplete(dir)) throw new Error(`The ${name} Qwik app has not been built from the current inputs (${dir}).`);
  return dir;
}

export interface RunningQwikApp {
  name: QwikAppName;
  /** `http://localhost:<port>`. */
  origin: string;
  stop(): Promise<void>;
}

/** The built app's Node.js server on 127.0.0.1:`port`, resolved once it answers. */
export async function startQwikApp(build: QwikAppBuild, port: number, env: NodeJS.ProcessEnv): Promise<RunningQwikApp> {
  const child: ChildProcess = spawn(process.execPath, ["server/entry.node-server.js"], {
    cwd: build.dir,
    env: { ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000).then(() => child.kill("SIGKILL"))]);
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${build.name} Qwik app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/auth/providers`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${build.name} Qwik app did not answer on port ${port} within 30 s`);
    }
    await sleep(200);
  }
  return { name: build.name, origin: `http://localhost:${port}`, stop };
}
