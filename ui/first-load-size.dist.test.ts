/**
 * The first-load budget of the elements as an application's bundler emits them: a small entry that
 * imports `foyer-auth/elements` (every element) and `foyer-auth/client` from the built package,
 * bundled by Vite (Rollup) for production with code splitting on and minification, as `vite build`
 * does for an app. What a browser loads before the first paint is the entry chunk and every chunk it
 * imports statically, transitively; the chunks behind dynamic `import()` (other languages, the
 * customisation code, the passkey ceremonies) come later, when a page needs them.
 *
 * Sizes are gzip -9 of each chunk, GNU gzip when installed, else Node's zlib at level 9 (as
 * ./bundle-size.dist.test.ts measures). docs/performance.md, "Web components bundle", states the figure.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** 24 KB: every element and the client, first load. */
const FIRST_LOAD_BUDGET = 24 * 1024;

interface Chunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
}

const dir = mkdtempSync(join(tmpdir(), "foyer-first-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Builds the app entry in a fresh Node (NODE_ENV=production, as `vite build` runs; Vitest's own
 * environment would pick Lit's development build) and returns the chunks. The package is resolved by
 * its name from the repository root, as an installed package would be: dist/, not the sources.
 */
async function buildApp(): Promise<Chunk[]> {
  const entry = join(dir, "main.js");
  writeFileSync(entry, `import "foyer-auth/elements";\nimport { getSession } from "foyer-auth/client";\nglobalThis.session = getSession;\n`);
  const script = `
    import { build } from "vite";
    const alias = Object.fromEntries(["foyer-auth/elements", "foyer-auth/client"].map((name) => [name, new URL(import.meta.resolve(name)).pathname]));
    const output = await build({
      root: ${JSON.stringify(dir)},
      configFile: false,
      logLevel: "silent",
      mode: "production",
      resolve: { alias },
      build: { write: false, minify: true, rollupOptions: { input: ${JSON.stringify(entry)} } },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output).filter((item) => item.type === "chunk");
    console.log(JSON.stringify(chunks.map(({ fileName, code, isEntry, imports, dynamicImports }) => ({ fileName, code, isEntry, imports, dynamicImports }))));
  `;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Chunk[];
}

function gzipSize(code: string): number {
  try {
    return execFileSync("gzip", ["-9", "-n", "-c"], { input: code, maxBuffer: 16 * 1024 * 1024 }).length;
  } catch {
    return gzipSync(code, { level: 9 }).length;
  }
}

/** The entry chunk and every chunk it imports statically, transitively. */
function firstLoad(chunks: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const seen = new Set<Chunk>();
  const queue = [entry];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const name of chunk.imports) queue.push(byName.get(name)!);
  }
  return [...seen];
}

describe("first load of foyer-auth/elements and foyer-auth/client, bundled by an app (Vite, code splitting on)", () => {
  let chunks: Chunk[] = [];

  it("builds, splitting the on-demand code into chunks of its own", { timeout: 90_000 }, async () => {
    chunks = await buildApp();
    const loaded = new Set(firstLoad(chunks));
    const later = chunks.filter((chunk) => !loaded.has(chunk));
    // Production build of Lit (its development build warns at run time).
    expect(chunks.some((chunk) => chunk.code.includes("Lit is in dev mode"))).toBe(false);
    // The passkey ceremonies (@simplewebauthn/browser's `startRegistration` builds this message) are off the first load.
    const ceremonies = (chunk: Chunk) => chunk.code.includes("navigator.credentials.create");
    expect([...loaded].some(ceremonies), "the passkey ceremonies are in the first load").toBe(false);
    expect(later.some(ceremonies), "the passkey ceremonies are a chunk of their own").toBe(true);
  });

  it(`is within ${FIRST_LOAD_BUDGET} bytes gzip -9: the entry chunk and the chunks it imports statically`, () => {
    expect(chunks.length, "the build ran").toBeGreaterThan(0);
    const loaded = firstLoad(chunks);
    const sizes = loaded.map((chunk) => [chunk.fileName, gzipSize(chunk.code)] as const);
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    const later = chunks.filter((chunk) => !loaded.includes(chunk)).map((chunk) => `${chunk.fileName} ${gzipSize(chunk.code)} B`);
    console.log(
      `first load of foyer-auth/elements + foyer-auth/client: ${total} B gzip -9 (${(total / 1024).toFixed(2)} KB) in ${sizes.map(([name, bytes]) => `${name} ${bytes} B`).join(", ")}; on demand: ${later.join(", ")}`,
    );
    expect(total, `first load ${total} B; the budget is ${FIRST_LOAD_BUDGET} B (docs/performance.md, "Web components bundle")`).toBeLessThanOrEqual(
      FIRST_LOAD_BUDGET,
    );
  });
});
