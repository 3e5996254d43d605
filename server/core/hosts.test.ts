/**
 * Forged hosts: a request whose `Host` (or a forwarded host a proxy passed on) names the attacker's
 * server must never get a sign-in e-mail whose link points there, nor a redirect there. Black-box
 * through `Auth()` with real `Request`s (on a fetch-based runtime the request URL's host *is* the
 * `Host` header), and over real HTTP through `foyer-auth/node` for `Host` and `X-Forwarded-Host`.
 */
import { request as httpRequest, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import { createAuthHandler, type NodeAuthHandlerOptions } from "../integrations/node.js";
import Credentials from "../providers/credentials.js";
import Email from "../providers/email-alias.js";
import type { SendVerificationRequestParams } from "../providers/email.js";
import { CookieJar, DEMO_USER, PASSWORD, SECRET } from "../testing/harness.js";
import { recordingAdapter, type RecordingAdapter } from "../email/test-helpers.js";
import type { AuthConfig } from "../types.js";
import { createActionURL, setEnvDefaults } from "./env.js";
import type { AuthError } from "./errors.js";
import { normalizeHost } from "./hosts.js";

const GENERIC_500 = { message: "There was a problem with the server configuration. Check the server logs for more information." };
const HOST_VARIABLES = ["AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "AUTH_ALLOWED_HOSTS", "VERCEL", "CF_PAGES"];

beforeEach(() => {
  for (const name of HOST_VARIABLES) vi.stubEnv(name, undefined);
  vi.stubEnv("NODE_ENV", "development");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

interface Setup {
  config: AuthConfig;
  recording: RecordingAdapter;
  sent: SendVerificationRequestParams[];
  errors: AuthError[];
}

/**
 * An app with e-mail and credentials sign-in whose e-mails land in `sent`. No `trustHost` unless the
 * overrides set one: trust then comes from the environment, as in an app that configures nothing.
 */
function setup(overrides: Partial<AuthConfig> = {}): Setup {
  const recording = recordingAdapter();
  const sent: SendVerificationRequestParams[] = [];
  const errors: AuthError[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    adapter: recording.adapter,
    session: { strategy: "jwt" },
    logger: { error: (error) => void errors.push(error as AuthError), warn() {}, debug() {} },
    providers: [
      Email({ sendVerificationRequest: (params) => void sent.push(params) }),
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (credentials) => (credentials.username === "ada" && credentials.password === PASSWORD ? { ...DEMO_USER } : null),
      }),
    ],
    ...overrides,
  };
  return { config, recording, sent, errors };
}

function get(origin: string, path: string, jar = new CookieJar()): Request {
  return new Request(`${origin}${path}`, { headers: jar.header ? { cookie: jar.header } : {} });
}

function post(origin: string, path: string, fields: Record<string, string>, jar: CookieJar): Request {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams(fields),
  });
}

/**
 * A CSRF pair fetched on the app's real host, then an e-mail sign-in posted on `origin`: what an
 * attacker who forges the host of one request does (the CSRF check passes; only the host is wrong).
 */
