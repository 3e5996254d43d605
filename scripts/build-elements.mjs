#!/usr/bin/env node
/**
 * Builds the self-contained browser bundles in dist/browser/ (`npm run build` runs it after `tsc`).
 *
 * The settings are the `build` section of vite.config.ts. Its `lib.entry` names several bundles; each
 * one is built on its own (in parallel), so every file carries Lit and the client itself and nothing
 * is split into shared chunks: `<script type="module" src=…>` loads exactly one file.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, loadConfigFromFile } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();

const loaded = await loadConfigFromFile({ command: "build", mode: "production", isSsrBuild: false, isPreview: false }, resolve(root, "vite.config.ts"), root, "silent");
if (!loaded) throw new Error("build-elements: vite.config.ts could not be loaded");
// `test` holds Vitest's projects; nothing in it concerns the bundles.
const { test: _test, ...config } = loaded.config;
const lib = config.build?.lib;
if (!lib || typeof lib.entry !== "object" || Array.isArray(lib.entry)) throw new Error("build-elements: vite.config.ts needs build.lib.entry as { name: module }");

const outDir = resolve(root, config.build.outDir);
rmSync(outDir, { recursive: true, force: true });

const entries = Object.entries(lib.entry);
await Promise.all(
  entries.map(([name, entry]) =>
    build({
      ...config,
      configFile: false,
      root,
      logLevel: "warn",
      build: { ...config.build, lib: { ...lib, entry: { [name]: entry } } },
    }),
  ),
);

/** gzip -9 size: GNU gzip when installed (what the budgets in ui/bundle-size.node.test.ts use), else zlib. */
function gzipSize(path) {
  try {
    return execFileSync("gzip", ["-9", "-n", "-c", path], { maxBuffer: 16 * 1024 * 1024 }).length;
  } catch {
    return gzipSync(readFileSync(path), { level: 9 }).length;
  }
}

const rows = entries.map(([name]) => {
  const path = resolve(outDir, `${name}.js`);
  const bytes = readFileSync(path).length;
  return `  ${`${name}.js`.padEnd(20)} ${String(bytes).padStart(7)} B  gzip -9 ${String(gzipSize(path)).padStart(6)} B`;
});
console.log(`dist/browser/ (${Math.round(performance.now() - started)} ms)\n${rows.join("\n")}`);
