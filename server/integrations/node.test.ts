/**
 * `foyer-auth/node` through a real `node:http` server on a free port, driven with real `fetch`.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CookieJar, PASSWORD, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { BadRequestError, createAuthHandler, PayloadTooLargeError, toWebRequest, type NodeAuthHandlerOptions } from "./node.js";

const MiB = 1024 * 1024;
const servers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

/** Starts a server on 127.0.0.1:0; `base` is its origin. */
async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server whose only route is Foyer; everything else is the app's (`200 app`). Records request headers. */
async function serveAuth(config: AuthConfig | ((request: Request) => AuthConfig) = testConfig(), options?: NodeAuthHandlerOptions) {
  const auth = createAuthHandler(config, options);
  const seen: IncomingHttpHeaders[] = [];
  const base = await serve((req, res) => {
    seen.push(req.headers);
    void auth(req, res, () => res.end("app"));
  });
  return { base, seen };
}

/** A body of `size` bytes sent as a stream, so fetch uses chunked encoding and no Content-Length. */
function chunkedBody(size: number, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(chunkSize, size - sent);
      sent += length;
      controller.enqueue(new Uint8Array(length).fill(0x61));
    },
  });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("createAuthHandler", () => {
  it("keeps every Set-Cookie header separate (GET /auth/session without cookies sets two)", async () => {
    const { base } = await serveAuth();
    const response = await fetch(`${base}/auth/session`);
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^authjs\.csrf-token=[0-9a-f]{64}%7C[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies[1]).toBe(`authjs.callback-url=${encodeURIComponent(base)}; Path=/; HttpOnly; SameSite=Lax`);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });

  it("answers 413 for a declared body over 1 MiB without reading it", async () => {
    const authorize = vi.fn();
    const { base, seen } = await serveAuth(testConfig({ providers: [{ id: "credentials", name: "C", type: "credentials", credentials: {}, authorize }] }));
    const response = await fetch(`${base}/auth/callback/credentials`, { method: "POST", headers: FORM, body: new Uint8Array(MiB + 1) });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ error: "PayloadTooLarge", message: `The request body is larger than ${MiB} bytes.` });
    expect(seen[0]!["content-length"]).toBe(String(MiB + 1));
    expect(authorize).not.toHaveBeenCalled();
  });

  it("answers 413 for a chunked body without Content-Length once it passes the limit", async () => {
    const { base, seen } = await serveAuth();
    const response = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: FORM,
      body: chunkedBody(3 * MiB),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "PayloadTooLarge", message: `The request body is larger than ${MiB} bytes.` });
    expect(seen[0]!["content-length"]).toBeUndefined();
    expect(seen[0]!["transfer-encoding"]).toBe("chunked");
  });

  it("takes the limit from the handler option, else from the config's maxBodySize", async () => {
    const fromConfig = await serveAuth(testConfig({ maxBodySize: 100 }));
    const overConfig = await fetch(`${fromConfig.base}/auth/signout`, {
      method: "POST",
      headers: FORM,
      body: chunkedBody(101, 10),
      duplex: "half",
    } as RequestInit);
    expect(overConfig.status).toBe(413);
    expect(((await overConfig.json()) as { message: string }).message).toBe("The request body is larger than 100 bytes.");

    const fromOption = await serveAuth(testConfig({ maxBodySize: 100 }), { maxBodySize: 1000 });
    const underOption = await fetch(`${fromOption.base}/auth/signout`, { method: "POST", headers: FORM, body: "x=".padEnd(500, "y") });
    // Within the handler's limit, so the core's own (smaller) limit answers.
    expect(underOption.status).toBe(413);
    const overOption = await fetch(`${fromOption.base}/auth/signout`, { method: "POST", headers: FORM, body: "x=".padEnd(1001, "y") });
    expect(((await overOption.json()) as { message: string }).message).toBe("The request body is larger than 1000 bytes.");
  });

  it("ignores X-Forwarded-Host/-Proto without trustProxy and honours them with it", async () => {
    const forwarded = { "x-forwarded-host": "auth.example.com", "x-forwarded-proto": "https" };
    type Providers = Record<string, { signinUrl: string; callbackUrl: string }>;

    const direct = await serveAuth();
    const ignored = (await (await fetch(`${direct.base}/auth/providers`, { headers: forwarded })).json()) as Providers;
    expect(ignored.credentials!.callbackUrl).toBe(`${direct.base}/auth/callback/credentials`);
    expect(ignored.credentials!.signinUrl).toBe(`${direct.base}/auth/signin/credentials`);

    // Untrusted proxy headers do not even reach the web request.
    const config = testConfig();
    const seen: (string | null)[] = [];
    const { base } = await serveAuth((request) => {
      seen.push(request.headers.get("x-forwarded-host"), request.headers.get("x-forwarded-proto"));
      return config;
    });
    await fetch(`${base}/auth/providers`, { headers: forwarded });
    expect(seen).toEqual([null, null]);

    const proxied = await serveAuth(testConfig(), { trustProxy: true });
    const honoured = (await (await fetch(`${proxied.base}/auth/providers`, { headers: forwarded })).json()) as Providers;
    expect(honoured.credentials!.callbackUrl).toBe("https://auth.example.com/auth/callback/credentials");
    // Only the first value of a list counts (the one the outermost proxy set).
    const listed = (await (
      await fetch(`${proxied.base}/auth/providers`, { headers: { "x-forwarded-host": "a.example.com, b.example.com", "x-forwarded-proto": "http, https" } })
    ).json()) as Providers;
    expect(listed.credentials!.callbackUrl).toBe("http://a.example.com/auth/callback/credentials");
  });

  it("passes requests outside basePath to next(), and answers 404 without next", async () => {
    const { base } = await serveAuth();
    for (const path of ["/", "/hello", "/authentic", "/api/auth/session"]) {
      const response = await fetch(`${base}${path}`);
      expect(await response.text(), path).toBe("app");
    }

    const auth = createAuthHandler(testConfig({ basePath: "/api/auth" }));
    const alone = await serve((req, res) => void auth(req, res));
    const notFound = await fetch(`${alone}/auth/session`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ error: "NotFound", message: "Not found." });
    expect((await fetch(`${alone}/api/auth/session`)).status).toBe(200);
  });

  it("the handler's own JSON answers (404 without next, 413) carry X-Content-Type-Options: nosniff", async () => {
    const auth = createAuthHandler(testConfig());
    const base = await serve((req, res) => void auth(req, res));
    const notFound = await fetch(`${base}/elsewhere`);
    const tooLarge = await fetch(`${base}/auth/signout`, { method: "POST", headers: FORM, body: new Uint8Array(MiB + 1) });
    for (const response of [notFound, tooLarge]) {
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect([notFound.status, tooLarge.status]).toEqual([404, 413]);
  });

  it("sees the full path when mounted by Express (originalUrl)", async () => {
    const auth = createAuthHandler(testConfig());
    const base = await serve((req, res) => {
      // What `app.use("/auth", handler)` does to the request.
      Object.assign(req, { originalUrl: req.url, url: req.url!.slice("/auth".length) });
      void auth(req, res, () => res.end("app"));
    });
    const response = await fetch(`${base}/auth/csrf`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("signs in with credentials, reads the session and signs out through the server", async () => {
    const { base } = await serveAuth();
    const jar = new CookieJar();

    const csrf = await fetch(`${base}/auth/csrf`);
    jar.update(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };

    const wrong = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM, cookie: jar.header },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "wrong" }),
    });
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("location")).toBe(`${base}/auth/signin?error=CredentialsSignin&code=credentials`);

    const signIn = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM, cookie: jar.header },
      body: new URLSearchParams({ csrfToken, username: "ada", password: PASSWORD, callbackUrl: "/dashboard" }),
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${base}/dashboard`);
    jar.update(signIn);
    expect(jar.get("authjs.session-token")).toMatch(/^eyJ/);

    const session = await fetch(`${base}/auth/session`, { headers: { cookie: jar.header } });
    expect(await session.json()).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.com" }, expires: expect.any(String) });

    const signOut = await fetch(`${base}/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM, cookie: jar.header },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/bye" }),
    });
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe(`${base}/bye`);
    expect(signOut.headers.getSetCookie()).toContain("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    jar.update(signOut);

    const after = await fetch(`${base}/auth/session`, { headers: { cookie: jar.header } });
    expect(await after.json()).toBeNull();
  });

  it("calls a config function with the web request", async () => {
    const config = testConfig();
    const seen: string[] = [];
    const { base } = await serveAuth((request) => {
      seen.push(request.url);
      return config;
    });
    expect((await fetch(`${base}/auth/session?x=1`)).status).toBe(200);
    expect(seen).toEqual([`${base}/auth/session?x=1`]);
  });

  it("answers unexpected failures with the generic 500 JSON and one log line, never a stack", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
    const { base } = await serveAuth(() => {
      throw new Error("database is down");
    });
    const response = await fetch(`${base}/auth/session`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      message: "There was a problem with the server configuration. Check the server logs for more information.",
    });
    expect(text).not.toMatch(/database|at /);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBe("[foyer][error] Error: database is down");
  });

  it("answers 400 for a Host header that is not a host name, and leaves other paths to the app", async () => {
    const { base } = await serveAuth();
    const { port } = new URL(base);
    // fetch cannot send a malformed Host, so speak HTTP directly.
    const { connect } = await import("node:net");
    const raw = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), "127.0.0.1", () => {
          socket.end(`GET ${path} HTTP/1.1\r\nHost: evil.example/x?\r\nConnection: close\r\n\r\n`);
        });
        let data = "";
        socket.on("data", (chunk) => (data += chunk.toString()));
        socket.on("end", () => resolve(data));
        socket.on("error", reject);
      });
    const auth = await raw("/auth/session");
    expect(auth).toMatch(/^HTTP\/1\.1 400 /);
    expect(auth).toContain('"Bad request."');
    expect(await raw("/hello")).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\n\r\napp$/);
  });
});

