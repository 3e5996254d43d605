/**
 * Turns a web `Request` into the parsed request every action works on, in steps around the route
 * table (`server/routes/`): `requestTarget` reads the method and path, the table says which action or
 * area that is and which bodies it takes, then `readPostBody` (POST only) and `readRequest` parse the rest. Nothing here trusts its
 * input: bodies are capped, objects have no prototype (security case R-REQ-09), and a body that is
 * not a JSON object or a form is ignored rather than guessed at.
 */
import { parseCookieHeader } from "../cookies/parse.js";
import type { AuthAction } from "../types.js";
import { peerAddressOf } from "./client-address.js";
import { FORM, mediaType } from "./media-type.js";

export interface RequestInternal {
  /** The original request (providers' `authorize` gets a copy of it). */
  request: Request;
  url: URL;
  method: "GET" | "POST";
  /** The Auth.js action, or the Foyer area (`account`, `assets`) for Foyer's own routes. */
  action: AuthAction | FoyerArea;
  providerId?: string;
  headers: Headers;
  /**
   * One header, as `headers.get(name)` gives it. Reading through this does not build `headers` where
   * the request came without a web `Request` (see {@link DirectRequest}). `name` in lowercase.
   */
  header(name: string): string | null;
  cookies: Record<string, string>;
  /** Parsed body of a POST: a flat form or a JSON object; `undefined` for other content types. */
  body?: Record<string, unknown>;
  query: Record<string, string>;
  /** The `error` query parameter. */
  error?: string;
  /** The socket's peer address, when the integration owns the socket and said so (core/client-address.ts). */
  peerAddress?: string;
}

/**
 * A GET as a Node integration hands it to the core without making a web `Request` of it
 * (`authDirect` in server/auth.ts): its URL at the public origin and its headers one by one, read from
 * the Node request under the same rules the integration's web `Request` would have been built by.
 * The web forms are built only if something asks for them (an e-mail provider's
 * `sendVerificationRequest` gets `request`; a few routes read all `headers`).
 */
export interface DirectRequest {
  method: "GET";
  /** The URL Foyer answers at: the request's path and query at its public origin. */
  url: URL;
  /** `headers().get(name)`, without building the `Headers`. `name` in lowercase. */
  header(name: string): string | null;
  /** The request's headers as the web `Request` would carry them. */
  headers(): Headers;
  /** The web `Request` at `url`, as the integration would have built it. */
  request(): Request;
  /** The socket's peer address (rate limits count per client address). */
  peerAddress?: string;
}

/** Foyer's own areas beside the Auth.js actions: `{basePath}/assets/…` and `{basePath}/account/…`. */
export type FoyerArea = "assets" | "account";

/** Where a request goes, before its route is known: the method and the path segments after basePath. */
export interface RequestTarget {
  kind: "target";
  method: "GET" | "POST";
  url: URL;
  /** Whether `url` is the request's own URL moved to the public origin an integration gave. */
  moved: boolean;
  /** One or more segments. */
  segments: string[];
}

/** What the route table found for a target: the action (or area), the provider, and the bodies it reads. */
export interface RouteTarget {
  action: AuthAction | FoyerArea;
  providerId?: string;
  /** Media types whose bodies are parsed; a POST body of any other type is read (for the size limit) and ignored. */
  bodyTypes: ReadonlySet<string>;
}

export type BadRequest = { kind: "bad-request"; reason: string; head: boolean };
export type TooLarge = { kind: "too-large"; limit: number };

export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024;

class BodyTooLarge extends Error {}
class BadBody extends Error {}

/**
 * The method and path of the request, or why it is refused before any route is looked at.
 *
 * @param origin The public origin when an integration has decided it: the URL is the request's path
 *   and query at that origin (see `authAtOrigin` in server/auth.ts).
 */
export function requestTarget(request: Request, basePath: string, origin?: string): RequestTarget | BadRequest {
  const method = request.method;
  if (method !== "GET" && method !== "POST") {
    return { kind: "bad-request", reason: `Unsupported method ${method}`, head: method === "HEAD" };
  }
  const own = new URL(request.url);
  const url = origin === undefined || own.origin === origin ? own : moveUrl(own, origin);
  return targetAt(method, url, url !== own, basePath);
}

/** The method and path of a {@link DirectRequest}, or why it is refused: as `requestTarget` for its web form. */
export function directTarget(source: DirectRequest, basePath: string): RequestTarget | BadRequest {
  return targetAt(source.method, source.url, false, basePath);
}

function targetAt(method: "GET" | "POST", url: URL, moved: boolean, basePath: string): RequestTarget | BadRequest {
  const segments = actionSegments(url.pathname, basePath);
  if (!segments) return { kind: "bad-request", reason: "Path is not under basePath", head: false };
  return { kind: "target", method, url, moved, segments };
}

/**
 * `requestUrl` with its origin replaced by `origin` (path and query kept), or as it is when `origin`
 * is not given or already its own. The path is set, never parsed against the origin, so a path that
 * starts with `//` stays a path and cannot name another host.
 */
export function urlAtOrigin(requestUrl: string, origin: string | undefined): URL {
  const url = new URL(requestUrl);
  return origin === undefined || url.origin === origin ? url : moveUrl(url, origin);
}

function moveUrl(url: URL, origin: string): URL {
  const moved = new URL(origin);
  moved.pathname = url.pathname;
  moved.search = url.search;
  return moved;
}

