#!/usr/bin/env node
/**
 * `npm run docs:api`: the API reference of the server entry points, as Markdown in docs/api/
 * (TypeDoc with typedoc.json). The entry points are read from package.json "exports" — the public
 * API is exactly what a user can import — so a new subpath is documented without a second list.
 * `--check` writes to a temporary folder instead and fails on any warning (a public type that refers
 * to one no entry point exports, a broken link) or when docs/api/ differs from what it wrote (run
 * `npm run docs:api` and commit); `npm run lint` runs it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

/** `./dist/server/x.js` → `server/x.ts`; other targets (browser bundles, ui) are not server API. */
function sourceOf(target) {
  const file = typeof target === "string" ? target : target?.import;
  const match = /^\.\/dist\/(server\/.+)\.js$/.exec(file ?? "");
  return match ? `${match[1]}.ts` : undefined;
}

export function serverEntryPoints() {
  const entries = new Set();
  const hidden = new Set();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (target === null) hidden.add(subpath);
    else if (!subpath.includes("*")) {
      const source = sourceOf(target);
      // `*.qwik.ts` modules import Qwik, which is not installed at the root (it needs another Vite):
      // TypeDoc cannot read them here; docs/qwik.md is their reference.
      if (source && !source.includes("/test/") && !source.endsWith(".qwik.ts")) entries.add(source);
    }
  }
  // "./providers/*": every provider module that is not hidden or already listed under another name.
  const listed = new Set([...entries].map((source) => source.replace(/^server\//, "./").replace(/\.ts$/, "")));
  for (const name of readdirSync(new URL("../server/providers/", import.meta.url))) {
    const id = name.replace(/\.ts$/, "");
    if (!name.endsWith(".ts") || name.endsWith(".test.ts") || id.startsWith("test-") || hidden.has(`./providers/${id}`)) continue;
    if (pkg.exports[`./providers/${id}`] !== undefined || listed.has(`./providers/${id}`)) continue;
    entries.add(`server/providers/${name}`);
  }
  return [...entries].sort();
}

/** Every file under `dir`, relative to it, with its text. */
function tree(dir) {
  const files = new Map();
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const out = check ? mkdtempSync(join(tmpdir(), "foyer-api-")) : join(ROOT, "docs/api");
  const args = ["typedoc", "--options", "typedoc.json", "--out", out, ...serverEntryPoints().flatMap((entry) => ["--entryPoints", entry])];
  const result = spawnSync("npx", args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0 || !check) process.exit(result.status ?? 1);
  const fresh = tree(out);
  let committed = new Map();
  try {
    committed = tree(join(ROOT, "docs/api"));
  } catch {
    // no docs/api yet: every file differs
  }
  rmSync(out, { recursive: true, force: true });
  const stale = [...new Set([...fresh.keys(), ...committed.keys()])].filter((file) => fresh.get(file) !== committed.get(file));
  if (stale.length) {
    console.error(`docs/api/ is out of date (${stale.slice(0, 5).join(", ")}${stale.length > 5 ? ", …" : ""}): run \`npm run docs:api\` and commit it.`);
    process.exit(1);
  }
}
