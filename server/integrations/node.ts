/**
 * `foyer-auth/node`: serve Foyer from `node:http` (or anything built on it: Express, Connect, Polka…).
 *
 * The integration only adapts: a Node request becomes a web `Request`, `Auth()` answers it, and the
 * web `Response` is written back. Two things are decided here because only the host knows them: which
 * origin the request was sent to (the `Host` header and the socket's encryption; proxy headers only when
 * told to trust them) and how much body it may send (capped while streaming, never buffered whole here).
 *
 * ```ts
 * import { createServer } from "node:http";
 * import { createAuthHandler } from "foyer-auth/node";
 * import Credentials from "foyer-auth/providers/credentials";
 *
 * const auth = createAuthHandler({ providers: [Credentials({ authorize })], secret: process.env.AUTH_SECRET });
 * createServer((req, res) => auth(req, res, () => app(req, res))).listen(3000);
 * ```
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Auth } from "../auth.js";
import { normalizeConfig } from "../config/normalize.js";
import { createLogger, type LoggerInstance } from "../core/logger.js";
import { DEFAULT_MAX_BODY_SIZE } from "../core/request.js";
import { CONFIG_ERROR_BODY, JSON_HEADERS } from "../core/response.js";
import type { AuthConfig, Awaitable } from "../types.js";

/** Options of {@link toWebRequest} and {@link createAuthHandler}. */
export interface NodeRequestOptions {
  /**
   * Take the origin from `X-Forwarded-Host` and `X-Forwarded-Proto` (first value of each) instead of
   * the `Host` header and the socket. Turn this on only behind a proxy that sets (or strips) both
   * headers itself; otherwise any client could choose the origin Foyer builds its URLs from.
   * Default `false`: the headers are ignored and removed from the web request.
   */
  trustProxy?: boolean;
  /**
   * Largest accepted request body in bytes. A larger declared `Content-Length` is refused before any
   * byte is read; a body without one (chunked) is counted while it streams and cut off at the limit.
   * {@link toWebRequest} defaults to 1 MiB; {@link createAuthHandler} defaults to the config's
   * `maxBodySize` (itself 1 MiB by default).
   */
  maxBodySize?: number;
}

/** Options of {@link createAuthHandler}. */
export interface NodeAuthHandlerOptions extends NodeRequestOptions {}

/** Foyer's config, or a function of the web request that returns it (called once per request under any path). */
export type NodeConfigInput = AuthConfig | ((request: Request) => Awaitable<AuthConfig>);

/** A Connect/Express-style continuation: called for requests outside Foyer's `basePath`. */
export type NextFunction = (error?: unknown) => void;

/** The handler returned by {@link createAuthHandler}. It never rejects. */
export type NodeAuthHandler = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => Promise<void>;

/**
 * Thrown (or used to error the body stream) when a request body is larger than the limit. Carries the
 * HTTP status to answer with (`413`) and the limit in bytes.
 */
export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
  /** The HTTP status that describes this error. */
  readonly status = 413;
  /** The limit that was exceeded, in bytes. */
  readonly limit: number;

  /** @param limit The limit that was exceeded, in bytes. */
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.limit = limit;
  }
}

/**
 * Thrown by {@link toWebRequest} when the request cannot name an origin: no `Host` header, or a
 * `Host` / trusted `X-Forwarded-Host` that is not a host name (with an optional port). Status `400`.
 */
export class BadRequestError extends Error {
  override name = "BadRequestError";
  /** The HTTP status that describes this error. */
  readonly status = 400;
}

/** What the body stream has seen; the handler reads it after `Auth()` to tell a cut-off body from a bad one. */
interface BodyState {
  limit: number;
  exceeded: boolean;
}

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. Nothing else. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)(?::\d{1,5})?$/i;
const UNTRUSTED_PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);

/**
 * Converts a Node request into a web `Request` for `Auth()`.
 *
 * - URL: `http(s)://` + `Host` + the request path, the scheme taken from the socket's encryption. With
 *   `trustProxy`, `X-Forwarded-Host` and `X-Forwarded-Proto` win (first value of each). Express's
 *   `originalUrl` is used when present, so a mounted handler still sees the full path.
 * - Headers: copied as they are (repeated headers appended), except the proxy headers above when they
 *   are not trusted.
 * - Body (not for GET/HEAD): streamed from the socket only when read, never buffered here, capped at
 *   `maxBodySize`. A larger `Content-Length` throws {@link PayloadTooLargeError} at once; a body that
 *   grows past the limit while streaming errors the body stream with it.
 *
 * @param req The incoming Node request. Its body must not have been read yet.
 * @param options Proxy trust and the body limit (default 1 MiB).
 * @throws {PayloadTooLargeError} When the declared `Content-Length` is over the limit.
 * @throws {BadRequestError} When the request names no usable host, or its method is one a web `Request`
 *   cannot carry (`TRACE`, `TRACK`, `CONNECT`).
 * @throws {TypeError} When `maxBodySize` is not a positive whole number (or `Infinity`).
 */
