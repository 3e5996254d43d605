/**
 * `foyer-auth/node`: serve Foyer from `node:http` (or anything built on it: Express, Connect, Polka…).
 *
 * The integration only adapts: a Node request becomes a web `Request`, `Auth()` answers it, and the
 * web `Response` is written back — except a GET with a config object, which takes the direct path
 * (./node-direct.ts: no web `Request` or `Response`, the same wire). Two things are decided here
 * because only the host knows them: which origin the request was sent to (the `Host` header and the
 * socket's encryption; proxy headers only when told to trust them) and how much body it may send
 * (capped while streaming, never buffered whole here).
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
import { answerDirect, nodeDirectRequest, webPathOnly } from "./node-direct.js";
import {
  BadRequestError,
  checkLimit,
  declaredLength,
  PayloadTooLargeError,
  pathOf,
  requestUrl,
  webRequest,
  webRequestMethod,
  type BodyState,
} from "./node-request.js";

export { BadRequestError, PayloadTooLargeError };

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
  const direct = !webPathOnly(options);

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
      if (direct && req.method === "GET" && typeof config !== "function") {
        // The direct path: no web Request or Response (node-direct.ts). A config with the `raw`
        // marker answers internal responses, which only the web path passes on as it always has.
        const normalized = normalizeConfig(config);
        if (!normalized.raw) {
          logger = normalized.logger;
          if (!underBasePath(url.pathname, normalized.basePath)) return passOn(res, next);
          const limit = configuredLimit ?? checkLimit(normalized.maxBodySize, false) ?? DEFAULT_MAX_BODY_SIZE;
          if (declaredLength(req) > limit) return sendTooLarge(res, limit);
          return await answerDirect(nodeDirectRequest(req, url, trustProxy), config, res, sendWebResponse);
        }
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

function underBasePath(pathname: string, basePath: string): boolean {
  if (basePath === "/") return true;
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
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
