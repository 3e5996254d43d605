/**
 * Production builds of the SvelteKit test app (e2e/fixtures/sveltekit-app, written for
 * `@auth/sveltekit`) for e2e/sveltekit.spec.ts: as written on `@auth/sveltekit` (SvelteKit 2), and
 * switched to Foyer by scripts/migrate-sveltekit-auth.ts on SvelteKit 2 and on SvelteKit 3.
 *
 * SvelteKit 3, Vite 8 and adapter-node 6 are the repository's own devDependencies. SvelteKit 2 (what
 * `@auth/sveltekit` supports) needs Vite 7 and adapter-node 5, so it gets its own `node_modules`,
 * installed once into tmp/sveltekit/kit2-<hash of its package.json>/; its apps are built inside that
 * folder, so that Node and Vite find SvelteKit 2 there before the repository's SvelteKit 3.
 *
 * A Foyer app gets `node_modules/foyer-auth` as npm would install it — a copy of the package's files
 * (dist/, the Svelte components, package.json) — so that the copy's own imports of `@sveltejs/kit`
 * reach the app's SvelteKit, as in a real install (a symlink to the repository would reach SvelteKit 3
 * from a SvelteKit 2 app). Its other dependencies resolve from the repository's node_modules.
 *
 * Each build lives in a folder named by the hash of its inputs (the app, the migration script, the
 * installed versions, and for Foyer the built package) and is reused while they are unchanged; a lock
 * keeps two processes from building the same inputs at once.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { migrateSvelteKitApp } from "../../scripts/migrate-sveltekit-auth.js";
import { buildOnce, hashTree, installedVersion, REPO_ROOT, run } from "./build-cache.js";

export { REPO_ROOT };
const APP_SOURCE = join(REPO_ROOT, "e2e/fixtures/sveltekit-app");
const MIGRATION_SCRIPT = join(REPO_ROOT, "scripts/migrate-sveltekit-auth.ts");
const COMPONENTS = "server/integrations/sveltekit/components";
const CACHE = join(REPO_ROOT, "tmp/sveltekit");
/** Lets SvelteKit 3 build and run on Node 20 (see the file). */
export const NODE20_POLYFILL = join(REPO_ROOT, "e2e/support/node20-promise-with-resolvers.mjs");

/** `NODE_OPTIONS` for building or running an app of SvelteKit `major` on this Node. */
export function nodeOptionsFor(kit2: boolean): string {
  const needsPolyfill = !kit2 && typeof (Promise as { withResolvers?: unknown }).withResolvers !== "function";
  return [process.env.NODE_OPTIONS ?? "", needsPolyfill ? `--import=${NODE20_POLYFILL}` : ""].join(" ").trim();
}

/** SvelteKit 2's own install: the versions `@auth/sveltekit` 1.11.3 accepts. */
export const KIT2_PACKAGE = {
  name: "foyer-sveltekit2-test-deps",
  private: true,
  type: "module",
  devDependencies: {
    "@auth/sveltekit": "1.11.3",
    "@sveltejs/adapter-node": "5.5.7",
    "@sveltejs/kit": "2.70.4",
    "@sveltejs/vite-plugin-svelte": "6.2.4",
    svelte: "5.57.3",
    vite: "7.3.8",
  },
  allowScripts: { esbuild: true },
};

/** The builds: the app on Foyer (SvelteKit 3 and 2) and as written, on @auth/sveltekit (SvelteKit 2). */
export type SvelteKitAppName = "foyer-kit3" | "foyer-kit3-base" | "foyer-kit2" | "authjs-kit2";

/** SvelteKit's `paths.base` of each build ("" for all but one). */
export const PATHS_BASE: Record<SvelteKitAppName, string> = { "foyer-kit3": "", "foyer-kit3-base": "/app", "foyer-kit2": "", "authjs-kit2": "" };

export interface SvelteKitAppBuild {
  name: SvelteKitAppName;
  /** The app folder; the server is `build/index.js` inside it. */
  dir: string;
  reused: boolean;
  /** Seconds spent installing and building (0 when reused). */
  seconds: number;
}