export function toWebRequest(req: IncomingMessage, options: NodeRequestOptions = {}): Request {
  const limit = checkLimit(options.maxBodySize) ?? DEFAULT_MAX_BODY_SIZE;
  if (declaredLength(req) > limit) throw new PayloadTooLargeError(limit);
  return webRequest(req, requestUrl(req, options.trustProxy === true), options.trustProxy === true, { limit, exceeded: false });
}

/**
 * Writes a web `Response` to a Node response: status, every header, each `Set-Cookie` as its own
 * header (never comma-joined), then the body, streamed with backpressure. Resolves when the response
 * has been handed to the socket; rejects (after destroying `res`) when streaming the body fails.
 *
 * @param res The Node response; nothing may have been written to it yet.
 * @param response The web response to send.
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  if (res.req?.method === "HEAD") {
    await response.body.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>), res);
}

/**
 * Creates a `node:http` request handler (also usable as Connect/Express middleware) that answers every
 * request under the config's `basePath` (default `/auth`) with `Auth()`, and passes any other request
 * to `next()` — or answers it with a `404` JSON when there is no `next`.
 *
 * - Bodies over the limit get `413` `{"error":"PayloadTooLarge","message":"…"}`: a too-large
 *   `Content-Length` before the body is read, a chunked body as soon as it passes the limit.
 * - It never answers with a stack trace: an unexpected failure is logged on one line (through the
 *   config's logger when the config is known) and answered with the generic `500` JSON of Auth.js.
 * - Mount it before any body parser: Foyer reads the raw body itself.
 *
 * ```ts
 * const auth = createAuthHandler(config, { trustProxy: process.env.BEHIND_PROXY === "1" });
 * http.createServer((req, res) => auth(req, res, () => app(req, res)));
 * ```
 *
 * @param config The config, or a function of the web request returning it. Use one config object for
 *   all requests: Foyer validates and prepares a config once per object.
 * @param options Proxy trust and the body limit.
 * @throws {TypeError} When `maxBodySize` is not a positive whole number (or `Infinity`).
 */
