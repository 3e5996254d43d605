/**
 * The Foyer demo: a small `node:http` app with a home page that shows the session, a protected page,
 * `/account` (Foyer's account area, the `<auth-account>` element, in the demo's layout) and `/embedded` (Foyer's web components in the app's own layout).
 * Signing in and out happens on Foyer's built-in pages under `/auth`, or in place on `/embedded`.
 * `npm start` runs it on http://localhost:3000 (env `PORT`, `HOST`, and `FOYER_DEMO_DATA` for the
 * data directory).
 *
 * Foyer answers everything under `/auth` through `createAuthHandler`; the app handles the rest and
 * reads the session with `getSession`. Users and sessions live in SQLite (`<data dir>/foyer.db`).
 *
 * Sign-in links by e-mail go through SMTP when `AUTH_NODEMAILER_SERVER` (or `EMAIL_SERVER`) is set;
 * otherwise, in development, into a mailbox in memory that `/mailbox` lists (demo/mailbox.ts) to
 * clients on this machine only.
 */
import { realpathSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import SQLiteAdapter from "../server/adapters/sqlite.js";
import { accountScriptPath, elementsScriptPath, getSession, type AuthConfig } from "../server/index.js";
import { createAuthHandler, toWebRequest } from "../server/integrations/node.js";
import { negotiateLocale } from "../locales/index.js";
import { DATABASE_FILE, SIGNIN_PATH, createDemoConfig, demoOidcProvider, resolveSecret, seedDemoUser } from "./config.js";
import { MAILBOX_PATH, createDevMailbox, demoEmailProvider, isLoopbackAddress, type DevMailbox } from "./mailbox.js";
import {
  CONTENT_SECURITY_POLICY,
  DEMO_LOGO_SVG,
  EMBEDDED_CONTENT_SECURITY_POLICY,
  accountContentSecurityPolicy,
  accountPage,
  embeddedPage,
  homePage,
  mailboxPage,
  messagePage,
  protectedPage,
} from "./pages.js";

/** Options of {@link startDemo}. */
export interface DemoOptions {
  /** Port to listen on; `0` picks a free one. Default 3000. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /**
   * Where the generated development secret and the SQLite database (`foyer.db`) are kept. Default:
   * env `FOYER_DEMO_DATA`, else `demo/.data`.
   */
  dataDir?: string;
}

/** A running demo. */
export interface Demo {
  /** `http://localhost:<port>`. */
  url: string;
  /** The listening server (tests use it to see connections as they arrive). */
  server: Server;
  /** Stops the server, closes open connections, then the database. */
  close(): Promise<void>;
}

const DEFAULT_DATA_DIR = fileURLToPath(new URL("./.data", import.meta.url));

/** `FOYER_DEMO_DATA` (relative to the working directory) when set, else `demo/.data`. */
function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FOYER_DEMO_DATA ? resolvePath(env.FOYER_DEMO_DATA) : DEFAULT_DATA_DIR;
}

/** Starts the demo server; resolves once it listens. */
export async function startDemo({ port = 3000, host = "127.0.0.1", dataDir = defaultDataDir() }: DemoOptions = {}): Promise<Demo> {
  const secret = await resolveSecret(dataDir);
  // resolveSecret creates the directory only when it writes a secret; the database needs it either way.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const adapter = SQLiteAdapter({ url: join(dataDir, DATABASE_FILE) });
  // E-mail links: SMTP when AUTH_NODEMAILER_SERVER / EMAIL_SERVER is set, else (development) a mailbox in memory.
  const mailbox = createDevMailbox();
  try {
    // The demo user is in the database before anyone signs in, so no sign-up can take its address.
    await seedDemoUser(adapter);
    return await listen(createDemoConfig(secret, adapter, demoEmailProvider(mailbox)), port, host, () => adapter.close(), mailbox);
  } catch (error) {
    await adapter.close();
    throw error;
  }
}

