/**
 * What the Node integrations read from a `node:http` request, shared by the web path (a web `Request`
 * for `Auth()`) and the direct path (integrations/node-direct.ts): the URL the browser used, the
 * headers as Foyer may see them (proxy headers only when trusted, the client address set here), the
 * body limit, and the errors for requests that name no usable host or send too much.
 */
import type { IncomingMessage } from "node:http";
import { setPeerAddress } from "../core/client-address.js";

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
export interface BodyState {
  limit: number;
  exceeded: boolean;
}

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. Nothing else. */
export const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)(?::\d{1,5})?$/i;
export const UNTRUSTED_PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);

/** Methods the Fetch standard forbids in a `Request`: its constructor throws for them. */
export const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function webRequestMethod(method: string | undefined): boolean {
  return method === undefined || !FORBIDDEN_METHODS.has(method.toUpperCase());
}

/** The request URL the browser used, as far as the request (and a trusted proxy) tells. */
export function requestUrl(req: IncomingMessage, trustProxy: boolean): URL {
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
export function pathOf(req: IncomingMessage): string {
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
export const CLIENT_IP_HEADER = "x-foyer-client-ip";

/** The socket's peer address, or with `trustProxy` the first `X-Forwarded-For` entry. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return (trustProxy && first) || req.socket?.remoteAddress || undefined;
}

export function webRequest(req: IncomingMessage, url: URL, trustProxy: boolean, state: BodyState): Request {
  const headers = nodeHeaders(req, trustProxy);
  const method = req.method ?? "GET";
  if (!webRequestMethod(method)) throw new BadRequestError(`A web Request cannot carry the method ${method}.`);
  const hasBody = method !== "GET" && method !== "HEAD" && (declaredLength(req) > 0 || req.headers["transfer-encoding"] !== undefined);
  const request = new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: cappedBody(req, state), duplex: "half" } : {}),
  } as RequestInit);
  // The socket's own peer: what rate limits count by (proxies only as the app trusts them).
  setPeerAddress(request, req.socket?.remoteAddress);
  return request;
}

/**
 * The request's headers as Foyer sees them: as sent (repeated headers appended), without the proxy
 * headers when they are not trusted and without a client's own `X-Foyer-Client-IP`, which is set
 * here from the socket (or a trusted proxy).
 */
export function nodeHeaders(req: IncomingMessage, trustProxy: boolean): Headers {
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
  return headers;
}

/**
 * One header as `nodeHeaders(req, trustProxy).get(name)` gives it, without building the `Headers`:
 * the same hidden and added headers, a repeated header joined with ", " (Node has already joined
 * repeated `Cookie` headers with "; "). Values come as `Headers` stores them: Node's parser has
 * already trimmed the whitespace around them that `Headers` would trim.
 *
 * @param name A header name in lowercase.
 */
export function nodeHeader(req: IncomingMessage, trustProxy: boolean, name: string): string | null {
  if (name === CLIENT_IP_HEADER) return clientAddress(req, trustProxy) ?? null;
  if (!trustProxy && UNTRUSTED_PROXY_HEADERS.has(name)) return null;
  if (name.startsWith(":")) return null;
  const value = req.headers[name];
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(", ");
  return value;
}

/**
 * The request body as a web stream that pulls from the socket only when read, and errors with
 * {@link PayloadTooLargeError} once more than `state.limit` bytes have arrived. The rest of an
 * oversized body is drained and discarded (never kept), so that the connection stays usable.
 */
export function cappedBody(req: IncomingMessage, state: BodyState): ReadableStream<Uint8Array> {
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

export function declaredLength(req: IncomingMessage): number {
  const value = req.headers["content-length"];
  if (value === undefined) return 0;
  const length = Number(value);
  // Node's parser already refuses malformed lengths; anything odd here counts as too large.
  return Number.isFinite(length) && length >= 0 ? length : Number.POSITIVE_INFINITY;
}

export function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

/** The limit if valid; `undefined` when not given. An invalid option is a programming error. */
export function checkLimit(limit: number | undefined, strict = true): number | undefined {
  if (limit === undefined) return undefined;
  if ((Number.isInteger(limit) && limit > 0) || limit === Number.POSITIVE_INFINITY) return limit;
  if (!strict) return undefined;
  throw new TypeError(`maxBodySize must be a positive whole number of bytes; got ${String(limit)}.`);
}
