/**
 * The direct path of `foyer-auth/node` and `foyer-auth/express` (node-direct.ts) against their web
 * path (`toWebRequest` → `Auth()` → `sendWebResponse`), on real servers: the same requests, sent
 * byte for byte the same to a server of each, must get the same status, the same headers in the same
 * order, the same cookies and the same body. Only framing may differ (`Content-Length` on the direct
 * path, chunked on the web path) — and must, which shows the direct path was taken at all.
 */
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express5 from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "../jwt/index.js";
import Credentials from "../providers/credentials.js";
import GitHub from "../providers/github.js";
import { DEMO_USER, PASSWORD, SECRET } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { ExpressAuth, expressDirectUrl } from "./express/express-auth.js";
import { expressOrigin, trustsProxy, type ExpressRequestLike } from "./express/request.js";
import { withOrigin } from "./shared/origin.js";
import { nodeDirectRequest, WEB_PATH_ONLY } from "./node-direct.js";
import { nodeHeader, nodeHeaders } from "./node-request.js";
import { createAuthHandler, toWebRequest, type NodeAuthHandlerOptions } from "./node.js";

type ExpressFactory = typeof express5;
const express4 = ((await import("express4" as string)) as { default: ExpressFactory }).default;

const SESSION = "authjs.session-token";

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: (credentials) => (credentials.username === "ada" && credentials.password === PASSWORD ? { ...DEMO_USER } : null),
      }),
      GitHub({ clientId: "gh-client", clientSecret: "gh-secret" }),
    ],
    ...overrides,
  };
}

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  if (!server.listening) server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  return (server.address() as AddressInfo).port;
}

/** Three configs behind one server: `/auth` (the usual), `/auth0` (re-seals on every read), `/broken` (no secret). */
function nodeListener(options: NodeAuthHandlerOptions): RequestListener {
  const handlers = [
    createAuthHandler(config(), options),
    createAuthHandler(config({ basePath: "/auth0", session: { updateAge: 0 } }), options),
    createAuthHandler(config({ basePath: "/broken", secret: "" }), options),
  ];
  return (req, res) => {
    const run = (index: number): void => {
      if (index === handlers.length) return void res.end("app");
      void handlers[index]!(req, res, () => run(index + 1));
    };
    run(0);
  };
}

function expressServer(express: ExpressFactory, web: boolean, trustProxy: boolean): Server {
  const mark = (value: AuthConfig) => (web ? ({ ...value, [WEB_PATH_ONLY]: true } as AuthConfig) : value);
  const app = express();
  if (trustProxy) app.set("trust proxy", true);
  app.use("/auth", ExpressAuth(mark(config())) as never);
  app.use("/auth0", ExpressAuth(mark(config({ session: { updateAge: 0 } }))) as never);
  app.use("/broken", ExpressAuth(mark(config({ secret: "" }))) as never);
  app.get("/", (_req, res) => void res.send("home"));
  return app.listen(0, "127.0.0.1");
}

interface Answer {
  status: number;
  statusMessage: string;
  /** Every header but framing and `Date`, in the order sent, names lowercased. */
  headers: [string, string][];
  framing: string[];
  body: string;
}

const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive", "date"]);

