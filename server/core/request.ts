/**
 * Turns a web `Request` into the parsed request every action works on (wire §1.1). Nothing here
 * trusts its input: bodies are capped, objects have no prototype (security case R-REQ-09), and a
 * body that is not a JSON object or a form is ignored rather than guessed at.
 */
import { parseCookieHeader } from "../cookies/parse.js";
import type { AuthAction } from "../types.js";
import { isAuthAction } from "./env.js";
import { FORM, JSON_TYPE, mediaType } from "./media-type.js";

export interface RequestInternal {
  /** The original request (providers' `authorize` gets a copy of it). */
  request: Request;
  url: URL;
  method: "GET" | "POST";
  /** The Auth.js action, or the Foyer area (`account`, `assets`) for Foyer's own routes. */
  action: AuthAction | FoyerArea;
  providerId?: string;
  headers: Headers;
  cookies: Record<string, string>;
  /** Parsed body of a POST: a flat form or a JSON object; `undefined` for other content types. */
  body?: Record<string, unknown>;
  query: Record<string, string>;
  /** The `error` query parameter. */
  error?: string;
}

/** A request under `{basePath}/assets/…` or `{basePath}/account/…`: Foyer's own routes. */
export interface FoyerRouteRequest {
  request: Request;
  url: URL;
  /** `assets` or `account`. */
  area: FoyerArea;
  /** The path segments after the area. */
  segments: string[];
  /** The request parsed as for actions (cookies, query, body), for routes that need a session or CSRF. */
  internal: RequestInternal;
}

export type FoyerArea = "assets" | "account";
export const FOYER_AREAS: readonly FoyerArea[] = ["assets", "account"];

export type ParsedRequest =
  | { kind: "action"; request: RequestInternal }
  | { kind: "foyer"; request: FoyerRouteRequest }
  | { kind: "bad-request"; reason: string; head: boolean }
  | { kind: "too-large"; limit: number };

export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024;

class BodyTooLarge extends Error {}
class BadBody extends Error {}

/**
 * Parses the request. `isFoyerArea` says which of Foyer's own areas have routes; requests to
 * areas without routes are answered exactly as Auth.js would (400).
 */
export async function parseRequest(
  request: Request,
  basePath: string,
  maxBodySize: number,
  isFoyerArea: (area: FoyerArea) => boolean,
): Promise<ParsedRequest> {
  const method = request.method;
  if (method !== "GET" && method !== "POST") {
    return { kind: "bad-request", reason: `Unsupported method ${method}`, head: method === "HEAD" };
  }
  const url = new URL(request.url);
  const segments = actionSegments(url.pathname, basePath);
  if (!segments) return { kind: "bad-request", reason: "Path is not under basePath", head: false };

  const area = segments[0] as FoyerArea;
  const isFoyer = FOYER_AREAS.includes(area) && isFoyerArea(area);
  const [action, provider] = segments as [string, string | undefined];
  if (!isFoyer) {
    if (segments.length > 2) return { kind: "bad-request", reason: "Too many path segments", head: false };
    if (!isAuthAction(action)) return { kind: "bad-request", reason: `Unknown action ${action}`, head: false };
    if (provider !== undefined && action !== "signin" && action !== "callback" && action !== "webauthn-options") {
      return { kind: "bad-request", reason: `Action ${action} takes no provider`, head: false };
    }
  }

  let body: Record<string, unknown> | undefined;
  if (method === "POST") {
    try {
      body = await readBody(request, maxBodySize, isFoyer ? FOYER_BODY_TYPES : ACTION_BODY_TYPES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return { kind: "too-large", limit: maxBodySize };
      return { kind: "bad-request", reason: "Unparseable body", head: false };
    }
  }

  // Most requests have no query: skip creating `url.searchParams` (an object and a parse) for them.
  const query = url.search === "" ? (Object.create(null) as Record<string, string>) : flatParams(url.searchParams);
  const internal: RequestInternal = {
    request,
    url,
    method,
    action: isFoyer ? area : (action as AuthAction),
    providerId: isFoyer || provider === "undefined" ? undefined : provider,
    headers: request.headers,
    cookies: parseCookieHeader(request.headers.get("cookie")),
    body,
    query,
    error: query.error,
  };
  if (isFoyer) return { kind: "foyer", request: { request, url, area, segments: segments.slice(1), internal } };
  return { kind: "action", request: internal };
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

/** Auth.js's actions take a form or JSON (forms from the pages, JSON from clients), as Auth.js does. */
const ACTION_BODY_TYPES: ReadonlySet<string> = new Set([FORM, JSON_TYPE]);
/**
 * Foyer's own routes (account management) take JSON only: a form is what any other site can post
 * cross-site, JSON needs a CORS preflight first. The CSRF token is checked either way.
 */
const FOYER_BODY_TYPES: ReadonlySet<string> = new Set([JSON_TYPE]);

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
