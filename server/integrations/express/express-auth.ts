/**
 * `ExpressAuth(config)` and `getSession(req, config)`: Foyer in an Express 4 or 5 app, with the API of
 * `@auth/express`. A GET goes to the core directly from the Node request and its answer straight to
 * the Node response (../node-direct.ts); any other request becomes a web `Request` (`toWebRequest` of
 * `foyer-auth/node`), `Auth()` answers it, and the web `Response` is written back (`sendWebResponse`).
 * What is Express's own — the mount path, `trust proxy`, a body a parser already read — is read in
 * `./request.ts`.
 */
import { peerAddressOf, setPeerAddress } from "../../core/client-address.js";
import type { ServerResponse } from "node:http";
import { Auth } from "../../auth.js";
import { createLogger } from "../../core/logger.js";
import { CONFIG_ERROR_BODY, JSON_HEADERS } from "../../core/response.js";
import type { AuthConfig, Cookie, Session } from "../../types.js";
import { normalizeConfig } from "../../config/normalize.js";
import { DEFAULT_MAX_BODY_SIZE, urlAtOrigin } from "../../core/request.js";
import { BadRequestError, PayloadTooLargeError, sendWebResponse, toWebRequest } from "../node.js";
import { answerDirect, nodeDirectRequest, webPathOnly } from "../node-direct.js";
import { checkLimit, declaredLength, nodeHeader, requestUrl } from "../node-request.js";
import { frameworkBasePath, withFrameworkDefaults } from "../shared/config.js";
import { withOrigin } from "../shared/origin.js";
import { setCookieHeader } from "../shared/server-request.js";
import { readServerSessionDirect } from "../shared/session.js";
import { bodyWasRead, expressOrigin, trustsProxy, mountedBasePath, rebuiltBody, type ExpressRequestLike } from "./request.js";

/** Foyer's config for Express (`ExpressAuthConfig` of `@auth/express`). */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">;

/** An Express continuation (`next`). */
export type ExpressNextFunction = (error?: unknown) => void;

/** The middleware {@link ExpressAuth} returns. It never rejects. */
export type ExpressAuthMiddleware = (req: ExpressRequestLike, res: ServerResponse, next: ExpressNextFunction) => Promise<void>;

/** What {@link getSession} resolves to (`GetSessionResult` of `@auth/express`). */
export type GetSessionResult = Promise<Session | null>;

/** The base path when neither the config, `AUTH_URL` nor the mount names one (as `@auth/express`). */
export const EXPRESS_BASE_PATH = "/auth";