/** A GET exactly as given (headers in this order, nothing added but what Node's client adds: `Host` unless given, `Connection`). */
function get(port: number, path: string, headers: OutgoingHttpHeaders = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headerList: [string, string][] = [];
        const framing: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i]!.toLowerCase();
          if (FRAMING.has(name)) framing.push(name);
          else headerList.push([name, response.rawHeaders[i + 1]!]);
        }
        resolve({
          status: response.statusCode!,
          statusMessage: response.statusMessage!,
          headers: headerList,
          framing,
          body: Buffer.concat(chunks).toString("utf8"),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Random parts that differ between two servers by design: fresh CSRF tokens, fresh JWEs, expiries of fresh cookies. */
function maskRandom(answer: Answer): Answer {
  const mask = (text: string) =>
    text
      .replace(/[0-9a-f]{64}/g, "<hex>")
      .replace(/eyJ[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+/g, "<jwe>")
      .replace(/Expires=[^;]+/g, "Expires=<date>")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "<iso>");
  return { ...answer, headers: answer.headers.map(([name, value]) => [name, mask(value)]), body: mask(answer.body) };
}

interface Case {
  name: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string;
  /** The answer carries values minted per request (compared with them masked). */
  random?: boolean;
}

let validToken: string;
let expiredToken: string;
let csrfCookie: string;

function cases(): Case[] {
  const browser = `${SESSION}=${validToken}; authjs.csrf-token=${csrfCookie}; authjs.callback-url=http%3A%2F%2Fapp.example`;
  const host = { host: "app.example" };
  return [
    { name: "session GET with a valid cookie (the hot path)", path: "/auth/session", headers: { ...host, cookie: browser } },
    { name: "session GET, no cookie", path: "/auth/session", headers: host, random: true },
    {
      name: "session GET, a garbage session cookie",
      path: "/auth/session",
      headers: { ...host, cookie: `${SESSION}=garbage; authjs.csrf-token=${csrfCookie}` },
    },
    {
      name: "session GET, an expired token",
      path: "/auth/session",
      headers: { ...host, cookie: `${SESSION}=${expiredToken}; authjs.csrf-token=${csrfCookie}` },
    },
    { name: "session GET that re-seals the cookie (updateAge 0)", path: "/auth0/session", headers: { ...host, cookie: browser }, random: true },
    {
      name: "session GET with the cookie in two Cookie headers",
      path: "/auth/session",
      headers: { ...host, cookie: [`${SESSION}=${validToken}`, `authjs.csrf-token=${csrfCookie}`] },
    },
    { name: "csrf GET with the CSRF cookie", path: "/auth/csrf", headers: { ...host, cookie: browser } },
    { name: "csrf GET without", path: "/auth/csrf", headers: host, random: true },
    { name: "providers GET", path: "/auth/providers", headers: { ...host, cookie: browser } },
    { name: "providers GET with a query", path: "/auth/providers?x=1&x=2", headers: host },
    { name: "sign-in page (HTML)", path: "/auth/signin", headers: { ...host, cookie: browser, "accept-language": "de-CH, fr;q=0.5" } },
    { name: "sign-in page with a callbackUrl", path: "/auth/signin?callbackUrl=%2Fdashboard", headers: { ...host, cookie: browser } },
    { name: "sign-in page with a foreign callbackUrl", path: "/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F", headers: { ...host, cookie: browser } },
    { name: "error page", path: "/auth/error?error=AccessDenied", headers: { ...host, cookie: browser, "accept-language": ["de", "fr"] } },
    { name: "sign-out page", path: "/auth/signout", headers: { ...host, cookie: browser } },
    { name: "verify-request page", path: "/auth/verify-request", headers: { ...host, cookie: browser } },
    { name: "OAuth sign-in by GET", path: "/auth/signin/github", headers: { ...host, cookie: browser }, random: true },
    {
      name: "OAuth sign-in by GET, X-Auth-Return-Redirect",
      path: "/auth/signin/github",
      headers: { ...host, cookie: browser, "x-auth-return-redirect": "1" },
      random: true,
    },
    { name: "OAuth callback without its check cookies", path: "/auth/callback/github?code=abc&state=xyz", headers: { ...host, cookie: browser } },
    { name: "unknown provider", path: "/auth/signin/nope", headers: { ...host, cookie: browser } },
    { name: "unknown action", path: "/auth/nope", headers: { ...host, cookie: browser } },
    { name: "too many segments", path: "/auth/session/a/b", headers: host },
    { name: "a path starting with //", path: "/auth//evil.example/session", headers: host },
    { name: "an asset that does not exist", path: "/auth/assets/nope.js", headers: host },
    { name: "the account area signed out", path: "/auth/account/sessions", headers: { ...host, cookie: browser } },
    {
      name: "forwarded headers (trusted on the trusting servers only)",
      path: "/auth/session",
      headers: { ...host, cookie: browser, "x-forwarded-host": "proxy.example", "x-forwarded-proto": "https" },
      random: true,
    },
    {
      name: "forwarded headers on a page",
      path: "/auth/signin",
      headers: { ...host, cookie: browser, "x-forwarded-host": "proxy.example", "x-forwarded-proto": "https" },
      random: true,
    },
    { name: "a client's own X-Foyer-Client-IP", path: "/auth/session", headers: { ...host, cookie: browser, "x-foyer-client-ip": "6.6.6.6" } },
    { name: "a Host that is not a host", path: "/auth/session", headers: { host: "bad host/x", cookie: browser } },
    { name: "no secret: JSON action", path: "/broken/session", headers: { ...host, cookie: browser } },
    { name: "no secret: page", path: "/broken/signin", headers: { ...host, cookie: browser } },
    {
      name: "a GET with a body over the limit",
      path: "/auth/session",
      headers: { ...host, "content-length": String(2 * 1024 * 1024) },
      body: "x".repeat(2 * 1024 * 1024),
    },
    { name: "outside basePath", path: "/elsewhere", headers: host },
  ];
}

beforeAll(async () => {
  validToken = await encode({ token: { sub: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email }, secret: SECRET, salt: SESSION });
  expiredToken = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION, maxAge: -60 });
  // A CSRF cookie as Foyer mints it, so that answers to requests carrying it are fully deterministic.
  const port = await listen(createServer(nodeListener({})));
  const first = await get(port, "/auth/csrf", { host: "app.example" });
  csrfCookie = decodeURIComponent(
    first.headers
      .find(([name, value]) => name === "set-cookie" && value.startsWith("authjs.csrf-token="))![1]
      .split(";")[0]!
      .split("=")[1]!,
  );
});

