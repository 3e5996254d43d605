/**
 * The layers of server/: every module may import from its own layer and the layers below it, never
 * from a layer above. docs/architecture.md explains each layer; this table is the same one, and a
 * new folder must be placed in it before its first module is imported.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Bottom to top. A folder's name, or a module by its path in server/ (which wins over its folder's
 * place: the Adapter interface belongs with the public types, since `AuthConfig.adapter` is one).
 */
const LAYERS: readonly (readonly string[])[] = [
  // The foundation: request parsing and responses, errors, logging, hosts, CSRF, the token and cookie
  // codecs, and the public types. Knows no feature.
  ["core", "jwt", "cookies", "types.ts", "adapters/types.ts", "stores/types.ts"],
  // Storage: the adapters (records) and the shared stores (short-lived state across instances).
  ["adapters", "stores"],
  // What is configured: provider factories, the built-in pages (pure renderers), e-mail messages and tokens.
  ["providers", "pages", "email"],
  // The normalised config, built once per config object.
  ["config"],
  // One request's context (CSRF state, callback URL, provider), built from the config.
  ["context"],
  // Protocol flows.
  ["oauth"],
  ["session"],
  ["webauthn"],
  // What answers a request.
  ["actions", "account", "ratelimit"],
  ["routes"],
  // The public entry points.
  ["auth.ts", "get-session.ts", "index.ts", "errors.ts"],
  ["integrations", "cli"],
  // The testing kit (`foyer-auth/testing`): public, but for tests only, so nothing below may import it.
  ["testing-kit"],
];

/** Folders and files that only tests use; production modules must not import them. */
const TEST_SUPPORT_FOLDERS = ["testing", "fixtures", "interop", join("adapters", "test"), join("stores", "test")];
const isTestFile = (path: string) => /\.test\.tsx?$/.test(path) || /(^|[/\\])test-[^/\\]*\.tsx?$/.test(path);

/** Folders outside server/ that server modules may read: data shared with the browser side, no server code. */
const SHARED_OUTSIDE = ["locales", "theme"];

const SERVER = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(SERVER, "..");

function layerOf(path: string): number | undefined {
  const rel = relative(SERVER, path).split(sep).join("/");
  const byModule = LAYERS.findIndex((layer) => layer.includes(rel));
  if (byModule !== -1) return byModule;
  const byFolder = LAYERS.findIndex((layer) => layer.includes(rel.split("/")[0]!));
  return byFolder === -1 ? undefined : byFolder;
}

function isTestSupport(path: string): boolean {
  const rel = relative(SERVER, path);
  return isTestFile(rel) || TEST_SUPPORT_FOLDERS.some((folder) => rel === folder || rel.startsWith(folder + sep));
}

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports, side-effect imports and dynamic imports. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["'](\.[^"']+)["']|import\s*\(\s*["'](\.[^"']+)["']\s*\)|^import\s+["'](\.[^"']+)["']/gm,
  )) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

const production = modules(SERVER).filter((path) => !isTestSupport(path));
const name = (path: string) => relative(ROOT, path).split(sep).join("/");

describe("the layers of server/", () => {
  it("places every production folder and root module in a layer", () => {
    const unplaced = [...new Set(production.filter((path) => layerOf(path) === undefined).map((path) => relative(SERVER, path).split(sep)[0]))];
    expect(unplaced, "add these to LAYERS (and to docs/architecture.md)").toEqual([]);
  });

  it("never imports from a layer above, from test support, or from outside server/ except shared data", () => {
    const problems: string[] = [];
    for (const path of production) {
      const layer = layerOf(path)!;
      for (const specifier of importsOf(readFileSync(path, "utf8"))) {
        const target = resolve(dirname(path), specifier);
        const rel = relative(SERVER, target);
        if (rel.startsWith("..")) {
          const outside = relative(ROOT, target).split(sep)[0]!;
          if (!SHARED_OUTSIDE.includes(outside)) problems.push(`${name(path)} imports ${specifier}, outside server/ and not shared data`);
          continue;
        }
        if (isTestSupport(target.replace(/\.js$/, ".ts"))) {
          problems.push(`${name(path)} imports test support ${specifier}`);
          continue;
        }
        const targetLayer = layerOf(target.replace(/\.jsx?$/, ".ts"));
        if (targetLayer === undefined) problems.push(`${name(path)} imports ${specifier}, which is in no layer`);
        else if (targetLayer > layer) {
          problems.push(`${name(path)} (${LAYERS[layer]!.join("/")}) imports ${specifier} (${LAYERS[targetLayer]!.join("/")}, a layer above)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("reads the imports it checks (the parser is not blind)", () => {
    expect(
      importsOf(
        `import { a } from "../core/errors.js";\nexport * from "./b.js";\nimport type {\n  C,\n} from "../c.js";\nconst d = await import("../d.js");\nimport "./e.js";`,
      ),
    ).toEqual(["../core/errors.js", "./b.js", "../c.js", "../d.js", "./e.js"]);
    expect(production.length).toBeGreaterThan(100);
  });
});
