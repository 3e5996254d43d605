/**
 * The build cache shared by the framework test apps (e2e/support/next-apps.ts, qwik-apps.ts,
 * solid-apps.ts, sveltekit-apps.ts): each install or build lives in a folder named after the hash of
 * its inputs under tmp/, counts only once its work has finished (a marker file), and is done by one
 * process at a time (a lock folder beside it), so that parallel Playwright workers and repeated runs
 * build each app once.
 */
import { spawn } from "node:child_process";
import type { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");

/** The file whose presence marks a folder's work as finished. */
const COMPLETE = ".complete";
/** A lock older than this belongs to a process that died. */
const STALE_LOCK_MS = 20 * 60_000;

/** Feeds every file under `root` (path and content, in a stable order) into `hash`, except what `skip` names. */
export function hashTree(hash: ReturnType<typeof createHash>, root: string, skip: (relativePath: string) => boolean = () => false): void {
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      const name = relative(root, path);
      if (skip(name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(`${name}\0`).update(readFileSync(path)).update("\0");
    }
  };
  walk(root);
}

/** The version of `pkg` installed in the `node_modules` folder `modules` (read directly: not every package exports its package.json). */
export function installedVersion(pkg: string, modules = join(REPO_ROOT, "node_modules")): string {
  return (JSON.parse(readFileSync(join(modules, pkg, "package.json"), "utf8")) as { version: string }).version;
}

/** Runs a command to completion; a failure carries the last 20 000 characters of its output. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${[command, ...args].join(" ")} in ${options.cwd} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** Whether `dir`'s work has finished. */
export function isComplete(dir: string): boolean {
  return existsSync(join(dir, COMPLETE));
}

/** Takes the lock folder `lock`; `false` when another process finished the work meanwhile. */
async function acquireLock(lock: string, isDone: () => boolean): Promise<boolean> {
  for (;;) {
    try {
      mkdirSync(lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (isDone()) return false;
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Removed by its owner meanwhile: try again.
    }
    await sleep(1000);
  }
}

/**
 * Does `work` to fill the folder `dir` unless an earlier run finished it. An unfinished `dir` is
 * removed first and created empty (unless `create: false`, for work that creates it itself); on
 * success the other folders of its family (same parent, names starting with `family`) are removed.
 * Resolves to whether an earlier run's folder was reused.
 */
export async function buildOnce(dir: string, family: string, work: () => Promise<void>, options: { create?: boolean } = {}): Promise<boolean> {
  const isDone = () => isComplete(dir);
  if (isDone()) return true;
  const parent = resolve(dir, "..");
  mkdirSync(parent, { recursive: true });
  const lock = `${dir}.lock`;
  if (!(await acquireLock(lock, isDone))) return true;
  try {
    if (isDone()) return true;
    rmSync(dir, { recursive: true, force: true });
    if (options.create !== false) mkdirSync(dir, { recursive: true });
    await work();
    writeFileSync(join(dir, COMPLETE), new Date().toISOString());
    for (const entry of readdirSync(parent)) {
      const path = join(parent, entry);
      if (entry.startsWith(family) && path !== dir && !entry.endsWith(".lock") && !existsSync(`${path}.lock`)) rmSync(path, { recursive: true, force: true });
    }
    return false;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