/** SvelteKit 2's install folder, installed if needed. */
async function kit2Deps(): Promise<string> {
  const json = `${JSON.stringify(KIT2_PACKAGE, null, 2)}\n`;
  const dir = join(CACHE, `kit2-${createHash("sha256").update(json).digest("hex").slice(0, 16)}`);
  await buildOnce(dir, "kit2-", async () => {
    writeFileSync(join(dir, "package.json"), json);
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir });
  });
  return dir;
}

/** Copies the package as npm would install it into `modules/foyer-auth`. */
function installFoyer(modules: string): void {
  const target = join(modules, "foyer-auth");
  mkdirSync(target, { recursive: true });
  cpSync(join(REPO_ROOT, "package.json"), join(target, "package.json"));
  cpSync(join(REPO_ROOT, "dist"), join(target, "dist"), { recursive: true, filter: (path) => !path.endsWith(".map") });
  cpSync(join(REPO_ROOT, COMPONENTS), join(target, COMPONENTS), { recursive: true, filter: (path) => !path.endsWith(".test.ts") });
}

/** Builds `name`, or reuses the build of the same inputs. */
export async function buildSvelteKitApp(name: SvelteKitAppName): Promise<SvelteKitAppBuild> {
  const started = Date.now();
  const foyer = name.startsWith("foyer");
  const kit2 = name.includes("kit2");
  const depsDir = kit2 ? await kit2Deps() : REPO_ROOT;
  const modules = join(depsDir, "node_modules");
  if (foyer && !existsSync(join(REPO_ROOT, "dist/server/integrations/sveltekit/index.js"))) {
    throw new Error("dist/ is missing foyer-auth/sveltekit: run `npm run build` first.");
  }
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify({
      name,
      base: PATHS_BASE[name],
      versions: ["@sveltejs/kit", "@sveltejs/adapter-node", "svelte", "vite"].map((pkg) => installedVersion(pkg, modules)),
    }),
  );
  hashTree(hash, APP_SOURCE, (path) => /^(node_modules|\.svelte-kit|build)$/.test(path));
  if (foyer) {
    hash.update(readFileSync(MIGRATION_SCRIPT)).update(readFileSync(join(REPO_ROOT, "package.json")));
    hashTree(hash, join(REPO_ROOT, "dist"), (path) => path.endsWith(".map"));
    hashTree(hash, join(REPO_ROOT, COMPONENTS));
  }
  const dir = join(kit2 ? depsDir : CACHE, "apps", `${name}-${hash.digest("hex").slice(0, 16)}`);
  const reused = await buildOnce(
    dir,
    `${name}-`,
    async () => {
      if (foyer) {
        const { unmapped } = migrateSvelteKitApp(APP_SOURCE, dir);
        if (unmapped.length) throw new Error(`the migration left @auth/sveltekit paths: ${unmapped.join(", ")}`);
        installFoyer(join(dir, "node_modules"));
      } else {
        cpSync(APP_SOURCE, dir, { recursive: true });
      }
      // Listing the auth package is what makes SvelteKit bundle it (a package that peers on svelte).
      const devDependencies: Record<string, string> = {
        "@sveltejs/adapter-node": "*",
        "@sveltejs/kit": "*",
        svelte: "*",
        vite: "*",
        ...(foyer ? { "foyer-auth": "*" } : { "@auth/sveltekit": "*" }),
      };
      // Each SvelteKit major names its generated TypeScript config its own way.
      const tsconfig = kit2 ? { extends: "./.svelte-kit/tsconfig.json" } : { extends: "$app/tsconfig" };
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `sveltekit-${name}`, private: true, type: "module", devDependencies }, null, 2));
      await run(process.execPath, [join(modules, "vite/bin/vite.js"), "build"], {
        cwd: dir,
        env: { ...process.env, NODE_ENV: "production", NODE_OPTIONS: nodeOptionsFor(kit2), APP_PATHS_BASE: PATHS_BASE[name] },
      });
    },
    { create: false },
  );
  return { name, dir, reused, seconds: reused ? 0 : Math.round((Date.now() - started) / 1000) };
}
