/**
 * The package as npm ships it: `npm pack` of the built package, then
 *
 * 1. what is in the tarball — no test-only file, no source maps without their sources;
 * 2. every bare import in the shipped JavaScript names a Node built-in or a package that package.json
 *    declares (dependency, or peer — the optional drivers among them);
 * 3. the README's "Add Foyer to your app", followed as written in an empty folder: install the tarball
 *    (no driver, no framework), `npx foyer-auth secret -f .env`, the README's `server.mjs`
 *    started with `node --env-file=.env server.mjs`, then a sign-in over HTTP; and, in the same app,
 *    the entry points an Auth.js user reaches for, and an adapter whose driver is missing.
 *
 * `npm test` builds dist/ first; packing skips the `prepack` build for that reason.
 */
import { execFile, spawn } from "node:child_process";
import { builtinModules } from "node:module";
import { createServer, type AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, unknown>;
};
const README = readFileSync(join(ROOT, "README.md"), "utf8");

let work: string;
let tarball: string;
let app: string;

beforeAll(async () => {
  if (!existsSync(join(ROOT, "dist/server/index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first (`npm test` does this for you).");
  }
  work = mkdtempSync(join(tmpdir(), "foyer-tarball-"));
  await run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], { cwd: ROOT });
  tarball = join(work, `foyer-auth-${pkg.version}.tgz`);
  await run("tar", ["-xzf", tarball], { cwd: work });
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Every file in the unpacked tarball, relative to the package root. */
function shippedFiles(dir = join(work, "package"), prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? shippedFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/**
 * Packages only the tests use: `@auth/core` for side-by-side tests, the official Auth.js adapters and
 * drizzle-orm (server/interop/official-adapters.test.ts). An app installing Foyer gets none of them.
 */
const TEST_ONLY_PACKAGES = [
  "@auth/core",
  "@auth/pg-adapter",
  "@auth/drizzle-adapter",
  "@auth/kysely-adapter",
  "drizzle-orm",
  "@hono/auth-js",
  "@hono/node-server",
];

describe("what the tarball holds", () => {
  it("test-only packages are devDependencies of the shipped package.json, never dependencies or peers", () => {
    const shipped = JSON.parse(readFileSync(join(work, "package", "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    const installed = { ...shipped.dependencies, ...shipped.peerDependencies, ...shipped.optionalDependencies };
    for (const name of TEST_ONLY_PACKAGES) {
      expect(installed, name).not.toHaveProperty(name);
      expect(shipped.devDependencies, name).toHaveProperty(name);
    }
  });

  it("no test-only file and no source map", () => {
    const files = shippedFiles();
    expect(files).toContain("dist/server/index.js");
    expect(files).toContain("dist/server/cli/main.js");
    expect(files).toContain("dist/ui/react/index.js");
    expect(files).toContain("dist/ui/react/index.d.ts");
    // foyer-auth/sveltekit/components ships Svelte sources, compiled by the app's own Svelte.
    for (const name of ["SignIn.svelte", "SignOut.svelte", "index.js", "index.d.ts"])
      expect(files).toContain(`server/integrations/sveltekit/components/${name}`);
    expect(files.filter((file) => file.startsWith("server/") && !file.startsWith("server/integrations/sveltekit/components/"))).toEqual([]);
    const testOnly =
      /\.test\.|\/testing\/|(^|\/)stories\/|test-support|shared-suites|crash-child|postgres-harness|test-idp|test-smtp|test-oauth-server|integrations\/[^/]+\/test-|\.map$/;
    expect(files.filter((file) => testOnly.test(file))).toEqual([]);
  });

  it("every bare import in the shipped JavaScript is a Node built-in or a declared dependency or peer", () => {
    // The package may import itself by name (its own "exports").
    const declared = new Set(["foyer-auth", ...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})]);
    const builtins = new Set(builtinModules);
    const undeclared = new Map<string, string>();
    // Static imports and re-exports (also several on one minified line), dynamic imports, and optional
    // peers loaded by name through requireOptional.
    const specifier =
      /(?:(?:^|[;}\s])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?)?\s*from\s*|(?:^|[;}\s])import\s*|\bimport\s*\(\s*|\brequireOptional(?:<[^>]*>)?\(\s*)["']([^"'./][^"']*)["']/gm;
    for (const file of shippedFiles().filter((name) => name.endsWith(".js"))) {
      const code = readFileSync(join(work, "package", file), "utf8");
      for (const [, spec] of code.matchAll(specifier)) {
        if (spec!.startsWith("node:") || builtins.has(spec!)) continue;
        // SvelteKit's virtual modules, which the app's SvelteKit build provides to foyer-auth/sveltekit only.
        if (/^\$(env|app)\//.test(spec!) && /(^|\/)integrations\/sveltekit\//.test(file)) continue;
        const name = spec!.startsWith("@") ? spec!.split("/").slice(0, 2).join("/") : spec!.split("/")[0]!;
        if (!declared.has(name)) undeclared.set(name, file);
      }
    }
    expect(Object.fromEntries(undeclared)).toEqual({});
  });
});

/** What only the testing kit (`foyer-auth/testing`, `foyer-auth/testing/playwright`) may load: its optional peers. */
const TESTING_PEERS = ["oidc-provider", "smtp-server", "mailparser", "@playwright/test"];

describe("the testing kit in the tarball", () => {
  it("no production module imports the kit or its test packages; the kit loads them only on demand", () => {
    const files = shippedFiles().filter((name) => name.endsWith(".js"));
    expect(files).toContain("dist/server/testing-kit/index.js");
    expect(files).toContain("dist/server/testing-kit/playwright/index.js");
    const bare = (code: string, name: string) => new RegExp(`(?:from\\s*|import\\s*\\(?\\s*)["']${name.replace("/", "\\/")}["']`).test(code);
    const problems: string[] = [];
    for (const file of files) {
      const code = readFileSync(join(work, "package", file), "utf8");
      if (file.startsWith("dist/server/testing-kit/")) {
        // Static imports would make `import "foyer-auth/testing"` fail without them: only `import("…")`.
        for (const name of TESTING_PEERS) if (new RegExp(`from\\s*["']${name}["']`).test(code)) problems.push(`${file} imports ${name} statically`);
        continue;
      }
      if (/testing-kit/.test(code)) problems.push(`${file} refers to the testing kit`);
      for (const name of TESTING_PEERS) if (bare(code, name)) problems.push(`${file} imports ${name}`);
    }
    expect(problems).toEqual([]);
  });
});

/** The fenced block of `language` that follows `after` in the README's "Add Foyer to your app". */
function readmeBlock(language: string, after: string): string {
  const section = README.slice(README.indexOf("## Add Foyer to your app"), README.indexOf("## The demo"));
  const from = section.indexOf(after);
  expect(from, `README section mentions ${after}`).toBeGreaterThan(-1);
  const match = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(section.slice(from));
  return match![1]!;
}

describe("the README's 'Add Foyer to your app', in an empty folder", () => {
  beforeAll(async () => {
    app = join(work, "app");
    await run("mkdir", ["-p", app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "my-app", private: true, type: "module" }));
    await run("npm", ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], { cwd: app, timeout: 120_000 });
  }, 150_000);

  it("installs without any driver or framework, and the lockfile of the app names none", () => {
    for (const optional of ["pg", "libsql", "nodemailer", "vitest", "react", ...TESTING_PEERS, ...TEST_ONLY_PACKAGES]) {
      expect(existsSync(join(app, "node_modules", optional)), optional).toBe(false);
    }
  });

  it("`npx foyer-auth secret -f .env`, the README's server.mjs and `node --env-file=.env server.mjs`: a sign-in over HTTP", async () => {
    expect(readmeBlock("sh", "**2. Make a secret.**").trim()).toBe("npx foyer-auth secret -f .env");
    await run("npx", ["--no-install", "foyer-auth", "secret", "-f", ".env"], { cwd: app });
    expect(readFileSync(join(app, ".env"), "utf8")).toMatch(/^AUTH_SECRET="[A-Za-z0-9+/]{43}="/);

    writeFileSync(join(app, "server.mjs"), readmeBlock("js", "**3. Mount Foyer"));
    expect(readmeBlock("sh", "```js").trim()).toBe("node --env-file=.env server.mjs");
    const port = process.env.FOYER_TEST_TARBALL_PORT ?? String(await freePort());
    const server = spawn(process.execPath, ["--env-file=.env", "server.mjs"], { cwd: app, env: { ...process.env, PORT: port, NODE_ENV: "development" } });
    let stderr = "";
    server.stderr.on("data", (chunk) => (stderr += chunk));
    try {
      const base = `http://localhost:${port}`;
      await waitFor(base);
      expect(await (await fetch(`${base}/`)).text()).toBe("Not signed in: visit /auth/signin");
      const csrf = await fetch(`${base}/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const csrfCookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const signIn = await fetch(`${base}/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
        body: new URLSearchParams({ csrfToken, email: "ada@example.com", password: "correct horse battery staple" }),
      });
      expect(signIn.status).toBe(302);
      const session = signIn.headers
        .getSetCookie()
        .find((c) => c.startsWith("authjs.session-token="))!
        .split(";")[0];
      expect(await (await fetch(`${base}/`, { headers: { cookie: session! } })).text()).toBe("Hello ada@example.com");
    } finally {
      server.kill();
    }
    expect(stderr).not.toMatch(/Error|warn/i);
  });

  it("the entry points an Auth.js user reaches for import by name; an adapter without its driver names the package to install", async () => {
    const script = `
      const names = ["foyer-auth", "foyer-auth/jwt", "foyer-auth/errors", "foyer-auth/types", "foyer-auth/adapters",
        "foyer-auth/providers/credentials", "foyer-auth/providers/github", "foyer-auth/providers/email", "foyer-auth/node",
        "foyer-auth/next", "foyer-auth/next/edge", "foyer-auth/express", "foyer-auth/solid-start", "foyer-auth/solid-start/client"];
      const loaded = {};
      for (const name of names) loaded[name] = Object.keys(await import(name)).length;
      let sqlite = "no error";
      try { (await import("foyer-auth/adapters/sqlite")).default({ url: ":memory:" }); } catch (error) { sqlite = error.message; }
      let postgres = "no error";
      try { (await import("foyer-auth/adapters/postgres")).default({ connectionString: "postgres://x" }); } catch (error) { postgres = error.message; }
      let redis = "no error";
      try { (await import("foyer-auth/stores/redis")).redisStore({ url: "redis://127.0.0.1:6379" }); } catch (error) { redis = error.message; }
      const memory = typeof (await import("foyer-auth/stores/memory")).memoryStore;
      let hono = "resolved";
      try { await import("foyer-auth/hono"); } catch (error) { hono = error.message; }
      const testing = await import("foyer-auth/testing");
      let idp = "no error";
      try { await testing.startTestIdP(); } catch (error) { idp = error.name + ": " + error.message; }
      let smtp = "no error";
      try { await testing.startTestSmtpServer(); } catch (error) { smtp = error.message; }
      let playwright = "resolved";
      try { await import("foyer-auth/testing/playwright"); } catch (error) { playwright = error.message; }
      let hidden = "resolved";
      try { await import("foyer-auth/providers/email-http"); } catch (error) { hidden = error.code; }
      console.log(JSON.stringify({ loaded, sqlite, postgres, redis, memory, hono, hidden, testing: Object.keys(testing).length, idp, smtp, playwright }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: app });
    const result = JSON.parse(stdout) as {
      loaded: Record<string, number>;
      sqlite: string;
      postgres: string;
      redis: string;
      memory: string;
      hono: string;
      hidden: string;
      testing: number;
      idp: string;
      smtp: string;
      playwright: string;
    };
    expect(result.loaded["foyer-auth"]).toBeGreaterThan(10);
    expect(result.loaded["foyer-auth/errors"]).toBeGreaterThan(20);
    expect(result.loaded["foyer-auth/providers/github"]).toBeGreaterThan(0);
    // Without Next.js installed (an optional peer), foyer-auth/next still imports: Next is loaded on first use.
    expect(result.loaded["foyer-auth/next"]).toBeGreaterThan(2);
    expect(result.loaded["foyer-auth/next/edge"]).toBeGreaterThan(0);
    // Without Express installed (an optional peer), foyer-auth/express imports: it uses only Express's request shape.
    expect(result.loaded["foyer-auth/express"]).toBeGreaterThan(4);
    // Without SolidStart installed (an optional peer), foyer-auth/solid-start imports: it uses only the web Request.
    expect(result.loaded["foyer-auth/solid-start"]).toBeGreaterThan(4);
    expect(result.loaded["foyer-auth/solid-start/client"]).toBeGreaterThan(2);
    expect(result.sqlite).toBe('SQLiteAdapter needs the "libsql" package, which is not installed. Install it: npm install libsql');
    expect(result.postgres).toContain('needs the "pg" package');
    // The shared stores: memory needs nothing; Redis (an optional peer) names the package to install.
    expect(result.memory).toBe("function");
    expect(result.redis).toBe('redisStore({ url }) needs the "redis" package, which is not installed. Install it: npm install redis');
    // foyer-auth/hono is Hono middleware: without Hono (an optional peer) it names the package to install.
    expect(result.hono).toContain("'hono'");
    expect(result.hidden).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
    // foyer-auth/testing imports without its optional peers; each helper that needs one names it.
    expect(result.testing).toBeGreaterThan(8);
    expect(result.idp).toBe(
      'MissingDependencyError: The test OpenID Provider needs the "oidc-provider" package, which is not installed. Install it: npm install oidc-provider',
    );
    expect(result.smtp).toContain('needs the "smtp-server" package');
    expect(result.playwright).toContain('foyer-auth/testing/playwright needs the "@playwright/test" package');
  });
});

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers, or rejects after a few seconds. */
async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${url} did not answer`);
}

describe("every provider module in the tarball", () => {
  /** Modules whose provider id is not the module name: Ory Hydra's id is `hydra`, as in Auth.js. */
  const ID_OF_MODULE: Record<string, string> = { "ory-hydra": "hydra" };
  /**
   * Modules not made here: the generic OAuth/OIDC builders and the e-mail module have no default
   * provider, and Nodemailer's factory loads its optional `nodemailer` peer, which this app lacks.
   */
  const NOT_A_SERVICE = ["oauth", "oidc", "email", "nodemailer"];

  it("each public foyer-auth/providers/<module> imports and its default export makes the provider of that id; internal modules stay private", async () => {
    const hidden = Object.entries(pkg.exports)
      .filter(([path, target]) => path.startsWith("./providers/") && target === null)
      .map(([path]) => path.slice("./providers/".length));
    const modules = readdirSync(join(ROOT, "dist/server/providers"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => file.slice(0, -".js".length))
      .filter((name) => !hidden.includes(name) && !NOT_A_SERVICE.includes(name));
    expect(modules.length, "the catalogue has every Auth.js provider (72 since the catalogue issue) plus the first ones").toBeGreaterThan(100);
    const script = `
      const ids = {};
      for (const name of ${JSON.stringify(modules)}) {
        const factory = (await import("foyer-auth/providers/" + name)).default;
        ids[name] = factory({ clientId: "id", clientSecret: "secret", issuer: "https://issuer.example", accountID: "TSTDRV1" }).id;
      }
      const internal = {};
      for (const name of ${JSON.stringify(hidden)}) {
        try { await import("foyer-auth/providers/" + name); internal[name] = "resolved"; } catch (error) { internal[name] = error.code; }
      }
      console.log(JSON.stringify({ ids, internal }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: app });
    const result = JSON.parse(stdout) as { ids: Record<string, string>; internal: Record<string, string> };
    expect(result.ids).toEqual(Object.fromEntries(modules.map((name) => [name, ID_OF_MODULE[name] ?? name])));
    expect(hidden).toEqual(expect.arrayContaining(["provider-api", "catalogue-kit"]));
    expect(result.internal).toEqual(Object.fromEntries(hidden.map((name) => [name, "ERR_PACKAGE_PATH_NOT_EXPORTED"])));
  });
});