function underBasePath(pathname: string, basePath: string): boolean {
  return basePath === "/" || pathname === basePath || pathname.startsWith(`${basePath}/`);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Foyer's routes as Express middleware. Mount it where the routes live; the base path follows from
 * the mount (unless the config's `basePath` or the path of `AUTH_URL` names one):
 *
 * ```ts
 * import express from "express";
 * import { ExpressAuth } from "foyer-auth/express";
 * import GitHub from "foyer-auth/providers/github";
 *
 * const app = express();
 * app.set("trust proxy", true); // only behind a proxy that sets X-Forwarded-Host / -Proto
 * app.use("/auth", ExpressAuth({ providers: [GitHub] })); // Express 5 and 4
 * // also: app.use("/auth/*", …) on Express 4, app.use("/auth/*splat", …) on Express 5
 * ```
 *
 * - The public origin is `AUTH_URL` when set, else what Express computes: `X-Forwarded-Host` and
 *   `X-Forwarded-Proto` count only when `app.set("trust proxy", …)` trusts the peer.
 * - Body parsers may run before it (`app.use(express.json())`): a body they read is encoded again.
 * - A request outside the base path goes on to `next()`. A failure is logged on one line and answered
 *   with the generic `500` JSON, never with a stack trace.
 *
 * @param config The config. Use one object for all requests: Foyer prepares a config once per object.
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressAuthMiddleware {
  const direct = !webPathOnly(config);
  return async function expressAuth(req, res, next) {
    let prepared: AuthConfig | undefined;
    try {
      prepared = withFrameworkDefaults(config as AuthConfig, { basePath: mountedBasePath(req) ?? EXPRESS_BASE_PATH });
      const pathname = (req.originalUrl ?? req.url ?? "/").split(/[?#]/)[0] || "/";
      if (!underBasePath(pathname, frameworkBasePath(prepared, { basePath: EXPRESS_BASE_PATH }))) return next();

      if (direct && req.method === "GET" && !normalizeConfig(prepared).raw) {
        // The direct path (../node-direct.ts): the checks toWebRequest and withOrigin make, in their
        // order, without building the web Request; the answer is written without a Response.
        const trustProxy = trustsProxy(req);
        const limit = checkLimit(config.maxBodySize ?? undefined) ?? DEFAULT_MAX_BODY_SIZE;
        if (declaredLength(req) > limit) throw new PayloadTooLargeError(limit);
        return await answerDirect(nodeDirectRequest(req, expressDirectUrl(req, trustProxy), trustProxy), prepared, res, sendWebResponse);
      }
      let request = withOrigin(toWebRequest(req, { trustProxy: trustsProxy(req), maxBodySize: config.maxBodySize ?? undefined }), expressOrigin(req));
      if (request.method !== "GET" && request.method !== "HEAD" && bodyWasRead(req)) {
        // A body parser consumed the stream: send Foyer what it parsed, encoded again. The stream
        // of the first request was never read, so dropping it leaves nothing pending.
        const headers = new Headers(request.headers);
        headers.delete("content-length");
        const body = rebuiltBody(req);
        const rebuilt = new Request(request.url, { method: request.method, headers, ...(body !== undefined ? { body } : {}) });
        setPeerAddress(rebuilt, peerAddressOf(request));
        request = rebuilt;
      }
      await sendWebResponse(res, await Auth(request, prepared));
    } catch (error) {
      if (error instanceof PayloadTooLargeError) return sendJson(res, 413, { error: "PayloadTooLarge", message: error.message });
      if (error instanceof BadRequestError) return sendJson(res, 400, { message: "Bad request." });
      createLogger(prepared ?? config).error(error instanceof Error ? error : new Error(String(error)));
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, CONFIG_ERROR_BODY);
    }
  };
}

/**
 * The URL the direct path answers `req` at: the URL `toWebRequest` gives it, moved to the public
 * origin as `withOrigin(…, expressOrigin(req))` moves it. Internal (not re-exported by index.ts).
 *
 * @throws {BadRequestError} As `toWebRequest` and `expressOrigin` do, in their order.
 */
export function expressDirectUrl(req: ExpressRequestLike, trustProxy: boolean): URL {
  const own = requestUrl(req, trustProxy);
  const origin = expressOrigin(req);
  // Usually the request is already at its public origin: no second parse.
  return own.origin === origin ? own : urlAtOrigin(own.href, origin);
}

/** Adds `cookies` to the `Set-Cookie` headers of `res`, after any already set. */
function appendCookies(res: ServerResponse, cookies: Cookie[]): void {
  const existing = res.getHeader("set-cookie");
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader("set-cookie", [...before, ...cookies.map(setCookieHeader)]);
}

/**
 * The session of the browser that sent `req`, as `GET {basePath}/session` would answer it: the
 * session, or `null` when signed out.
 *
 * ```ts
 * app.get("/dashboard", async (req, res) => {
 *   const session = await getSession(req, authConfig, res);
 *   if (!session) return res.redirect("/auth/signin");
 *   res.send(`Hello ${session.user?.name}`);
 * });
 * ```
 *
 * - Fails closed: any failure (a configuration error, an unreachable database, a broken cookie) is
 *   logged and reads as `null`; it never throws.
 * - Pass `res` and the cookies Foyer sets on a session read — the session re-sealed with a later
 *   expiry, or the deletion of a dead one — are added to the response (`@auth/express` drops them,
 *   so sessions expire while in use). Without `res` they are not sent; call before the response is sent.
 *
 * @param req The Express request.
 * @param config The config given to {@link ExpressAuth} (the same object).
 * @param res The Express response, to pass refreshed session cookies on.
 */
export async function getSession(req: ExpressRequestLike, config: ExpressAuthConfig, res?: ServerResponse): GetSessionResult {
  try {
    const prepared = withFrameworkDefaults(config as AuthConfig, { basePath: EXPRESS_BASE_PATH });
    // Straight from the Node request: no web Request or Headers for a session read (the direct path).
    const { session, cookies } = await readServerSessionDirect(prepared, { origin: expressOrigin(req), header: (name) => nodeHeader(req, false, name) });
    if (res && cookies.length > 0 && !res.headersSent) appendCookies(res, cookies);
    return session;
  } catch (error) {
    try {
      createLogger(config).error(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // a logger that throws must not turn a failed session read into a thrown error
    }
    return null;
  }
}
