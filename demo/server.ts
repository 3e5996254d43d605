/**
 * The Foyer demo: a small `node:http` app with a home page that shows the session and a protected
 * page. Signing in and out happens on Foyer's built-in pages under `/auth`. `npm start` runs it on
 * http://localhost:3000 (env `PORT`, `HOST`, and `FOYER_DEMO_DATA` for the data directory).
 *
 * Foyer answers everything under `/auth` through `createAuthHandler`; the app handles the rest and
 * reads the session with `getSession`.
 */
import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getSession, type AuthConfig } from "../server/index.js";
import { createAuthHandler, toWebRequest } from "../server/integrations/node.js";
import { SIGNIN_PATH, createDemoConfig, resolveSecret } from "./config.js";
import { CONTENT_SECURITY_POLICY, homePage, messagePage, protectedPage } from "./pages.js";

/** Options of {@link startDemo}. */
export interface DemoOptions {
  /** Port to listen on; `0` picks a free one. Default 3000. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Where the generated development secret is kept. Default: env `FOYER_DEMO_DATA`, else `demo/.data`. */
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

/** `FOYER_DEMO_DATA` (relative to the working directory) when set, else `demo/.data`. */
function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FOYER_DEMO_DATA ? resolvePath(env.FOYER_DEMO_DATA) : DEFAULT_DATA_DIR;
}

/** Starts the demo server; resolves once it listens. */
export async function startDemo({ port = 3000, host = "127.0.0.1", dataDir = defaultDataDir() }: DemoOptions = {}): Promise<Demo> {
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
    case "/":
      return sendHtml(res, 200, homePage({ session: await getSession(request, config) }));
    case "/protected": {
      const session = await getSession(request, config);
      // Foyer's sign-in page keeps the callback URL (in a cookie) and sends the user back after sign-in.
      if (!session?.user) return redirect(res, `${SIGNIN_PATH}?callbackUrl=${encodeURIComponent(url.pathname)}`);
      return sendHtml(res, 200, protectedPage({ session }));
    }
    default:
      return sendHtml(res, 404, messagePage("Not found", "There is no page here."));
  }
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    // Pages carry the user's details: never cache them.
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
