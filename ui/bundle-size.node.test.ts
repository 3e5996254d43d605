/**
 * The browser bundles as `npm run build` writes them to dist/browser/ (vite.config.ts, `build`):
 * size budgets (ui-kit §12), self-containment, the tags each one defines, and the package entry
 * points that expose the elements (`foyer-auth/elements`, `foyer-auth/elements/<tag>`,
 * `foyer-auth/browser/*`), resolved by the package's own name as an application would.
 *
 * Sizes are gzip -9 of the minified file. GNU gzip is used when it is installed (the number the
 * budget is written in); otherwise Node's zlib at level 9, which compresses slightly less.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BROWSER = new URL("../dist/browser/", import.meta.url);
const TAGS = ["auth-signin", "auth-provider-button", "auth-signout", "auth-session", "auth-user"];

/**
 * Budgets in bytes, gzip -9 (ui-kit §12). `foyer-elements.js` meets the 20 KB target. The target for
 * `auth-signin.js` alone is 12 KB and is NOT met yet: Lit and the shared sign-in path take 12.6 KB
 * before either element's own code (docs/performance.md, "Web components bundle"). Until it is, this
 * budget is a ceiling just above today's 15.2 KB, so the bundle cannot grow unnoticed.
 */
// The 12 KB target for auth-signin.js alone (ui-kit §12 and the elements issue) is recorded in docs/performance.md.
const BUDGETS = {
  "foyer-elements.js": 20 * 1024,
  "auth-signin.js": 15.5 * 1024,
} as const;

beforeAll(() => {
  const missing = ["foyer-elements.js", "foyer-client.js", "auth-signin.js"].filter((name) => !existsSync(new URL(name, BROWSER)));
  if (missing.length) {
    throw new Error(`dist/browser/ lacks ${missing.join(", ")}: run \`npm run build\` first (\`npm test\` builds before Vitest).`);
  }
});

function gzipSize(file: URL): { bytes: number; tool: string } {
  try {
    return { bytes: execFileSync("gzip", ["-9", "-n", "-c", fileURLToPath(file)], { maxBuffer: 16 * 1024 * 1024 }).length, tool: "gzip -9" };
  } catch {
    return { bytes: gzipSync(readFileSync(file), { level: 9 }).length, tool: "zlib level 9" };
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB (${bytes} bytes)`;

/** Runs an ES module script in a fresh Node from the repository root; prints JSON on stdout. */
async function node(script: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, timeout: 15_000 });
  return JSON.parse(stdout);
}

/** Loads a built browser bundle in a fresh Node with a linkedom window and lists the tags it defined. */
function definedTags(bundle: string): Promise<unknown> {
  return node(`
    import { parseHTML } from "linkedom";
    const { window } = parseHTML("<!doctype html><html><body></body></html>");
    for (const name of ["window", "document", "customElements", "HTMLElement", "Element", "Node", "Document", "DocumentFragment", "ShadowRoot", "CSSStyleSheet", "MutationObserver"]) {
      if (window[name] !== undefined && globalThis[name] === undefined) globalThis[name] = window[name];
    }
    const module = await import(${JSON.stringify(new URL(bundle, BROWSER).href)});
    const tags = ${JSON.stringify(TAGS)}.filter((tag) => customElements.get(tag));
    console.log(JSON.stringify({ tags, exports: Object.keys(module).sort() }));
  `);
}

describe("browser bundle sizes (gzip -9)", () => {
  it.each(Object.entries(BUDGETS))("%s is within its budget", (name, budget) => {
    const { bytes, tool } = gzipSize(new URL(name, BROWSER));
    expect(
      bytes,
      `dist/browser/${name} is ${kb(bytes)} with ${tool}; the budget is ${kb(budget)} (docs/performance.md, "Web components bundle", says what is in it)`,
    ).toBeLessThanOrEqual(budget);
  });
});

/** Budget of each message catalogue the elements load on demand (dist/browser/locales/, ui-kit §6), gzip -9. */
const CATALOGUE_BUDGET = 2 * 1024;

describe("message catalogues loaded on demand (gzip -9)", () => {
  const LOCALES_DIR = new URL("locales/", BROWSER);
  const files = existsSync(LOCALES_DIR) ? readdirSync(LOCALES_DIR).filter((name) => name.endsWith(".json")) : [];

  it("one file per built-in catalogue but English", () => {
    expect(files.map((name) => name.split(".")[0]).sort()).toEqual(["ar", "de", "es", "fr", "ja"]);
  });

  it.each(files)("locales/%s is within its budget", (name) => {
    const { bytes, tool } = gzipSize(new URL(name, LOCALES_DIR));
    expect(bytes, `dist/browser/locales/${name} is ${kb(bytes)} with ${tool}; the budget is ${kb(CATALOGUE_BUDGET)}`).toBeLessThanOrEqual(CATALOGUE_BUDGET);
  });
});

describe("browser bundles", () => {
  it.each(["foyer-elements.js", "foyer-client.js", "auth-signin.js"])("%s is one self-contained, minified ES module", (name) => {
    const code = readFileSync(new URL(name, BROWSER), "utf8");
    // No static or dynamic imports: Lit and the client are inside. (Only non-English catalogues are fetched, as JSON, when needed.)
    // (Matches only, not `code`, in the assertions: a failure must not print the whole bundle.)
    expect(code.match(/(?:^|[;}\n])\s*import\s*[\s{*"'`][^;]{0,80}/)?.[0]).toBeUndefined();
    expect(code.match(/\bimport\s*\([^)]{0,80}/)?.[0]).toBeUndefined();
    // No third-party hosts (ui-kit §6); `.invalid` is the client's placeholder base for parsing URLs.
    const hosts = [...code.matchAll(/https?:\/\/([\w.-]+)/g)].map((match) => match[1]!);
    expect(hosts.filter((host) => !host.endsWith(".invalid") && host !== "www.w3.org")).toEqual([]);
    expect(code.split("\n").length, "minified: a handful of lines, not one per statement").toBeLessThan(200);
  });

  it("foyer-elements.js defines every element and exports their classes and events", async () => {
    const result = (await definedTags("foyer-elements.js")) as { tags: string[]; exports: string[] };
    expect(result.tags.sort()).toEqual([...TAGS].sort());
    expect(result.exports).toEqual(expect.arrayContaining(["AuthSignin", "AuthProviderButton", "AuthSignout", "AuthSession", "AuthUser", "AuthSigninErrorEvent", "AuthSessionChangeEvent"]));
  });

  it("auth-signin.js defines <auth-signin> and the <auth-provider-button> it uses, and nothing else", async () => {
    const result = (await definedTags("auth-signin.js")) as { tags: string[] };
    expect(result.tags.sort()).toEqual(["auth-provider-button", "auth-signin"]);
  });

  it("foyer-client.js is the client alone: its functions, no elements", async () => {
    const result = (await node(`
      const module = await import(${JSON.stringify(new URL("foyer-client.js", BROWSER).href)});
      console.log(JSON.stringify(Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]))));
    `)) as Record<string, string>;
    for (const name of ["createAuthClient", "getCsrfToken", "getProviders", "getSession", "signIn", "signOut", "updateSession", "onSessionChange"]) {
      expect(result[name], `foyer-client.js exports ${name}`).toBe("function");
    }
    expect(readFileSync(new URL("foyer-client.js", BROWSER), "utf8")).not.toContain("customElements");
  });
});