describe("methods a web Request cannot carry (TRACE; Node's parser itself refuses TRACK, and CONNECT is a separate server event)", () => {
  /** Sends one raw HTTP/1.1 request (fetch refuses these methods) and returns the whole answer. */
  async function rawRequest(base: string, method: string, path: string): Promise<string> {
    const { connect } = await import("node:net");
    const { port } = new URL(base);
    return new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.end(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
  }

  function captureErrors(): string[] {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
    return errors;
  }

  it("TRACE outside basePath goes to the app's next(), never a 500", async () => {
    const errors = captureErrors();
    const { base } = await serveAuth();
    for (const path of ["/hello", "/", "/authx", "/other/auth/session"]) {
      const answer = await rawRequest(base, "TRACE", path);
      expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\n\r\napp$/);
    }
    expect(errors).toEqual([]);
  });

  it('TRACE under basePath answers 400 "Bad request." as Auth() does for PUT, with no error logged', async () => {
    const errors = captureErrors();
    const { base } = await serveAuth();
    const put = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/auth/session`, { method: "PUT" }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      });
      request.on("error", reject);
      request.end();
    });
    expect(put).toEqual({ status: 400, body: '"Bad request."' });
    for (const path of ["/auth/session", "/auth", "/auth/signin/github?x=1"]) {
      const answer = await rawRequest(base, "TRACE", path);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.endsWith('\r\n\r\n"Bad request."')).toBe(true);
      expect(answer.toLowerCase()).toContain("content-type: application/json");
    }
    expect(errors).toEqual([]);
  });

  it("with a config function (which needs a web Request), TRACE is judged by the default basePath and the function is not called", async () => {
    const errors = captureErrors();
    const calls: string[] = [];
    const config = { ...testConfig(), basePath: "/api/auth" };
    const { base } = await serveAuth((request) => {
      calls.push(request.method);
      return config;
    });
    expect(await rawRequest(base, "TRACE", "/hello")).toMatch(/^HTTP\/1\.1 200 [\s\S]*app$/);
    expect(await rawRequest(base, "TRACE", "/api/auth/session")).toMatch(/^HTTP\/1\.1 200 [\s\S]*app$/);
    expect(await rawRequest(base, "TRACE", "/auth/session")).toMatch(/^HTTP\/1\.1 400 /);
    expect((await fetch(`${base}/api/auth/session`)).status).toBe(200);
    expect(calls).toEqual(["GET"]);
    expect(errors).toEqual([]);
  });
});

describe("toWebRequest", () => {
  it("throws PayloadTooLargeError for a declared body over the limit", async () => {
    let thrown: unknown;
    const base = await serve((req, res) => {
      try {
        toWebRequest(req, { maxBodySize: 10 });
      } catch (error) {
        thrown = error;
      }
      res.end();
    });
    await fetch(`${base}/auth/signout`, { method: "POST", body: "x".repeat(11) });
    expect(thrown).toBeInstanceOf(PayloadTooLargeError);
    expect(thrown).toMatchObject({ status: 413, limit: 10 });
  });

  it("throws BadRequestError (status 400), not undici's TypeError, for a TRACE request", async () => {
    let thrown: unknown;
    const base = await serve((req, res) => {
      try {
        toWebRequest(req);
      } catch (error) {
        thrown = error;
      }
      res.end();
    });
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${base}/auth/session`, { method: "TRACE" }, (response) => response.resume().on("end", resolve));
      request.on("error", reject);
      request.end();
    });
    expect(thrown).toBeInstanceOf(BadRequestError);
    expect(thrown).toMatchObject({ status: 400 });
  });

  it("streams the body and errors the stream once it passes the limit", async () => {
    const results: unknown[] = [];
    const base = await serve(async (req, res) => {
      const request = toWebRequest(req, { maxBodySize: 10 });
      results.push(await request.text().catch((error: unknown) => error));
      res.end();
    });
    await fetch(`${base}/`, { method: "POST", body: chunkedBody(8, 4), duplex: "half" } as RequestInit);
    await fetch(`${base}/`, { method: "POST", body: chunkedBody(12, 4), duplex: "half" } as RequestInit);
    expect(results[0]).toBe("aaaaaaaa");
    expect(results[1]).toBeInstanceOf(PayloadTooLargeError);
  });
});
