/**
 * Switches a SvelteKit app from `@auth/sveltekit` to Foyer by rewriting its import paths, and nothing
 * else:
 *
 *   @auth/sveltekit                  → foyer-auth/sveltekit
 *   @auth/sveltekit/components       → foyer-auth/sveltekit/components
 *   @auth/sveltekit/providers/<id>   → foyer-auth/providers/<id>
 *   @auth/core/providers/<id>        → foyer-auth/providers/<id>
 *
 * in `import … from "…"`, `export … from "…"`, `import "…"`, `import("…")` and `declare module "…"`,
 * in .ts, .js, .mts, .mjs and .svelte files. Any other `@auth/sveltekit/…` path has no Foyer twin: it
 * is left unchanged and reported, and the command exits with status 1.
 *
 *   npx tsx scripts/migrate-sveltekit-auth.ts <app folder> <new folder>
 *
 * copies the app (without node_modules, .svelte-kit, build and .git) into the new folder, which must
 * not exist yet. e2e/sveltekit.spec.ts runs its @auth/sveltekit app through this and then through the
 * same browser tests as the original.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The Foyer module path for `specifier`, or null when it is not one of @auth/sveltekit's (or has no twin). */
export function foyerSvelteKitSpecifier(specifier: string): string | null {
  if (specifier === "@auth/sveltekit") return "foyer-auth/sveltekit";
  if (specifier === "@auth/sveltekit/components") return "foyer-auth/sveltekit/components";
  const provider = /^@auth\/(?:sveltekit|core)\/providers\/([a-z0-9][a-z0-9-]*)$/.exec(specifier);
  return provider ? `foyer-auth/providers/${provider[1]}` : null;
}

/** Module paths in the places a module is named (see the header), with the quote they use. */
const MODULE_PATH = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(["'])(@auth\/[^"'\n]+)\2/g;

/** The rewritten text, and the @auth/sveltekit paths left as they were. */
export function migrateSvelteKitSource(text: string): { text: string; unmapped: string[] } {
  const unmapped: string[] = [];
  const rewritten = text.replace(MODULE_PATH, (whole, lead: string, quote: string, specifier: string) => {
    const mapped = foyerSvelteKitSpecifier(specifier);
    if (mapped) return `${lead}${quote}${mapped}${quote}`;
    if (specifier === "@auth/sveltekit" || specifier.startsWith("@auth/sveltekit/")) unmapped.push(specifier);
    return whole;
  });
  return { text: rewritten, unmapped };
}

const REWRITTEN = new Set([".ts", ".js", ".mts", ".mjs", ".svelte"]);
const SKIPPED = new Set(["node_modules", ".svelte-kit", "build", ".git"]);

/** Copies the app at `from` to `to`, rewriting import paths. Returns the paths with no Foyer twin, as `file: path`. */
export function migrateSvelteKitApp(from: string, to: string): { unmapped: string[] } {
  if (existsSync(to)) throw new Error(`${to} exists already`);
  const unmapped: string[] = [];
  const walk = (dir: string) => {
    mkdirSync(join(to, relative(from, dir)), { recursive: true });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const source = join(dir, entry.name);
      const target = join(to, relative(from, source));
      if (entry.isDirectory()) walk(source);
      else if (REWRITTEN.has(extname(entry.name))) {
        const result = migrateSvelteKitSource(readFileSync(source, "utf8"));
        writeFileSync(target, result.text);
        unmapped.push(...result.unmapped.map((path) => `${relative(from, source)}: ${path}`));
      } else copyFileSync(source, target);
    }
  };
  walk(from);
  return { unmapped };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error("usage: npx tsx scripts/migrate-sveltekit-auth.ts <app folder> <new folder>");
    process.exit(2);
  }
  const { unmapped } = migrateSvelteKitApp(resolve(from), resolve(to));
  for (const path of unmapped) console.error(`no Foyer twin: ${path}`);
  process.exit(unmapped.length ? 1 : 0);
}
