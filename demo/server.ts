/**
 * The Foyer demo: a small `node:http` app with a sign-in page, a home page that shows the session and
 * a protected page. `npm start` runs it on http://localhost:3000 (env `PORT`, `HOST`).
 *
 * Foyer answers everything under `/auth` through `createAuthHandler`; the app handles the rest and
 * reads the session with `getSession`.
 */
import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Auth, getSession, type AuthConfig } from "../server/index.js";
import { createAuthHandler, toWebRequest } from "../server/integrations/node.js";
import { AUTH_BASE, LOGIN_PATH, createDemoConfig, resolveSecret } from "./config.js";
import { CONTENT_SECURITY_POLICY, homePage, loginPage, messagePage, protectedPage } from "./pages.js";

/** Options of {@link startDemo}. */
export interface DemoOptions {
  /** Port to listen on; `0` picks a free one. Default 3000. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Where the generated development secret is kept. Default `demo/.data`. */
  dataDir?: string;
}

/** A running demo. */
export interface Demo {
  /** `http://localhost:<port>`. */
  url: string;
  /** Stops the server and closes open connections. */
  close(): Promise<void>;
}

const DEFAULT_DATA_DIR = fileURLToPath(new URL("./.data", import.meta.url));

/** Starts the demo server; resolves once it listens. */
export async function startDemo({ port = 3000, host = "127.0.0.1", dataDir = DEFAULT_DATA_DIR }: DemoOptions = {}): Promise<Demo> {
  const config = createDemoConfig(await resolveSecret(dataDir));
  const auth = createAuthHandler(config);
  const server = createServer((req, res) => {
    void auth(req, res, () => {
      app(req, res, config).catch((error: unknown) => {
        console.error(`[demo] ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        if (res.headersSent) res.destroy();
        else sendHtml(res, 500, messagePage("Something went wrong", "The demo could not answer this request."));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The app's own pages (everything outside `/auth`). */
async function app(req: IncomingMessage, res: ServerResponse, config: AuthConfig): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return sendHtml(res, 405, messagePage("Method not allowed", "This page only answers GET."));
  }
  const request = toWebRequest(req);
  const url = new URL(request.url);
  switch (url.pathname) {
    case "/": {
      const [session, csrf] = await Promise.all([getSession(request, config), fetchCsrf(request, config)]);
      return sendHtml(res, 200, homePage({ session, csrfToken: csrf.token }), csrf.cookies);
    }
    case "/protected": {
      const session = await getSession(request, config);
      if (!session?.user) return redirect(res, `${LOGIN_PATH}?callbackUrl=${encodePath(url.pathname)}`);
      const csrf = await fetchCsrf(request, config);
      return sendHtml(res, 200, protectedPage({ session, csrfToken: csrf.token }), csrf.cookies);
    }
    case LOGIN_PATH: {
      const callbackUrl = localPath(url.searchParams.get("callbackUrl"));
      const error = url.searchParams.get("error") ?? undefined;
      const code = url.searchParams.get("code") ?? undefined;
      if (!error && (await getSession(request, config))?.user) return redirect(res, callbackUrl ?? "/");
      const csrf = await fetchCsrf(request, config, callbackUrl);
      return sendHtml(res, 200, loginPage({ csrfToken: csrf.token, callbackUrl: callbackUrl ?? "", error, code }), csrf.cookies);
    }
    default:
      return sendHtml(res, 404, messagePage("Not found", "There is no page here."));
  }
}

/**
 * Asks Foyer for a CSRF token the way a browser would (`GET /auth/csrf` with the browser's cookies),
 * returning the token and the cookies to forward to the browser (a new CSRF cookie, the callback URL).
 */
async function fetchCsrf(request: Request, config: AuthConfig, callbackUrl?: string): Promise<{ token: string; cookies: string[] }> {
  const url = new URL(`${AUTH_BASE}/csrf`, request.url);
  if (callbackUrl) url.searchParams.set("callbackUrl", callbackUrl);
  const cookie = request.headers.get("cookie");
  const response = await Auth(new Request(url, { headers: cookie ? { cookie } : {} }), config);
  if (response.status !== 200) throw new Error(`GET ${AUTH_BASE}/csrf answered ${response.status}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { token: csrfToken, cookies: response.headers.getSetCookie() };
}

/** A same-origin path (`/x`, not `//host` or `/\host`), or `undefined`. */
function localPath(value: string | null): string | undefined {
  if (!value || value.length > 2000 || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  return /[\u0000-\u001f\u007f]/.test(value) ? undefined : value;
}

/** Encodes a path for a query value, leaving `/` readable. */
function encodePath(path: string): string {
  return encodeURIComponent(path).replace(/%2F/g, "/");
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

function sendHtml(res: ServerResponse, status: number, body: string, cookies: string[] = []): void {
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    // Pages carry CSRF tokens and the user's details: never cache them.
    "Cache-Control": "no-store",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
  });
  res.end(body);
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMainModule()) {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[demo] PORT must be a whole number from 0 to 65535; got ${JSON.stringify(process.env.PORT)}.`);
    process.exit(1);
  }
  try {
    const demo = await startDemo({ port, host: process.env.HOST || "127.0.0.1" });
    console.log(`Foyer demo: ${demo.url}  (sign in as demo@foyer.dev / foyer-demo)`);
    const stop = () => void demo.close().finally(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    console.error(`[demo] Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
