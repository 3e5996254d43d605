#!/usr/bin/env node
/**
 * `npm run docs:api`: the API reference of the server entry points, as Markdown in docs/api/
 * (TypeDoc with typedoc.json). The entry points are read from package.json "exports" — the public
 * API is exactly what a user can import — so a new subpath is documented without a second list.
 * `--check` runs TypeDoc without writing, failing on any warning (a public type that refers to one
 * no entry point exports, a broken link); the unit tests run that.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
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
      if (source && !source.includes("/test/")) entries.add(source);
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const args = ["typedoc", "--options", "typedoc.json", ...serverEntryPoints().flatMap((entry) => ["--entryPoints", entry])];
  if (check) args.push("--emit", "none");
  const result = spawnSync("npx", args, { cwd: ROOT, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