/** Serves `config` on `port`; `release` runs after the server has closed. */
async function listen(config: AuthConfig, port: number, host: string, release: () => Promise<void>, mailbox?: DevMailbox): Promise<Demo> {
  const auth = createAuthHandler(config);
  const server = createServer((req, res) => {
    void auth(req, res, () => {
      app(req, res, config, mailbox).catch((error: unknown) => {
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
    server,
    close: async () => {
      try {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        });
      } finally {
        await release();
      }
    },
  };
}

/** The app's own pages (everything outside `/auth`). */
async function app(req: IncomingMessage, res: ServerResponse, config: AuthConfig, mailbox?: DevMailbox): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return sendHtml(res, 405, messagePage("Method not allowed", "This page only answers GET."));
  }
  const request = toWebRequest(req);
  const url = new URL(request.url);
  // Foyer's sign-in page keeps the callback URL (in a cookie) and sends the user back after sign-in.
  const toSignIn = () => redirect(res, `${SIGNIN_PATH}?callbackUrl=${encodeURIComponent(url.pathname)}`);
  // The mailbox hands out sign-in links for every address: only a client on this machine may read it.
  const mailboxOpen = Boolean(mailbox) && isLoopbackAddress(req.socket.remoteAddress);
  switch (url.pathname) {
    case "/":
      return sendHtml(res, 200, homePage({ session: await getSession(request, config), mailbox: mailboxOpen }));
    case "/protected": {
      const session = await getSession(request, config);
      if (!session?.user) return toSignIn();
      return sendHtml(res, 200, protectedPage({ session }));
    }
    case "/account": {
      const session = await getSession(request, config);
      if (!session?.user) return toSignIn();
      // "Connect Test IdP" posts to Foyer, which redirects to the IdP: the form-action the page needs.
      const issuer = demoOidcProvider()?.issuer;
      const csp = accountContentSecurityPolicy(issuer ? [new URL(issuer).origin] : []);
      return sendHtml(res, 200, accountPage({ session, scriptPath: accountScriptPath() }), csp);
    }
    case "/embedded": {
      const locale = negotiateLocale({ acceptLanguage: request.headers.get("accept-language") });
      return sendHtml(res, 200, embeddedPage({ scriptPath: elementsScriptPath(), locale }), EMBEDDED_CONTENT_SECURITY_POLICY);
    }
    case MAILBOX_PATH:
      // Development only: without the mailbox (SMTP configured, or production) there is no such page.
      if (!mailbox) return sendHtml(res, 404, messagePage("Not found", "There is no page here."));
      if (!mailboxOpen) {
        return sendHtml(
          res,
          403,
          messagePage(
            "Mailbox: for local use only",
            "The demo's mailbox shows the sign-in link of every address, so it is for local use only: it opens only in a browser on the machine that runs the demo. The links are also printed to the demo's console.",
          ),
        );
      }
      return sendHtml(res, 200, mailboxPage({ messages: mailbox.messages }));
    // Browsers ask for /favicon.ico on every page; the logo answers it (a 404 would be logged as a page error).
    case "/favicon.ico":
    case "/demo-logo.svg":
      res.writeHead(200, {
        "Content-Type": "image/svg+xml",
        "Content-Length": Buffer.byteLength(DEMO_LOGO_SVG),
        "Cache-Control": "public, max-age=3600",
        "Content-Security-Policy": "default-src 'none'",
        "X-Content-Type-Options": "nosniff",
      });
      return void res.end(DEMO_LOGO_SVG);
    default:
      return sendHtml(res, 404, messagePage("Not found", "There is no page here."));
  }
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

function sendHtml(res: ServerResponse, status: number, body: string, contentSecurityPolicy = CONTENT_SECURITY_POLICY): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    // Pages carry the user's details: never cache them.
    "Cache-Control": "no-store",
    "Content-Security-Policy": contentSecurityPolicy,
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