export function createAuthHandler(config: NodeConfigInput, options: NodeAuthHandlerOptions = {}): NodeAuthHandler {
  const configuredLimit = checkLimit(options.maxBodySize);
  const trustProxy = options.trustProxy === true;

  return async function authHandler(req, res, next) {
    let logger: LoggerInstance | undefined;
    try {
      if (!webRequestMethod(req.method)) {
        // No web Request can carry TRACE, TRACK or CONNECT, so neither Auth() nor a config function can
        // be given one. Foyer answers only GET and POST anyway: the app gets the request unless it is
        // under basePath, where it gets the 400 Auth() gives every other method (as Auth.js does).
        if (!underBasePath(pathOf(req).split(/[?#]/)[0]!, knownBasePath(config))) return passOn(res, next);
        if (typeof config !== "function") normalizeConfig(config).logger.debug("request refused", { reason: `Unsupported method ${req.method}` });
        return sendJson(res, 400, "Bad request.");
      }
      let url: URL;
      try {
        url = requestUrl(req, trustProxy);
      } catch (error) {
        if (!(error instanceof BadRequestError)) throw error;
        // Without a usable host there is no URL to give a config function: judge the path by the
        // basePath known without one and answer Foyer's requests with a 400.
        if (!underBasePath(pathOf(req).split(/[?#]/)[0]!, knownBasePath(config))) return passOn(res, next);
        return sendJson(res, 400, "Bad request.");
      }
      const state: BodyState = { limit: configuredLimit ?? DEFAULT_MAX_BODY_SIZE, exceeded: false };
      const request = webRequest(req, url, trustProxy, state);
      const resolved = typeof config === "function" ? await config(request) : config;
      const normalized = normalizeConfig(resolved);
      logger = normalized.logger;
      if (!underBasePath(url.pathname, normalized.basePath)) return passOn(res, next);

      state.limit = configuredLimit ?? checkLimit(normalized.maxBodySize, false) ?? DEFAULT_MAX_BODY_SIZE;
      if (declaredLength(req) > state.limit) return sendTooLarge(res, state.limit);

      const response = await Auth(request, resolved);
      if (state.exceeded) {
        await response.body?.cancel();
        return sendTooLarge(res, state.limit);
      }
      await sendWebResponse(res, response);
    } catch (error) {
      (logger ?? createLogger({})).error(error instanceof Error ? error : new Error(String(error)));
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, CONFIG_ERROR_BODY);
    }
  };
}

/**
 * The basePath as far as it is known without a web `Request`: the object config's, or for a config
 * function (which must be called with a request) the default `/auth`.
 */
function knownBasePath(config: NodeConfigInput): string {
  return typeof config === "function" ? "/auth" : normalizeConfig(config).basePath;
}

/** Methods the Fetch standard forbids in a `Request`: its constructor throws for them. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function webRequestMethod(method: string | undefined): boolean {
  return method === undefined || !FORBIDDEN_METHODS.has(method.toUpperCase());
}

/** The request URL the browser used, as far as the request (and a trusted proxy) tells. */
function requestUrl(req: IncomingMessage, trustProxy: boolean): URL {
  let host = req.headers.host;
  let protocol = (req.socket as { encrypted?: boolean } | null)?.encrypted ? "https" : "http";
  if (trustProxy) {
    const forwardedHost = firstValue(req.headers["x-forwarded-host"]);
    const forwardedProto = firstValue(req.headers["x-forwarded-proto"])?.toLowerCase();
    if (forwardedHost) host = forwardedHost;
    if (forwardedProto === "http" || forwardedProto === "https") protocol = forwardedProto;
  }
  if (!host || !HOST.test(host)) throw new BadRequestError("The request has no valid Host header.");
  // Concatenating (rather than resolving against a base) keeps `//evil.example/x` a path on this host.
  return new URL(`${protocol}://${host}${pathOf(req)}`);
}

/** The request target as a path: Express's `originalUrl` when mounted, and never an absolute form. */
function pathOf(req: IncomingMessage): string {
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  if (target.startsWith("/")) return target;
  try {
    // Absolute-form targets (`GET http://host/path`): keep the path; the origin comes from Host.
    const parsed = new URL(target);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return "/";
  }
}

/** Tells the core the client's address (session metadata). Set only from the socket or a trusted proxy. */
const CLIENT_IP_HEADER = "x-foyer-client-ip";

/** The socket's peer address, or with `trustProxy` the first `X-Forwarded-For` entry. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return (trustProxy && first) || req.socket?.remoteAddress || undefined;
}

function webRequest(req: IncomingMessage, url: URL, trustProxy: boolean, state: BodyState): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (!trustProxy && UNTRUSTED_PROXY_HEADERS.has(name)) continue;
    // Foyer's own header: only this integration may set it (below), never the client.
    if (name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const ip = clientAddress(req, trustProxy);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const method = req.method ?? "GET";
  if (!webRequestMethod(method)) throw new BadRequestError(`A web Request cannot carry the method ${method}.`);
  const hasBody = method !== "GET" && method !== "HEAD" && (declaredLength(req) > 0 || req.headers["transfer-encoding"] !== undefined);
  return new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: cappedBody(req, state), duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * The request body as a web stream that pulls from the socket only when read, and errors with
 * {@link PayloadTooLargeError} once more than `state.limit` bytes have arrived. The rest of an
 * oversized body is drained and discarded (never kept), so that the connection stays usable.
 */
function cappedBody(req: IncomingMessage, state: BodyState): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let started = false;
  let received = 0;
  const detach = () => {
    req.off("data", onData).off("end", onEnd).off("error", onError);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > state.limit) {
      state.exceeded = true;
      detach();
      req.resume(); // drain and discard the rest
      controller.error(new PayloadTooLargeError(state.limit));
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (error: Error) => {
    detach();
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      // With a high-water mark of 0, pull runs only when someone reads: nothing flows before that.
      pull() {
        if (started) {
          req.resume();
          return;
        }
        started = true;
        req.on("data", onData).on("end", onEnd).on("error", onError);
      },
      cancel() {
        detach();
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

function declaredLength(req: IncomingMessage): number {
  const value = req.headers["content-length"];
  if (value === undefined) return 0;
  const length = Number(value);
  // Node's parser already refuses malformed lengths; anything odd here counts as too large.
  return Number.isFinite(length) && length >= 0 ? length : Number.POSITIVE_INFINITY;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

function underBasePath(pathname: string, basePath: string): boolean {
  if (basePath === "/") return true;
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/** The limit if valid; `undefined` when not given. An invalid option is a programming error. */
function checkLimit(limit: number | undefined, strict = true): number | undefined {
  if (limit === undefined) return undefined;
  if ((Number.isInteger(limit) && limit > 0) || limit === Number.POSITIVE_INFINITY) return limit;
  if (!strict) return undefined;
  throw new TypeError(`maxBodySize must be a positive whole number of bytes; got ${String(limit)}.`);
}

function passOn(res: ServerResponse, next: NextFunction | undefined): void {
  if (next) next();
  else sendJson(res, 404, { error: "NotFound", message: "Not found." });
}

function sendTooLarge(res: ServerResponse, limit: number): void {
  // The rest of the body is not wanted: close the connection after answering.
  sendJson(res, 413, { error: "PayloadTooLarge", message: new PayloadTooLargeError(limit).message }, { Connection: "close" });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, ...JSON_HEADERS, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