/** Sends every case to both servers and compares. */
async function compare(directPort: number, webPort: number): Promise<void> {
  for (const testCase of cases()) {
    const direct = await get(directPort, testCase.path, testCase.headers, testCase.body);
    const web = await get(webPort, testCase.path, testCase.headers, testCase.body);
    const [a, b] = testCase.random ? [maskRandom(direct), maskRandom(web)] : [direct, web];
    expect({ case: testCase.name, status: a.status, statusMessage: a.statusMessage, headers: a.headers, body: a.body }).toEqual({
      case: testCase.name,
      status: b.status,
      statusMessage: b.statusMessage,
      headers: b.headers,
      body: b.body,
    });
  }
}

/** The session read went through the direct path (one piece, Content-Length) and the web one streamed. */
async function expectDirectFraming(directPort: number, webPort: number): Promise<void> {
  const headers = { host: "app.example", cookie: `${SESSION}=${validToken}; authjs.csrf-token=${csrfCookie}` };
  const direct = await get(directPort, "/auth/session", headers);
  const web = await get(webPort, "/auth/session", headers);
  expect(JSON.parse(direct.body)).toMatchObject({ user: { email: DEMO_USER.email } });
  expect(direct.framing).toContain("content-length");
  expect(web.framing).toContain("transfer-encoding");
}

describe("foyer-auth/node: the direct path answers GETs as the web path does", () => {
  for (const trustProxy of [false, true]) {
    it(`trustProxy ${trustProxy}: same status, headers, cookies and body for every case`, async () => {
      const directPort = await listen(createServer(nodeListener({ trustProxy, maxBodySize: 1024 * 1024 })));
      const webPort = await listen(createServer(nodeListener({ trustProxy, maxBodySize: 1024 * 1024, [WEB_PATH_ONLY]: true } as NodeAuthHandlerOptions)));
      await expectDirectFraming(directPort, webPort);
      await compare(directPort, webPort);
    });
  }
});