describe("package entry points for the elements (built dist/, resolved by the package's name)", () => {
  it("import in plain Node without throwing (SSR-safe), with the expected exports", async () => {
    const result = (await node(`
      const kinds = (module) => Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]));
      const elements = await import("foyer-auth/elements");
      const one = {};
      for (const tag of ${JSON.stringify(TAGS)}) {
        const module = await import("foyer-auth/elements/" + tag);
        one[tag] = { tagName: module.tagName, define: typeof module.define };
      }
      const client = await import("foyer-auth/client");
      console.log(JSON.stringify({ elements: kinds(elements), one, client: kinds(client) }));
    `)) as { elements: Record<string, string>; one: Record<string, { tagName: string; define: string }>; client: Record<string, string> };
    for (const name of ["AuthSignin", "AuthProviderButton", "AuthSignout", "AuthSession", "AuthUser", "AuthSigninStartEvent", "AuthSigninSuccessEvent", "AuthSigninErrorEvent", "AuthSignoutEvent", "AuthSessionChangeEvent"]) {
      expect(result.elements[name], `foyer-auth/elements exports ${name}`).toBe("function");
    }
    for (const tag of TAGS) expect(result.one[tag], `foyer-auth/elements/${tag}`).toEqual({ tagName: tag, define: "function" });
    expect(result.client.signIn).toBe("function");
  });

  it("resolve foyer-auth/browser/* to dist/browser/ and the manifest to custom-elements.json", async () => {
    const result = (await node(`
      console.log(JSON.stringify({
        bundle: import.meta.resolve("foyer-auth/browser/foyer-elements.js"),
        manifest: import.meta.resolve("foyer-auth/custom-elements.json"),
      }));
    `)) as { bundle: string; manifest: string };
    expect(result.bundle).toBe(new URL("foyer-elements.js", BROWSER).href);
    expect(result.manifest).toBe(new URL("../custom-elements.json", import.meta.url).href);
  });

  it("package.json declares the manifest, ships it, and marks the define modules as side effects", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      customElements: string;
      files: string[];
      sideEffects: string[] | boolean;
      exports: Record<string, unknown>;
    };
    expect(pkg.customElements).toBe("./custom-elements.json");
    expect(pkg.files).toContain("custom-elements.json");
    // With `"sideEffects": false`, bundlers drop a bare `import "foyer-auth/elements"` and no tag is defined.
    expect(pkg.sideEffects).toEqual(expect.arrayContaining(["./dist/ui/elements/index.js", "./dist/ui/elements/*/define.js", "./dist/browser/*.js"]));
    expect(pkg.exports["./elements"]).toEqual({ types: "./dist/ui/elements/index.d.ts", import: "./dist/ui/elements/index.js" });
    expect(pkg.exports["./elements/*"]).toEqual({ types: "./dist/ui/elements/*/define.d.ts", import: "./dist/ui/elements/*/define.js" });
  });
});
