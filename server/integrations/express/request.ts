/**
 * What `foyer-auth/express` reads from an Express request: the base path the middleware is mounted
 * at, the public origin as Express's own `trust proxy` setting decides it, and the body when a body
 * parser (`express.json()`, `express.urlencoded()`) has already read the stream.
 *
 * Only the shape of Express's request is used (no import of `express`), so the module loads where
 * Express is not installed and works with Express 4 and 5 alike.
 */
import type { IncomingMessage } from "node:http";
import { isAuthAction } from "../../core/env.js";
import { envOrigin } from "../shared/origin.js";
import { BadRequestError } from "../node.js";

/** What Express adds to a Node request, as far as Foyer reads it. Express's `Request` has all of it. */
export interface ExpressRequestFields {
  /** The path the current middleware or router is mounted at. */
  baseUrl?: string;
  /** The request path below `baseUrl`. */
  path?: string;
  /** The request target as the client sent it, before any mount trimmed it. */
  originalUrl?: string;
  /** `"http"` or `"https"`, `X-Forwarded-Proto` included when the app trusts the proxy. */
  protocol?: string;
  /** Set when the handler runs as a route (`app.all(…)`), not a mounted middleware (`app.use(…)`). */
  route?: unknown;
  /** What a body parser made of the body, if one ran. */
  body?: unknown;
  /** The application, for its `trust proxy` setting. */
  app?: { get(setting: string): unknown };
}

/** An Express 4 or 5 request, as Foyer reads it: a Node request with {@link ExpressRequestFields}. */
export type ExpressRequestLike = IncomingMessage & ExpressRequestFields;

/**
 * The base path of the Foyer route that an Express mount implies, or `undefined` when the mount says
 * nothing (middleware mounted at the root: the config's `basePath`, default `/auth`, applies).
 *
 * - `app.use("/auth", …)` (Express 4 and 5): `req.baseUrl` is the base path.
 * - `app.use("/auth/*", …)` (Express 4) and `app.use("/auth/*splat", …)` (Express 5): the wildcard
 *   swallows the action too, so `req.baseUrl` is `/auth/callback/credentials`; the base path is what
 *   comes before the Foyer action (`callback`, `signin`, `session`, …).
 * - `app.all("/auth/*", …)` and the like (a route): the same, on the whole path.
 */
export function mountedBasePath(req: ExpressRequestLike): string | undefined {
  if (req.route) return basePathBeforeAction(pathnameOf(req.originalUrl ?? req.url ?? "/"));
  if (!req.baseUrl) return undefined;
  if (req.path && req.path !== "/") return req.baseUrl;
  return basePathBeforeAction(req.baseUrl) ?? req.baseUrl;
}

/**
 * The part of `pathname` before its Foyer action: the action is the last segment
 * (`/auth/session`) or the one before it (`/auth/callback/github`). `undefined` when neither is one.
 */
export function basePathBeforeAction(pathname: string): string | undefined {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  for (const fromEnd of [1, 2]) {
    const index = segments.length - fromEnd;
    if (index >= 0 && isAuthAction(segments[index]!)) return `/${segments.slice(0, index).join("/")}`;
  }
  return undefined;
}

function pathnameOf(target: string): string {
  return target.split(/[?#]/)[0] || "/";
}

/**
 * Whether the app trusts the peer that sent `req` as a proxy, by Express's own compiled
 * `trust proxy` setting (`app.set("trust proxy", …)`: `true`, a hop count, addresses or subnets, or a
 * function) — the same test Express makes for `req.protocol` and `req.hostname`.
 */
export function trustsProxy(req: ExpressRequestLike): boolean {
  const trust = req.app?.get("trust proxy fn");
  return typeof trust === "function" && (trust as (address: string | undefined, hop: number) => boolean)(req.socket?.remoteAddress, 0) === true;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

/**
 * The origin the browser used: `AUTH_URL` (or `NEXTAUTH_URL`) when set; else the protocol Express
 * reports (`X-Forwarded-Proto` only from a trusted proxy) and the `Host` header, or
 * `X-Forwarded-Host` from a trusted proxy — as Express 5's `req.host` decides it, port included.
 *
 * @throws {BadRequestError} When the host is missing or is not a host name with an optional port.
 */
export function expressOrigin(req: ExpressRequestLike, env: Record<string, string | undefined> = process.env): string {
  const fixed = envOrigin(env);
  if (fixed) return fixed;
  const trusted = trustsProxy(req);
  const encrypted = (req.socket as { encrypted?: boolean } | null)?.encrypted === true;
  const protocol = req.protocol === "https" || req.protocol === "http" ? req.protocol : encrypted ? "https" : "http";
  const host = (trusted ? firstValue(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host;
  if (!host) throw new BadRequestError("The request has no Host header: set AUTH_URL to the app's public URL.");
  const key = `${protocol}://${host}`;
  let origin = knownOrigins.get(key);
  if (origin === undefined) {
    origin = hostOrigin(key, host);
    // Hosts come from clients: a bounded memory, emptied when full. Refused hosts are not kept.
    if (knownOrigins.size >= MAX_KNOWN_ORIGINS) knownOrigins.clear();
    knownOrigins.set(key, origin);
  }
  return origin;
}

/** Origins already worked out for `protocol://host`: a browser sends the same Host every time. */
const knownOrigins = new Map<string, string>();
const MAX_KNOWN_ORIGINS = 100;

function hostOrigin(candidate: string, host: string): string {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new BadRequestError("The request's host is not a valid host name.");
  }
  // Anything beyond a host and port (a path, credentials) would have changed what URL parsed.
  if (url.host !== host.toLowerCase() && url.host !== host.toLowerCase().replace(/:(80|443)$/, "")) {
    throw new BadRequestError("The request's host is not a valid host name.");
  }
  return url.origin;
}

/** True when something (a body parser) has already read the request stream to its end. */
export function bodyWasRead(req: ExpressRequestLike): boolean {
  return req.readableEnded || (req as { _body?: unknown })._body === true;
}

/**
 * The body a body parser already read, encoded again as its `Content-Type` says: a form from the
 * object `express.urlencoded()` made (nested objects in bracket notation, as `extended: true` reads
 * them), JSON from what `express.json()` made, text and bytes as they are. `undefined` when there is
 * nothing to send.
 */
export function rebuiltBody(req: ExpressRequestLike): string | Uint8Array<ArrayBuffer> | undefined {
  const body = req.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return new Uint8Array(body); // a copy: a Buffer may share a larger pool
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams();
    appendFields(form, "", body);
    return form.toString();
  }
  if (type.includes("json")) return JSON.stringify(body);
  return undefined;
}

function appendFields(form: URLSearchParams, prefix: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendFields(form, prefix, item);
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) appendFields(form, prefix ? `${prefix}[${key}]` : key, item);
  } else if (prefix) {
    form.append(prefix, String(value));
  }
}
