/**
 * Configuration validation fails closed: Auth.js's config assertions and Foyer's stricter ones
 * (docs/compatibility.md#configuration-errors-and-logging; hostile cases R-CONF-*, R-HOST-01/02/06,
 * R-SESS-09 in docs/security.md).
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { getSession } from "../get-session.js";
import Credentials from "../providers/credentials.js";
import { CookieJar, ORIGIN, PASSWORD, captureConsole, csrf, get, postForm, signIn, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { normalizeConfig } from "./normalize.js";
import type { AuthError } from "../core/errors.js";

const GENERIC_500 = { message: "There was a problem with the server configuration. Check the server logs for more information." };

function collectingLogger() {
  const errors: AuthError[] = [];
  return { errors, logger: { error: (e: Error) => void errors.push(e as AuthError), warn() {}, debug() {} } };
}

async function expectConfigError(config: AuthConfig, type: string, message: RegExp) {
  const { errors, logger } = collectingLogger();
  const response = await Auth(get("/auth/session"), { ...config, logger });
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual(GENERIC_500);
  expect(errors[0]?.type).toBe(type);
  // Auth.js's message, then Foyer's detail (both on the log line): server/interop/error-messages.test.ts.
  expect(`${errors[0]?.message} ${String(errors[0]?.cause?.detail ?? "")}`).toMatch(message);
}

describe("validation failures answer the generic response and log a specific, actionable error", () => {
  it("R-CONF-01 no secret → MissingSecret naming AUTH_SECRET and the command that makes one", async () => {
    await expectConfigError(testConfig({ secret: undefined }), "MissingSecret", /AUTH_SECRET.*npx foyer-auth secret/);
    await expectConfigError(testConfig({ secret: [] }), "MissingSecret", /secret/);
  });

  it("providers that are not an array (an empty list is allowed, as in Auth.js: server/dropin.test.ts)", async () => {
    await expectConfigError(testConfig({ providers: "nope" as never }), "InvalidConfiguration", /providers/);
  });

  it("a credentials provider object without authorize → MissingAuthorize (the Credentials() factory supplies one, as Auth.js)", async () => {
    const bare = { id: "credentials", name: "Credentials", type: "credentials", credentials: {} } as never;
    await expectConfigError(testConfig({ providers: [bare] }), "MissingAuthorize", /authorize\(\)/);
  });

  it("duplicate provider ids", async () => {
    const p = () => Credentials({ credentials: {}, authorize: () => null });
    await expectConfigError(testConfig({ providers: [p(), p()] }), "InvalidProvider", /Two providers have the id "credentials"/);
  });

  it("an unknown provider type, an OAuth provider without endpoints, e-mail without an adapter", async () => {
    await expectConfigError(testConfig({ providers: [{ id: "x", name: "X", type: "saml" as never }] }), "InvalidProvider", /type "saml"/);
    await expectConfigError(
      testConfig({ providers: [{ id: "idp", name: "IdP", type: "oauth" as const }] }),
      "InvalidEndpoints",
      /"idp" is missing both `issuer` and `authorization`/,
    );
    await expectConfigError(
      testConfig({ providers: [{ id: "email", name: "Email", type: "email" as const }] }),
      "MissingAdapter",
      /Email login requires an adapter/,
    );
  });

  it("an OIDC issuer that cannot be reached: Configuration redirect and a clear log line, not a crash", async () => {
    const { errors, logger } = collectingLogger();
    const config = testConfig({ logger, providers: [{ id: "idp", name: "IdP", type: "oidc" as const, issuer: "http://127.0.0.1:9", clientId: "c" }] });
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(postForm("/auth/signin/idp", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("bad session options", async () => {
    await expectConfigError(testConfig({ session: { strategy: "redis" as never } }), "InvalidConfiguration", /session\.strategy/);
    await expectConfigError(testConfig({ session: { maxAge: -1 } }), "InvalidConfiguration", /session\.maxAge/);
    await expectConfigError(testConfig({ session: { maxAge: new Date("nope") } }), "InvalidConfiguration", /session\.maxAge/);
    await expectConfigError(testConfig({ session: { updateAge: Number.NaN } }), "InvalidConfiguration", /session\.updateAge/);
    await expectConfigError(testConfig({ session: { strategy: "database" } }), "MissingAdapter", /requires an adapter/);
  });

  it("bad pages, logLevel and maxBodySize", async () => {
    await expectConfigError(testConfig({ pages: { signIn: "javascript:alert(1)" } }), "InvalidConfiguration", /pages\.signIn/);
    await expectConfigError(testConfig({ pages: { error: "//evil.com" } }), "InvalidConfiguration", /pages\.error/);
    await expectConfigError(testConfig({ logLevel: "loud" as never }), "InvalidConfiguration", /logLevel/);
    await expectConfigError(testConfig({ maxBodySize: 0 }), "InvalidConfiguration", /maxBodySize/);
    await expectConfigError(testConfig({ store: { get() {} } as never }), "InvalidConfiguration", /store must be a shared store.*lacks set, delete/);
  });

  it("a POST with a broken config also gets the 500 JSON (never a redirect with details)", async () => {
    const response = await Auth(postForm("/auth/signout", {}), testConfig({ secret: undefined, logger: collectingLogger().logger }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(GENERIC_500);
  });

  it("a page GET with a custom error page is redirected there with error=Configuration", async () => {
    const config = testConfig({ secret: undefined, pages: { error: "/oops" }, logger: collectingLogger().logger });
    const response = await Auth(get("/auth/signin"), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/oops?error=Configuration`);
  });

  it("ErrorPageLoop: when the callbackUrl is the custom error page itself, answer directly", async () => {
    const { errors, logger } = collectingLogger();
    const config = testConfig({ secret: undefined, pages: { error: "/oops" }, logger });
    const response = await Auth(get("/auth/error?callbackUrl=%2Foops%3Ferror%3DConfiguration"), config);
    expect(response.status).toBe(500);
    expect(errors.map((e) => e.type)).toContain("ErrorPageLoop");
  });

  it("the log names the class; the client never sees it", async () => {
    const { output } = await captureConsole(async () => {
      const response = await Auth(get("/auth/session"), testConfig({ secret: undefined, logger: undefined }));
      expect(await response.text()).not.toMatch(/MissingSecret|AUTH_SECRET|stack/);
    });
    expect(output).toMatch(/^\[foyer\]\[error\] MissingSecret: .*AUTH_SECRET/m);
    expect(output.split("\n").filter((l) => l.includes("MissingSecret"))).toHaveLength(1);
  });
});

describe("host trust", () => {
  it("R-HOST-01 host trust off → UntrustedHost, 500 JSON, with an actionable log line", async () => {
    await expectConfigError(testConfig({ trustHost: false }), "UntrustedHost", /AUTH_URL|AUTH_TRUST_HOST/);
  });

  it("R-HOST-02 X-Forwarded-Host is ignored by the core: URLs and redirects stay on the request's origin", async () => {
    const response = await Auth(get("/auth/providers", { headers: { "x-forwarded-host": "evil.com", "x-forwarded-proto": "https" } }), testConfig());
    const body = await response.json();
    expect(body.credentials.callbackUrl).toBe(`${ORIGIN}/auth/callback/credentials`);
    const { response: signInResponse } = await signIn(testConfig(), {});
    expect(signInResponse.headers.get("location")).toBe(ORIGIN);
  });

  it("the UntrustedHost log line does not carry the query string (magic-link tokens live there)", async () => {
    const { errors, logger } = collectingLogger();
    await Auth(get("/auth/callback/email?token=secret-token-value&email=a%40b.c"), testConfig({ trustHost: false, logger }));
    expect(errors[0]!.message).not.toContain("secret-token-value");
  });
});

describe("R-CONF-06 no state leaks between configs", () => {
  it("a broken config does not break a good one, and each config is judged alone", async () => {
    const broken = testConfig({ secret: undefined, logger: collectingLogger().logger });
    const good = testConfig();
    expect((await Auth(get("/auth/session"), broken)).status).toBe(500);
    expect((await Auth(get("/auth/session"), good)).status).toBe(200);
    expect((await Auth(get("/auth/session"), broken)).status).toBe(500);
  });

  it("normalisation is cached per config object and never mutates the user's providers array", () => {
    const config = testConfig();
    const providers = config.providers;
    expect(normalizeConfig(config)).toBe(normalizeConfig(config));
    expect(config.providers).toBe(providers);
    expect(normalizeConfig(testConfig())).not.toBe(normalizeConfig(config));
  });
});

describe("R-SESS-09 session readers fail closed", () => {
  it("getSession returns the session for a signed-in request and null without one", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const session = await getSession(get("/dashboard", { cookie: jar.header }), config);
    expect(session?.user?.email).toBe("ada@example.com");
    expect(await getSession(get("/dashboard"), config)).toBeNull();
  });

  it.each([
    ["missing secret", { secret: undefined }],
    ["untrusted host", { trustHost: false }],
    ["provider without endpoints", { providers: [{ id: "x", name: "X", type: "oauth" as const }] }],
  ])("getSession with a broken config (%s) → null, even with a valid cookie", async (_name, overrides) => {
    const { jar } = await signIn(testConfig());
    const session = await getSession(get("/dashboard", { cookie: jar.header }), testConfig({ ...overrides, logger: collectingLogger().logger }));
    expect(session).toBeNull();
  });

  it("getSession with a throwing config function → null", async () => {
    expect(
      await getSession(get("/"), () => {
        throw new Error("boom");
      }),
    ).toBeNull();
  });

  it("getSession honours basePath", async () => {
    const config = testConfig({ basePath: "/api/auth" });
    const csrfResponse = await Auth(get("/api/auth/csrf"), config);
    const jar = new CookieJar().update(csrfResponse);
    const { csrfToken } = await csrfResponse.json();
    jar.update(await Auth(postForm("/api/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), config));
    expect((await getSession(get("/", { cookie: jar.header }), config))?.user?.name).toBe("Ada Lovelace");
  });
});

describe("AUTH_URL", () => {
  it("its origin wins over the request's for URLs, redirects and the CSRF provenance check", async () => {
    const { vi } = await import("vitest");
    vi.stubEnv("AUTH_URL", "https://public.example.com");
    try {
      const config = testConfig();
      const providers = await (await Auth(get("/auth/providers"), config)).json();
      expect(providers.credentials.signinUrl).toBe("https://public.example.com/auth/signin/credentials");
      const { jar, csrfToken } = await (async () => {
        const r = await Auth(get("/auth/csrf"), config);
        return { jar: new CookieJar().update(r), csrfToken: (await r.json()).csrfToken as string };
      })();
      expect([...jar.cookies.keys()]).toContain("__Host-authjs.csrf-token");
      const response = await Auth(
        postForm(
          "/auth/callback/credentials",
          { csrfToken, username: "ada", password: PASSWORD, callbackUrl: "/home" },
          {
            cookie: jar.header,
            headers: { Origin: "https://public.example.com" },
          },
        ),
        config,
      );
      expect(response.headers.get("location")).toBe("https://public.example.com/home");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("__Secure-authjs.session-token="))).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