async function requestLinkOn(origin: string, { config }: Setup, realOrigin = "http://localhost:3000", email = "victim@example.com"): Promise<Response> {
  const jar = new CookieJar();
  const csrfResponse = await Auth(get(realOrigin, "/auth/csrf"), config);
  jar.update(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  return Auth(post(origin, "/auth/signin/email", { csrfToken, email, callbackUrl: "/dashboard" }, jar), config);
}

async function credentialsSignInOn(origin: string, { config }: Setup, realOrigin = "http://localhost:3000"): Promise<Response> {
  const jar = new CookieJar();
  const csrfResponse = await Auth(get(realOrigin, "/auth/csrf"), config);
  jar.update(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  return Auth(post(origin, "/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, jar), config);
}

/** Nothing reached the adapter's token store and nothing was handed to the sender. */
function expectNothingStoredOrSent(s: Setup): void {
  expect(s.sent).toEqual([]);
  expect(s.recording.methods()).not.toContain("createVerificationToken");
  expect(s.recording.storedTokens()).toEqual([]);
}

async function expectUntrustedHost(response: Response, s: Setup, message: RegExp): Promise<void> {
  expect(response.status).toBe(500);
  expect(response.headers.get("location")).toBeNull();
  expect(await response.json()).toEqual(GENERIC_500);
  expect(s.errors.map((e) => e.type)).toContain("UntrustedHost");
  const error = s.errors.find((e) => e.type === "UntrustedHost")!;
  // Auth.js's message; what Foyer refused and why is the detail (server/interop/error-messages.test.ts).
  expect(error.message).toMatch(/^Host must be trusted\. URL was: /);
  expect(String(error.cause?.detail)).toMatch(message);
}

describe("development (host trust only because NODE_ENV is not production)", () => {
  it("an e-mail sign-in with Host: evil.com is refused: no link to evil.com is stored or sent", async () => {
    const s = setup();
    const response = await requestLinkOn("http://evil.com", s);
    await expectUntrustedHost(response, s, /"evil\.com".*AUTH_ALLOWED_HOSTS/);
    expectNothingStoredOrSent(s);
  });

  it("a credentials sign-in with Host: evil.com is refused: the redirect after sign-in never goes to evil.com", async () => {
    const s = setup();
    const response = await credentialsSignInOn("http://evil.com:3000", s);
    await expectUntrustedHost(response, s, /"evil\.com:3000"/);
    expect(response.headers.getSetCookie().join()).not.toContain("session-token");
  });

  it.each(["http://localhost:3000", "http://app.localhost:3000", "http://127.0.0.1:3000", "http://127.8.9.10", "http://[::1]:3000"])(
    "loopback host %s still works: the link is on that host",
    async (origin) => {
      const s = setup();
      const response = await requestLinkOn(origin, s, origin);
      expect(response.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=email&type=email`);
      expect(s.sent).toHaveLength(1);
      expect(new URL(s.sent[0]!.url).origin).toBe(origin);
      expect(new URL(s.sent[0]!.url).searchParams.get("callbackUrl")).toBe(`${origin}/dashboard`);
    },
  );

  it("an explicit trustHost: true does not make evil.com good enough for an e-mail link", async () => {
    const s = setup({ trustHost: true });
    const response = await requestLinkOn("http://evil.com", s);
    await expectUntrustedHost(response, s, /E-mail sign-in links.*"evil\.com".*AUTH_URL.*allowedHosts/);
    expectNothingStoredOrSent(s);
  });

  it("a host the app lists works outside loopback", async () => {
    const s = setup({ allowedHosts: ["dev.example.test:3000"] });
    const response = await requestLinkOn("http://dev.example.test:3000", s);
    expect(response.status).toBe(302);
    expect(new URL(s.sent[0]!.url).origin).toBe("http://dev.example.test:3000");
  });

  it("a custom error page on a forged host is reached by a relative redirect, never one to evil.com", async () => {
    const s = setup({ pages: { error: "/oops" } });
    const response = await Auth(get("http://evil.com", "/auth/signin"), s.config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/oops?error=Configuration");
  });
});

describe("production with AUTH_TRUST_HOST=true and no AUTH_URL", () => {
  beforeEach(() => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("AUTH_TRUST_HOST", "true");
  });

  it("without allowedHosts an e-mail sign-in is refused with a configuration error: nothing stored, nothing sent", async () => {
    for (const origin of ["https://evil.com", "https://app.example.com", "http://localhost:3000"]) {
      const s = setup();
      const response = await requestLinkOn(origin, s, origin);
      await expectUntrustedHost(response, s, /E-mail sign-in links.*Set AUTH_URL.*allowedHosts \(or AUTH_ALLOWED_HOSTS\)\.$/);
      expectNothingStoredOrSent(s);
    }
  });

  it("without allowedHosts, answers that stay in the request keep Auth.js's behaviour (the app declared the host trusted)", async () => {
    const s = setup();
    const response = await Auth(get("https://app.example.com", "/auth/providers"), s.config);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: { signinUrl: string } }).email.signinUrl).toBe("https://app.example.com/auth/signin/email");
  });

  it("with allowedHosts: the listed host gets its link; Host: evil.com is refused for every request", async () => {
    const s = setup({ allowedHosts: ["app.example.com"] });
    const good = await requestLinkOn("https://app.example.com", s, "https://app.example.com");
    expect(good.headers.get("location")).toBe("https://app.example.com/auth/verify-request?provider=email&type=email");
    expect(s.sent.map((m) => new URL(m.url).origin)).toEqual(["https://app.example.com"]);

    const evil = setup({ allowedHosts: ["app.example.com"] });
    const response = await requestLinkOn("https://evil.com", evil, "https://app.example.com");
    await expectUntrustedHost(response, evil, /"evil\.com" is not in allowedHosts/);
    expectNothingStoredOrSent(evil);
    expect((await Auth(get("https://evil.com", "/auth/csrf"), evil.config)).status).toBe(500);
    expect((await Auth(get("https://evil.com", "/auth/session"), evil.config)).status).toBe(500);
  });

  it("with allowedHosts, loopback hosts are not accepted in production unless listed", async () => {
    const s = setup({ allowedHosts: ["app.example.com"] });
    await expectUntrustedHost(await requestLinkOn("http://localhost:3000", s, "https://app.example.com"), s, /"localhost:3000"/);
    expectNothingStoredOrSent(s);
  });

  it("AUTH_ALLOWED_HOSTS (comma-separated) is read when the config has no allowedHosts", async () => {
    vi.stubEnv("AUTH_ALLOWED_HOSTS", " app.example.com , admin.example.com:8443 ");
    const s = setup();
    await requestLinkOn("https://admin.example.com:8443", s, "https://admin.example.com:8443");
    expect(s.sent.map((m) => new URL(m.url).origin)).toEqual(["https://admin.example.com:8443"]);
    const evil = setup();
    await expectUntrustedHost(await requestLinkOn("https://admin.example.com", evil, "https://app.example.com"), evil, /"admin\.example\.com"/);
  });

  it("a credentials sign-in on a listed host redirects there; on evil.com it is refused (no redirect to evil.com)", async () => {
    const s = setup({ allowedHosts: ["app.example.com"] });
    const good = await credentialsSignInOn("https://app.example.com", s, "https://app.example.com");
    expect(good.headers.get("location")).toBe("https://app.example.com");
    const evil = await credentialsSignInOn("https://evil.com", s, "https://app.example.com");
    expect(evil.status).toBe(500);
    expect(evil.headers.get("location")).toBeNull();
  });

  it("the e-mail callback with a forged Host cannot redirect to evil.com, and the link's callbackUrl is on the listed host", async () => {
    const s = setup({ allowedHosts: ["app.example.com"] });
    await requestLinkOn("https://app.example.com", s, "https://app.example.com");
    const link = new URL(s.sent[0]!.url);
    expect(link.searchParams.get("callbackUrl")).toBe("https://app.example.com/dashboard");
    const forged = await Auth(get("https://evil.com", `${link.pathname}${link.search}`), s.config);
    expect(forged.status).toBe(500);
    expect(forged.headers.get("location")).toBeNull();
    const real = await Auth(get("https://app.example.com", `${link.pathname}${link.search}`), s.config);
    expect(real.headers.get("location")).toBe("https://app.example.com/dashboard");
  });

  it("a wildcard in allowedHosts is a configuration error in production", async () => {
    for (const allowedHosts of [["*.example.com"], ["*"]]) {
      const s = setup({ allowedHosts });
      const response = await Auth(get("https://app.example.com", "/auth/session"), s.config);
      expect(response.status).toBe(500);
      expect(s.errors[0]?.type).toBe("InvalidConfiguration");
      expect(s.errors[0]?.message).toMatch(/allowedHosts entry "\*(\.example\.com)?"/);
    }
  });
});

describe("configuration", () => {
  it("setEnvDefaults reads AUTH_ALLOWED_HOSTS (comma-separated, blanks dropped); the config's own list wins", () => {
    const env = { AUTH_ALLOWED_HOSTS: " a.example.com,, b.example.com:8443 ," };
    expect(setEnvDefaults(env, { providers: [] }).allowedHosts).toEqual(["a.example.com", "b.example.com:8443"]);
    expect(setEnvDefaults(env, { providers: [], allowedHosts: ["c.example.com"] }).allowedHosts).toEqual(["c.example.com"]);
    expect(setEnvDefaults({ AUTH_ALLOWED_HOSTS: " , " }, { providers: [] }).allowedHosts).toBeUndefined();
  });

  it("in production, an e-mail provider without AUTH_URL or allowedHosts warns email-links-need-host when the config is first used", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("AUTH_TRUST_HOST", "true");
    const warnings: string[] = [];
    const base = setup();
    const logger = { ...base.config.logger, warn: (code: string) => void warnings.push(code) };
    await Auth(get("https://app.example.com", "/auth/providers"), { ...base.config, logger });
    expect(warnings).toContain("email-links-need-host");
    warnings.length = 0;
    await Auth(get("https://app.example.com", "/auth/providers"), { ...base.config, logger, allowedHosts: ["app.example.com"] });
    expect(warnings).not.toContain("email-links-need-host");
  });
});

describe("AUTH_URL set: unchanged behaviour", () => {
  it("the e-mail link is on AUTH_URL whatever Host the request names", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("AUTH_URL", "https://app.example.com");
    const s = setup();
    const response = await requestLinkOn("http://evil.com", s, "http://evil.com");
    expect(response.headers.get("location")).toBe("https://app.example.com/auth/verify-request?provider=email&type=email");
    expect(new URL(s.sent[0]!.url).origin).toBe("https://app.example.com");
  });
});

describe("host normalisation before comparison", () => {
  it.each([
    ["EXAMPLE.com.", "example.com"],
    ["example.com:443", "example.com"],
    ["example.com:80", "example.com"],
    ["Example.COM:8443", "example.com:8443"],
    ["[::1]:3000", "[::1]:3000"],
    ["::1", "[::1]"],
    ["[0:0:0:0:0:0:0:1]:443", "[::1]"],
    ["bücher.example", "xn--bcher-kva.example"],
  ])("%s → %s", (entry, normalized) => {
    expect(normalizeHost(entry)).toBe(normalized);
  });

  it.each(["https://example.com", "example.com/path", "user@example.com", "exa mple.com", "", "example.com:99999", "example.com:x", "a*.example.com"])(
    "%j is not a host",
    (entry) => {
      expect(normalizeHost(entry)).toBeUndefined();
    },
  );

  it("entries and request hosts are compared normalised: EXAMPLE.com., example.com:443 and [::1]:3000", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const s = setup({ trustHost: true, allowedHosts: ["EXAMPLE.com.", "api.example.com:443", "[::1]:3000"] });
    const origins = ["https://example.com", "http://example.com.", "https://example.com:443", "https://api.example.com", "http://[::1]:3000"];
    for (const [index, origin] of origins.entries()) {
      // A different address each time: the resend cooldown would hold back a second e-mail to one address.
      const response = await requestLinkOn(origin, s, origin, `user${index}@example.com`);
      expect(response.status, origin).toBe(302);
    }
    expect(s.sent).toHaveLength(5);
    for (const origin of ["https://example.com:8443", "http://[::1]:3001", "https://evil.example.com"]) {
      expect((await Auth(get(origin, "/auth/csrf"), s.config)).status, origin).toBe(500);
    }
  });

  it("an entry that is not a host is a configuration error that names it", async () => {
    const s = setup({ allowedHosts: ["https://app.example.com"] });
    expect((await Auth(get("http://localhost:3000", "/auth/session"), s.config)).status).toBe(500);
    expect(s.errors[0]?.message).toMatch(/allowedHosts entry "https:\/\/app\.example\.com" is not a host/);
  });

  it("outside production a leading *. wildcard covers sub-domains only", async () => {
    const s = setup({ allowedHosts: ["*.preview.example"] });
    expect((await Auth(get("http://pr-1.preview.example", "/auth/csrf"), s.config)).status).toBe(200);
    expect((await Auth(get("http://preview.example", "/auth/csrf"), s.config)).status).toBe(500);
    expect((await Auth(get("http://evil.com", "/auth/csrf"), s.config)).status).toBe(500);
    expect((await Auth(get("http://preview.example.evil.com", "/auth/csrf"), s.config)).status).toBe(500);
  });
});

describe("createActionURL with allowedHosts", () => {
  it("refuses a forwarded host that is not on the list, and builds the URL for one that is", () => {
    const headers = (host: string) => new Headers({ host: "app.example.com", "x-forwarded-host": host, "x-forwarded-proto": "https" });
    const config = { basePath: "/auth", allowedHosts: ["app.example.com"] };
    expect(createActionURL("signin", "https", headers("app.example.com"), {}, config).href).toBe("https://app.example.com/auth/signin");
    let thrown: AuthError | undefined;
    try {
      createActionURL("signin", "https", headers("evil.com"), {}, config);
    } catch (error) {
      thrown = error as AuthError;
    }
    expect(thrown?.type).toBe("UntrustedHost");
    expect(String(thrown?.cause?.detail)).toMatch(/"evil\.com" is not in allowedHosts/);
  });
});

describe("over real HTTP through foyer-auth/node", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function serve(config: AuthConfig, options?: NodeAuthHandlerOptions): Promise<number> {
    const auth = createAuthHandler(config, options);
    const server = createServer((req, res) => void auth(req, res, () => res.end("app")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    return (server.address() as AddressInfo).port;
  }

  /** One raw HTTP request (so `Host` can be anything), answered as status, headers and body. */
  function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
    return new Promise<{ status: number; location?: string; setCookie: string[]; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location, setCookie: res.headers["set-cookie"] ?? [], body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** GET /csrf with `csrfHeaders` (default: the server's real host), then the e-mail sign-in with `headers`. */
  async function linkRequest(port: number, headers: Record<string, string>, csrfHeaders: Record<string, string> = { host: `localhost:${port}` }) {
    const csrf = await send(port, "GET", "/auth/csrf", csrfHeaders);
    const cookie = csrf.setCookie.map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const body = new URLSearchParams({ csrfToken, email: "victim@example.com" }).toString();
    return send(port, "POST", "/auth/signin/email", { "content-type": "application/x-www-form-urlencoded", cookie, ...headers }, body);
  }

  it("Host: evil.com on an e-mail sign-in in development: refused, no e-mail", async () => {
    const s = setup();
    const port = await serve(s.config);
    const response = await linkRequest(port, { host: "evil.com" });
    expect(response.status).toBe(500);
    expect(response.location).toBeUndefined();
    expectNothingStoredOrSent(s);
    const local = await linkRequest(port, { host: `localhost:${port}` });
    expect(local.status).toBe(302);
    expect(new URL(s.sent[0]!.url).host).toBe(`localhost:${port}`);
  });

  it("X-Forwarded-Host: evil.com through a trusted proxy with allowedHosts: refused, no e-mail; the listed host works", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const s = setup({ trustHost: true, allowedHosts: ["app.example.com"] });
    const port = await serve(s.config, { trustProxy: true });
    const proxied = { host: `localhost:${port}`, "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" };
    const evil = await linkRequest(port, { ...proxied, "x-forwarded-host": "evil.com" }, proxied);
    expect(evil.status).toBe(500);
    expect(evil.location).toBeUndefined();
    expectNothingStoredOrSent(s);
    const good = await linkRequest(port, proxied, proxied);
    expect(good.location).toBe("https://app.example.com/auth/verify-request?provider=email&type=email");
    expect(new URL(s.sent[0]!.url).origin).toBe("https://app.example.com");
  });

  it("X-Forwarded-Host: evil.com without trustProxy is ignored: the link is on the Host the server was reached by", async () => {
    const s = setup();
    const port = await serve(s.config);
    const response = await linkRequest(port, { host: `localhost:${port}`, "x-forwarded-host": "evil.com" });
    expect(response.status).toBe(302);
    expect(new URL(s.sent[0]!.url).host).toBe(`localhost:${port}`);
  });
});
