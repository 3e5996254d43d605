/**
 * The package as users get it: the BUILT files in dist/, imported by the package's own name through
 * package.json "exports" (Node resolves a package's own name from inside it), and its declaration
 * files type-checking an application that augments Foyer's types. `npm test` builds dist/ first.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

beforeAll(() => {
  if (!existsSync(new URL("../dist/server/index.js", import.meta.url))) {
    throw new Error("dist/server/index.js is missing: run `npm run build` first (`npm test` does this for you).");
  }
});

/** Runs an ES module script from the repository root, as an application would import the package. */
async function node(script: string): Promise<string> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, timeout: 8000 });
  return stdout;
}

/**
 * How long one `tsc -p` may run. Two run side by side, and on a busy machine a type-check of the
 * declaration files takes several seconds; the tests' own timeout is set above this one, so a slow
 * compiler is reported by {@link tsc} as a timeout rather than by Vitest as a hung test.
 */
const TSC_TIMEOUT_MS = 30_000;
const TSC_TEST_TIMEOUT_MS = TSC_TIMEOUT_MS + 5_000;

/**
 * Runs the TypeScript compiler on a fixture project: its exit code and output, also when it reports
 * errors. Rejects only when the compiler did not finish (killed at {@link TSC_TIMEOUT_MS}, or by a
 * signal), saying so, instead of passing that off as a failed type-check with no output.
 */
