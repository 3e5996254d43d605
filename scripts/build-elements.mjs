#!/usr/bin/env node
/**
 * Builds the self-contained browser bundles in dist/browser/ (`npm run build` runs it after `tsc`).
 *
 * The settings are the `build` section of vite.config.ts. Its `lib.entry` names several bundles; each
 * one is built on its own (in parallel), so every file carries Lit and the client itself and nothing
 * is split into shared chunks: `<script type="module" src=…>` loads exactly one file.
 *
 * The bundles carry English only (ui-kit §6). The other built-in catalogues are written first, as
 * small JSON files with content-hashed names, to dist/browser/locales/<tag>.<hash>.json; Foyer
 * serves them under `{basePath}/assets/locales/` (server/pages/assets.ts). The bundles get the
 * file names as `__FOYER_CATALOGUES__` and load ui/internal/catalogue-loader.bundle.ts (fetches
 * those files) in place of ui/internal/catalogue-loader.ts (dynamic imports of locales/, which
 * would pull every catalogue back into a bundle built without code splitting).
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, loadConfigFromFile, runnerImport } from "vite";

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

// ---------------------------------------------------------------------------------------------
// The catalogues other than English, as JSON
// ---------------------------------------------------------------------------------------------

// The module runner sets NODE_ENV to "development" when it is unset, and the bundles would then be
// built with Lit's development build: put it back afterwards.
const nodeEnv = process.env.NODE_ENV;
const runner = { configFile: false, root, logLevel: "silent", mode: "production" };
const [{ module: locales }, { module: translator }] = await Promise.all([
  runnerImport(resolve(root, "locales/index.ts"), runner),
  runnerImport(resolve(root, "locales/translator.ts"), runner),
]);
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;

/** Arguments the converted catalogues are checked with (markup and braces must come out as given). */
const SAMPLES = [["GitHub", "example.com"], ["Microsoft Entra ID <b>{provider}</b>", "15"]];

/**
 * A catalogue as JSON: function terms become string templates with positional placeholders
 * (`(provider) => \`Mit ${provider} anmelden\`` → `"Mit {0} anmelden"`), which the translator fills in
 * as it does for overrides. Every key is then looked up through the translator in both forms with
 * sample arguments, and the build fails on any difference (a term that is more than a template, say
 * one that picks a plural, cannot be shipped this way).
 */
function catalogueJson(tag, catalogue) {
  const plain = Object.fromEntries(
    Object.entries(catalogue).map(([key, term]) => [key, typeof term === "function" ? term(...Array.from({ length: term.length }, (_, i) => `{${i}}`)) : term]),
  );
  const original = translator.createTranslator(tag, undefined, { [tag]: catalogue });
  const converted = translator.createTranslator(tag, undefined, { [tag]: plain });
  for (const key of Object.keys(locales.LOCALES.en)) {
    for (const args of SAMPLES) {
      const [want, got] = [original.t(key, ...args), converted.t(key, ...args)];
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        throw new Error(`build-elements: ${tag} "${key}" does not survive conversion to a JSON template (${JSON.stringify(want)} ≠ ${JSON.stringify(got)})`);
      }
    }
  }
  return JSON.stringify(plain);
}

/** Tag → file name in dist/browser/locales/ (and `{basePath}/assets/locales/`). */
const catalogueFiles = {};
mkdirSync(resolve(outDir, "locales"), { recursive: true });
for (const tag of locales.SUPPORTED_LOCALES) {
  if (tag === "en") continue; // English is inside the bundles
  const json = catalogueJson(tag, locales.LOCALES[tag]);
  const file = `${tag}.${createHash("sha256").update(json).digest("hex").slice(0, 10)}.json`;
  writeFileSync(resolve(outDir, "locales", file), json);
  catalogueFiles[tag] = file;
}

// ---------------------------------------------------------------------------------------------
// The bundles
// ---------------------------------------------------------------------------------------------

const bundleLoader = resolve(root, "ui/internal/catalogue-loader.bundle.ts");
const catalogueModule = resolve(root, "ui/internal/catalogues.ts");
/** Resolves ui/internal/catalogues.ts's `./catalogue-loader.js` to the bundle's loader. */
const bundleCatalogueLoader = {
  name: "foyer:bundle-catalogue-loader",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "./catalogue-loader.js" && importer && resolve(importer.split("?")[0]) === catalogueModule) return bundleLoader;
    return null;
  },
};

const entries = Object.entries(lib.entry);
await Promise.all(
  entries.map(([name, entry]) =>
    build({
      ...config,
      configFile: false,
      root,
      logLevel: "warn",
      plugins: [...(config.plugins ?? []), bundleCatalogueLoader],
      define: { ...config.define, __FOYER_CATALOGUES__: JSON.stringify(catalogueFiles) },
      build: { ...config.build, lib: { ...lib, entry: { [name]: entry } } },
    }),
  ),
);

// English only: no other catalogue may have found its way into a bundle. And Lit's production build.
for (const [name] of entries) {
  const code = readFileSync(resolve(outDir, `${name}.js`), "utf8");
  if (code.includes("lit.dev/msg/dev-mode")) throw new Error(`build-elements: dist/browser/${name}.js contains Lit's development build`);
  // Every catalogue has the key "language.name"; only English's may be there.
  if ((code.match(/language\.name/g) ?? []).length > 1) {
    throw new Error(`build-elements: dist/browser/${name}.js contains a catalogue other than English; only English belongs in the bundles`);
  }
}

/** gzip -9 size: GNU gzip when installed (what the budgets in ui/bundle-size.node.test.ts use), else zlib. */
function gzipSize(path) {
  try {
    return execFileSync("gzip", ["-9", "-n", "-c", path], { maxBuffer: 16 * 1024 * 1024 }).length;
  } catch {
    return gzipSync(readFileSync(path), { level: 9 }).length;
  }
}

const rows = [...entries.map(([name]) => `${name}.js`), ...Object.values(catalogueFiles).map((file) => `locales/${file}`)].map((file) => {
  const path = resolve(outDir, file);
  const bytes = readFileSync(path).length;
  return `  ${file.padEnd(28)} ${String(bytes).padStart(7)} B  gzip -9 ${String(gzipSize(path)).padStart(6)} B`;
});
console.log(`dist/browser/ (${Math.round(performance.now() - started)} ms)\n${rows.join("\n")}`);