describe("foyer-auth/express: the direct path answers GETs as the web path does", () => {
  for (const [label, express] of [
    ["Express 4", express4],
    ["Express 5", express5],
  ] as const) {
    for (const trustProxy of [false, true]) {
      it(`${label}, trust proxy ${trustProxy}: same status, headers, cookies and body for every case`, async () => {
        const directPort = await listen(expressServer(express, false, trustProxy));
        const webPort = await listen(expressServer(express, true, trustProxy));
        await expectDirectFraming(directPort, webPort);
        await compare(directPort, webPort);
      });
    }
  }
});

describe("the direct request's headers are the web request's", () => {
  const NAMES = [
    "cookie",
    "host",
    "accept-language",
    "x-auth-return-redirect",
    "user-agent",
    "x-forwarded-host",
    "x-forwarded-proto",
    "x-forwarded-for",
    "x-foyer-client-ip",
    "x-padded",
    "x-empty",
    "x-repeated",
    "absent",
  ];

  for (const trustProxy of [false, true]) {
    it(`header by header, all of them, and the web Request built on demand (trustProxy ${trustProxy})`, async () => {
      let seen!: IncomingMessage;
      const port = await listen(
        createServer((req, res) => {
          seen = req;
          res.end();
        }),
      );
      await get(port, "/auth/session?a=1", {
        host: "app.example:8080",
        cookie: ["a=1", "b=2"],
        "accept-language": ["de", "fr;q=0.5"],
        "x-auth-return-redirect": "1",
        "x-forwarded-host": "proxy.example, other.example",
        "x-forwarded-proto": "https",
        "x-forwarded-for": "203.0.113.7, 10.0.0.1",
        "x-foyer-client-ip": "6.6.6.6",
        "x-padded": "\t value with inner  spaces \t",
        "x-empty": "",
        "x-repeated": ["one", " two "],
      });
      const web = toWebRequest(seen, { trustProxy });
      for (const name of NAMES) {
        expect({ name, value: nodeHeader(seen, trustProxy, name) }).toEqual({ name, value: web.headers.get(name) });
        expect({ name, value: nodeHeaders(seen, trustProxy).get(name) }).toEqual({ name, value: web.headers.get(name) });
      }
      const direct = nodeDirectRequest(seen, new URL(web.url), trustProxy);
      expect([...direct.headers()]).toEqual([...web.headers]);
      const request = direct.request();
      expect({ url: request.url, method: request.method, headers: [...request.headers], body: request.body }).toEqual({
        url: web.url,
        method: "GET",
        headers: [...web.headers],
        body: null,
      });
    });
  }
});

describe("foyer-auth/express: the direct path's URL is the web request's, moved to the public origin", () => {
  for (const authUrl of [undefined, "https://public.example", "http://public.example:8443/base"]) {
    for (const trustProxy of [false, true]) {
      it(`AUTH_URL ${authUrl ?? "unset"}, trust proxy ${trustProxy}`, async () => {
        const seen: ExpressRequestLike[] = [];
        const app = express5();
        if (trustProxy) app.set("trust proxy", true);
        app.use((req, res) => {
          seen.push(req as unknown as ExpressRequestLike);
          res.end();
        });
        const port = await listen(app.listen(0, "127.0.0.1"));
        await get(port, "/auth/session?x=1", { host: "app.example:8080", "x-forwarded-host": "proxy.example", "x-forwarded-proto": "https" });
        await get(port, "/auth//evil.example/session", { host: "app.example" });
        const saved = process.env.AUTH_URL;
        if (authUrl === undefined) delete process.env.AUTH_URL;
        else process.env.AUTH_URL = authUrl;
        try {
          for (const req of seen) {
            const web = withOrigin(toWebRequest(req, { trustProxy: trustsProxy(req) }), expressOrigin(req));
            expect(expressDirectUrl(req, trustsProxy(req)).href).toBe(web.url);
          }
        } finally {
          if (saved === undefined) delete process.env.AUTH_URL;
          else process.env.AUTH_URL = saved;
        }
      });
    }
  }
});