async function tsc(project: string): Promise<{ code: number; output: string }> {
  const started = Date.now();
  try {
    const { stdout } = await run(process.execPath, [TSC, "-p", project, "--pretty", "false"], { cwd: ROOT, timeout: TSC_TIMEOUT_MS });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number | string; killed?: boolean; signal?: string | null; stdout?: string; stderr?: string };
    if (failure.killed || failure.signal) {
      const elapsed = ((Date.now() - started) / 1000).toFixed(1);
      const why = failure.killed
        ? `timed out: still running after ${elapsed} s (the limit is ${TSC_TIMEOUT_MS / 1000} s), so it was stopped`
        : `was stopped by ${failure.signal} after ${elapsed} s`;
      throw new Error(`tsc -p ${project} ${why}; the type-check did not run to the end (is the machine busy?)`, { cause: error });
    }
    if (typeof failure.code !== "number") throw error; // could not start (e.g. the compiler is missing)
    return { code: failure.code, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

describe("package exports", () => {
  it("exposes every entry point by name, with the expected exports", async () => {
    const stdout = await node(`
      const entries = {
        "foyer-auth": await import("foyer-auth"),
        "foyer-auth/jwt": await import("foyer-auth/jwt"),
        "foyer-auth/node": await import("foyer-auth/node"),
        "foyer-auth/next": await import("foyer-auth/next"),
        "foyer-auth/next/edge": await import("foyer-auth/next/edge"),
        "foyer-auth/express": await import("foyer-auth/express"),
        "foyer-auth/hono": await import("foyer-auth/hono"),
        "foyer-auth/solid-start": await import("foyer-auth/solid-start"),
        "foyer-auth/solid-start/client": await import("foyer-auth/solid-start/client"),
        "foyer-auth/providers/credentials": await import("foyer-auth/providers/credentials"),
        "foyer-auth/providers/webauthn": await import("foyer-auth/providers/webauthn"),
        "foyer-auth/providers/passkey": await import("foyer-auth/providers/passkey"),
        "foyer-auth/client": await import("foyer-auth/client"),
        "foyer-auth/react": await import("foyer-auth/react"),
        "foyer-auth/elements": await import("foyer-auth/elements"),
        "foyer-auth/elements/auth-signin": await import("foyer-auth/elements/auth-signin"),
        "foyer-auth/adapters/memory": await import("foyer-auth/adapters/memory"),
        "foyer-auth/adapters/sqlite": await import("foyer-auth/adapters/sqlite"),
        "foyer-auth/adapters/postgres": await import("foyer-auth/adapters/postgres"),
        "foyer-auth/stores/memory": await import("foyer-auth/stores/memory"),
        "foyer-auth/stores/redis": await import("foyer-auth/stores/redis"),
      };
      const kinds = {};
      for (const [entry, module] of Object.entries(entries)) {
        kinds[entry] = Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]));
      }
      const { default: pkg } = await import("foyer-auth/package.json", { with: { type: "json" } });
      console.log(JSON.stringify({ kinds, name: pkg.name }));
    `);
    const { kinds, name } = JSON.parse(stdout) as { kinds: Record<string, Record<string, string>>; name: string };
    expect(name).toBe("foyer-auth");
    const functions = (entry: string, names: string[]) => {
      for (const exported of names) expect(kinds[entry]![exported], `${entry} exports ${exported}`).toBe("function");
    };
    functions("foyer-auth", ["Auth", "getSession", "setEnvDefaults", "createActionURL", "isAuthAction", "AuthError", "CredentialsSignin", "MissingCSRF"]);
    expect(kinds["foyer-auth"]).toMatchObject({ raw: "symbol", skipCSRFCheck: "symbol" });
    functions("foyer-auth/jwt", ["encode", "decode", "getToken"]);
    functions("foyer-auth/node", ["toWebRequest", "sendWebResponse", "createAuthHandler", "PayloadTooLargeError"]);
    // Next.js is loaded only when a request needs it: the entry imports in plain Node.
    functions("foyer-auth/next", ["default", "AuthError", "CredentialsSignin", "checkRuntime"]);
    functions("foyer-auth/next/edge", ["hasSessionCookie"]);
    functions("foyer-auth/express", ["ExpressAuth", "getSession", "AuthError", "CredentialsSignin"]);
    expect(kinds["foyer-auth/express"]!.customFetch).toBe("symbol");
    functions("foyer-auth/hono", ["initAuthConfig", "authHandler", "verifyAuth", "getAuthUser", "setEnvDefaults", "AuthError", "CredentialsSignin"]);
    expect(kinds["foyer-auth/hono"]!.customFetch).toBe("symbol");
    functions("foyer-auth/solid-start", ["SolidAuth", "getSession", "AuthError", "CredentialsSignin"]);
    expect(kinds["foyer-auth/solid-start"]!.customFetch).toBe("symbol");
    functions("foyer-auth/solid-start/client", ["signIn", "signOut", "createSolidAuthClient", "createAuthClient"]);
    functions("foyer-auth/providers/credentials", ["default"]);
    functions("foyer-auth/providers/webauthn", ["default"]);
    functions("foyer-auth/providers/passkey", ["default"]);
    functions("foyer-auth", ["readAccountTokens"]);
    functions("foyer-auth/client", ["createAuthClient", "getCsrfToken", "getProviders", "getSession", "signIn", "signOut", "updateSession", "onSessionChange"]);
    functions("foyer-auth/react", ["SessionProvider", "useSession", "signIn", "signOut", "getSession", "getCsrfToken", "getProviders"]);
    expect(kinds["foyer-auth/react"]!.SessionContext).toBe("object");
    // Elements import in plain Node (SSR-safe) and export their classes.
    functions("foyer-auth/elements", ["AuthSignin", "AuthProviderButton", "AuthSignout", "AuthSession", "AuthUser"]);
    functions("foyer-auth/elements/auth-signin", ["AuthSignin", "define"]);
    for (const adapter of ["memory", "sqlite", "postgres"]) functions(`foyer-auth/adapters/${adapter}`, ["default"]);
    functions("foyer-auth/stores/memory", ["default", "memoryStore"]);
    functions("foyer-auth/stores/redis", ["default", "redisStore", "RedisStoreError"]);
  });

  it('keeps "use client" as the first statement of every built foyer-auth/react module (Next.js reads it there)', () => {
    const folder = new URL("../dist/ui/react/", import.meta.url);
    const modules = readdirSync(folder).filter((name) => name.endsWith(".js"));
    expect(modules).toContain("index.js");
    for (const name of modules) expect(readFileSync(new URL(name, folder), "utf8"), name).toMatch(/^"use client";\n/);
  });

  it("signs in with credentials and reads the session through the built Auth()", async () => {
    const stdout = await node(`
      import { Auth } from "foyer-auth";
      import { decode } from "foyer-auth/jwt";
      import Credentials from "foyer-auth/providers/credentials";

      const secret = "package-exports-test-secret-0123456789";
      const config = {
        secret,
        trustHost: true,
        providers: [Credentials({ authorize: (c) => (c.password === "pw" ? { id: "7", name: "Ada", email: "ada@example.com" } : null) })],
      };
      const origin = "http://localhost:3000";
      const cookieHeader = (response) => response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

      const csrf = await Auth(new Request(origin + "/auth/csrf"), config);
      const { csrfToken } = await csrf.json();
      const signIn = await Auth(new Request(origin + "/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf) },
        body: new URLSearchParams({ csrfToken, password: "pw", callbackUrl: "/home" }),
      }), config);
      const sessionCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
      const token = decodeURIComponent(sessionCookie.split(";")[0].slice("authjs.session-token=".length));
      const session = await Auth(new Request(origin + "/auth/session", { headers: { cookie: "authjs.session-token=" + token } }), config);
      const payload = await decode({ token, secret, salt: "authjs.session-token" });
      console.log(JSON.stringify({
        status: signIn.status,
        location: signIn.headers.get("location"),
        session: await session.json(),
        sub: payload.sub,
      }));
    `);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 302,
      location: "http://localhost:3000/home",
      session: { user: { name: "Ada", email: "ada@example.com" }, expires: expect.any(String) },
      sub: "7",
    });
  });
});

describe.concurrent("package types", () => {
  it(
    "type-checks an app that augments Session and JWT (server/fixtures/types)",
    async () => {
      const { code, output } = await tsc("server/fixtures/types");
      expect(output).toBe("");
      expect(code).toBe(0);
    },
    TSC_TEST_TIMEOUT_MS,
  );

  it(
    "rejects a number where the augmented Session says role is 'admin' | 'user' (server/fixtures/types/misuse)",
    async () => {
      const { code, output } = await tsc("server/fixtures/types/misuse");
      expect(code).toBe(2);
      const errors = output.trim().split("\n");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /^server\/fixtures\/types\/misuse\/index\.ts\(\d+,\d+\): error TS2322: Type '42' is not assignable to type '("user" \| "admin"|"admin" \| "user")'\.$/,
      );
    },
    TSC_TEST_TIMEOUT_MS,
  );
});
