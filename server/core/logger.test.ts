/**
 * Logging: levels, custom loggers, single-line output, and no secrets in any line — checked by running
 * whole flows at `verbose` and searching everything written.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import Credentials from "../providers/credentials.js";
import { CookieJar, PASSWORD, SECRET, captureConsole, csrf, get, postForm, postJson, signIn, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { AccessDenied, CredentialsSignin } from "./errors.js";
import { createLogger, formatError, redact } from "./logger.js";

const consoleConfig = (overrides: Partial<AuthConfig> = {}) => testConfig({ logger: undefined, ...overrides });

describe("no secrets in the logs", () => {
  it("whole flows at verbose never print the secret, tokens, cookies or passwords, and every line is one line", async () => {
    const sensitive = new Set<string>([SECRET, PASSWORD]);
    const { lines, output } = await captureConsole(async () => {
      const config = consoleConfig({ logLevel: "verbose" });
      const { jar, csrfToken, response } = await signIn(config, { callbackUrl: "/after" });
      sensitive.add(csrfToken);
      for (const [, value] of jar.cookies) sensitive.add(decodeURIComponent(value));
      sensitive.add(response.headers.getSetCookie().join("; "));
      await Auth(get("/auth/session", { cookie: jar.header }), config);
      await Auth(postJson("/auth/session", { csrfToken, data: { name: "x" } }, { cookie: jar.header }), config);
      await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: "wrong-password-123" }, { cookie: jar.header }), config);
      sensitive.add("wrong-password-123");
      await Auth(postForm("/auth/signout", { csrfToken: "forged-token-value-1" }, { cookie: jar.header }), config);
      sensitive.add("forged-token-value-1");
      const tampered = new CookieJar();
      tampered.cookies.set("authjs.session-token", "eyJhbGciOiJkaXIifQ..tampered-cookie-value.x.y");
      sensitive.add("tampered-cookie-value");
      await Auth(get("/auth/session", { cookie: tampered.header }), config);
      await Auth(get("/auth/session", { headers: { authorization: "Bearer bearer-token-value" } }), config);
      sensitive.add("bearer-token-value");
      await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
      // a failing authorize whose error mentions nothing sensitive, and a config error
      const failing = consoleConfig({
        logLevel: "verbose",
        providers: [
          Credentials({
            credentials: {},
            authorize: () => {
              throw new TypeError("lookup failed");
            },
          }),
        ],
      });
      const f = await csrf(failing);
      await Auth(postForm("/auth/callback/credentials", { csrfToken: f.csrfToken, password: "p4ssw0rd-in-body" }, { cookie: f.jar.header }), failing);
      sensitive.add("p4ssw0rd-in-body");
      await Auth(get("/auth/session?token=magic-link-token-abc"), consoleConfig({ logLevel: "verbose", trustHost: false }));
      sensitive.add("magic-link-token-abc");
    });
    expect(lines.length).toBeGreaterThan(10);
    expect(output).toMatch(/\[foyer\]\[debug\] request/);
    expect(output).toMatch(/\[foyer\]\[error\] CredentialsSignin/);
    expect(output).toMatch(/\[foyer\]\[error\] CallbackRouteError: .*lookup failed/);
    for (const line of lines) expect(line).not.toMatch(/\n/);
    for (const value of sensitive) expect(output).not.toContain(value);
  });
});

describe("levels", () => {
  async function logsOf(config: AuthConfig) {
    return captureConsole(async () => {
      await Auth(get("/auth/session", { cookie: "authjs.session-token=garbage" }), config); // error
      await Auth(get("/auth/providers"), config); // debug
    });
  }

  it("error (default): errors only", async () => {
    const { output } = await logsOf(consoleConfig());
    expect(output).toMatch(/\[error\] JWTSessionError/);
    expect(output).not.toMatch(/\[debug\]|\[warn\]/);
  });

  it("verbose: errors, the debug-enabled warning and debug lines", async () => {
    const { output } = await logsOf(consoleConfig({ logLevel: "verbose" }));
    expect(output).toMatch(/\[error\] JWTSessionError/);
    expect(output).toMatch(/\[warn\]\[debug-enabled\]/);
    expect(output).toMatch(/\[debug\] request \{"method":"GET","action":"providers"\}/);
  });

  it("debug: true is the deprecated alias of verbose", async () => {
    const { output } = await logsOf(consoleConfig({ debug: true }));
    expect(output).toMatch(/\[debug\] request/);
  });

  it("silent: nothing", async () => {
    const { output } = await logsOf(consoleConfig({ logLevel: "silent" }));
    expect(output).toBe("");
  });

  it("warn: warnings and errors, no debug", async () => {
    const { output } = await captureConsole(async () => {
      await Auth(get("/auth/csrf"), consoleConfig({ logLevel: "warn", skipCSRFCheck: (await import("./markers.js")).skipCSRFCheck }));
    });
    expect(output).toMatch(/\[warn\]\[csrf-disabled\]/);
    expect(output).not.toMatch(/\[debug\]/);
  });

  it("a custom logger replaces single levels and is always called; debug: true is ignored with a custom logger", async () => {
    const seen: string[] = [];
    const { output } = await captureConsole(async () => {
      const config = consoleConfig({ debug: true, logger: { error: (e) => void seen.push(`error:${(e as AccessDenied).type}`) } });
      await Auth(get("/auth/session", { cookie: "authjs.session-token=garbage" }), config);
      await Auth(get("/auth/providers"), config);
    });
    expect(seen).toEqual(["error:JWTSessionError"]);
    expect(output).not.toMatch(/\[debug\]/);
  });

  it("a custom debug logger is called even at the default level, with redacted metadata", () => {
    const calls: unknown[] = [];
    const logger = createLogger({ logger: { debug: (message, metadata) => void calls.push([message, metadata]) } });
    logger.debug("adapter_getUser", { args: { id: 1, sessionToken: "abc", password: "pw" } });
    expect(calls).toEqual([["adapter_getUser", { args: { id: 1, sessionToken: "[redacted]", password: "[redacted]" } }]]);
  });

  it("a throwing custom logger never breaks a request", async () => {
    const config = testConfig({
      logger: {
        error: () => {
          throw new Error("logger down");
        },
        warn() {},
        debug() {},
      },
    });
    const response = await Auth(get("/auth/session", { cookie: "authjs.session-token=garbage" }), config);
    expect(response.status).toBe(200);
  });
});

describe("formatting", () => {
  it("one line with the type, message and a summary of the cause", () => {
    const line = formatError(new AccessDenied("denied\nsecond line", new TypeError("inner\nproblem")));
    expect(line).toBe('AccessDenied: denied second line {"cause":{"name":"TypeError","message":"inner problem"}}');
  });

  it("CredentialsSignin keeps its code; redaction covers nested keys and long strings", () => {
    expect(new CredentialsSignin().code).toBe("credentials");
    const out = redact({ a: { refresh_token: "x", list: [{ code_verifier: "y" }] }, long: "z".repeat(1000) }) as Record<string, any>;
    expect(out.a.refresh_token).toBe("[redacted]");
    expect(out.a.list[0].code_verifier).toBe("[redacted]");
    expect(out.long.length).toBeLessThan(700);
  });
});