/** The fields of a POST body of one of `route.bodyTypes`, capped at `maxBodySize`; `undefined` for other bodies. */
export async function readPostBody(
  request: Request,
  route: RouteTarget,
  maxBodySize: number,
): Promise<{ fields: Record<string, unknown> | undefined } | BadRequest | TooLarge> {
  try {
    return { fields: await readBody(request, maxBodySize, route.bodyTypes) };
  } catch (error) {
    if (error instanceof BodyTooLarge) return { kind: "too-large", limit: maxBodySize };
    return { kind: "bad-request", reason: "Unparseable body", head: false };
  }
}

/** The request parsed for its route: cookies, query and the body (see `readPostBody`; none on GET). */
export function readRequest(request: Request, target: RequestTarget, route: RouteTarget, body?: Record<string, unknown>): RequestInternal {
  return new WebRequestInternal(request, target, route, body);
}

/** The parsed form of a web `Request`: a class, so that a request costs one object and no closures. */
class WebRequestInternal implements RequestInternal {
  readonly url: URL;
  readonly method: "GET" | "POST";
  readonly action: AuthAction | FoyerArea;
  readonly providerId: string | undefined;
  readonly headers: Headers;
  readonly cookies: Record<string, string>;
  readonly body: Record<string, unknown> | undefined;
  readonly query: Record<string, string>;
  readonly error: string | undefined;
  readonly peerAddress: string | undefined;
  readonly #original: Request;
  // A request moved to its public origin (`requestTarget` with an origin) is copied to that origin
  // only if something reads it (an e-mail provider's `sendVerificationRequest`).
  #atUrl: Request | undefined;

  constructor(request: Request, target: RequestTarget, route: RouteTarget, body: Record<string, unknown> | undefined) {
    const { url } = target;
    this.#original = request;
    this.#atUrl = target.moved ? undefined : request;
    this.url = url;
    this.method = target.method;
    this.action = route.action;
    this.providerId = route.providerId;
    this.headers = request.headers;
    this.cookies = parseCookieHeader(request.headers.get("cookie"));
    this.body = body;
    // Most requests have no query: skip creating `url.searchParams` (an object and a parse) for them.
    this.query = url.search === "" ? (Object.create(null) as Record<string, string>) : flatParams(url.searchParams);
    this.error = this.query.error;
    this.peerAddress = peerAddressOf(request);
  }

  get request(): Request {
    const request = this.#original;
    return (this.#atUrl ??= new Request(this.url, { method: request.method, headers: request.headers, signal: request.signal }));
  }

  header(name: string): string | null {
    return this.headers.get(name);
  }
}

/** A {@link DirectRequest} parsed for its route, as `readRequest` parses the web form of a GET. */
export function readDirectRequest(source: DirectRequest, target: RequestTarget, route: RouteTarget): RequestInternal {
  return new DirectRequestInternal(source, target, route);
}

/** The parsed form of a {@link DirectRequest}: a class, so that a request costs one object and no closures. */
class DirectRequestInternal implements RequestInternal {
  readonly url: URL;
  readonly method: "GET" | "POST";
  readonly action: AuthAction | FoyerArea;
  readonly providerId: string | undefined;
  readonly cookies: Record<string, string>;
  readonly body = undefined;
  readonly query: Record<string, string>;
  readonly error: string | undefined;
  readonly peerAddress: string | undefined;
  #headers: Headers | undefined;
  #request: Request | undefined;

  constructor(
    private readonly source: DirectRequest,
    target: RequestTarget,
    route: RouteTarget,
  ) {
    this.url = target.url;
    this.method = target.method;
    this.action = route.action;
    this.providerId = route.providerId;
    this.cookies = parseCookieHeader(source.header("cookie"));
    this.query = target.url.search === "" ? (Object.create(null) as Record<string, string>) : flatParams(target.url.searchParams);
    this.error = this.query.error;
    this.peerAddress = source.peerAddress;
  }

  get request(): Request {
    return (this.#request ??= this.source.request());
  }

  get headers(): Headers {
    return (this.#headers ??= this.source.headers());
  }

  header(name: string): string | null {
    return this.source.header(name);
  }
}

/** The segments after basePath (1 or more), or `null` when the path is not under basePath. */
function actionSegments(pathname: string, basePath: string): string[] | null {
  const base = basePath === "/" ? "" : basePath.replace(/\/$/, "");
  if (!pathname.startsWith(base) || pathname.length <= base.length) return null;
  const rest = pathname.slice(base.length);
  if (rest[0] !== "/") return null;
  const segments = rest.split("/").filter(Boolean);
  return segments.length ? segments : null;
}

/**
 * The body as fields when its media type is one of `accepted`; `undefined` for any other (it is still
 * read, so that the size limit holds). Types are compared by type/subtype only (see `mediaType`).
 */
async function readBody(request: Request, limit: number, accepted: ReadonlySet<string>): Promise<Record<string, unknown> | undefined> {
  const type = mediaType(request.headers.get("content-type"));
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw new BodyTooLarge();
  if (!request.body) return undefined;
  const text = await readCapped(request, limit);
  if (type === undefined || !accepted.has(type)) return undefined;
  if (type === FORM) return flatParams(new URLSearchParams(text));
  if (text.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadBody();
  }
  // A JSON value that is not an object carries no fields (security case R-REQ-08).
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  return Object.assign(Object.create(null), parsed);
}

async function readCapped(request: Request, limit: number): Promise<string> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Search params as a flat object without prototype; a repeated key keeps its last value. */
function flatParams(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of params) out[key] = value;
  return out;
}
