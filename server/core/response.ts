/**
 * The edge where internal responses become web `Response`s, as Auth.js converts them (a redirect is a 302,
 * or `200 {"url"}` with `X-Auth-Return-Redirect: 1`; init cookies first). Actions never build
 * `Response`s themselves.
 */
import { serializeCookie } from "../cookies/serialize.js";
import type { ResponseInternal } from "../types.js";

/**
 * Every JSON answer says `nosniff`: a browser must never take one (which may echo request data) for
 * HTML or script, whatever an old content sniffer makes of its first bytes.
 */
export const JSON_HEADERS = { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" } as const;
export const NO_CACHE_HEADERS = {
  ...JSON_HEADERS,
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

export function toResponse(internal: ResponseInternal, returnRedirect: boolean): Response {
  // The internal headers go to the Response constructor as the plain record they are, and cookies,
  // Location and the return-redirect Content-Type are applied to the Response's own headers after.
  // Why: building a `Headers` first and handing it over makes undici copy it a second time through
  // its iterable conversion (≈ 2 µs a response). The final header list is the same: records are
  // appended key by key either way, `Set-Cookie` values keep their order, and `set` replaces.
  const contentType = internal.headers ? headerValue(internal.headers, "content-type") : null;
  let body = internal.body;
  if (contentType === "application/json") body = JSON.stringify(body);
  else if (contentType === "application/x-www-form-urlencoded") body = new URLSearchParams(body).toString();

  let response: Response;
  if (internal.redirect) {
    if (returnRedirect) {
      response = new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers: internal.headers });
    } else {
      response = new Response(null, { status: 302, headers: internal.headers });
    }
  } else {
    response = new Response(body as BodyInit | null | undefined, { status: internal.status ?? 200, headers: internal.headers });
  }
  const headers = response.headers;
  for (const cookie of internal.cookies ?? []) {
    headers.append("Set-Cookie", serializeCookie(cookie.name, cookie.value, cookie.options));
  }
  if (internal.redirect) {
    if (returnRedirect) {
      // The URL travels in the body only: a Location beside a 200 would be followed by some clients.
      headers.set("Content-Type", "application/json");
      headers.set("X-Content-Type-Options", "nosniff");
    } else {
      headers.set("Location", internal.redirect);
    }
  } else if (contentType === "application/json" && !headers.has("X-Content-Type-Options")) {
    // JSON built with a bare Content-Type (an action's own headers): the edge adds what JSON_HEADERS has.
    headers.set("X-Content-Type-Options", "nosniff");
  }
  return response;
}

/**
 * What `new Headers(record).get(name)` returns, without building the Headers: values of every key
 * matching `name` case-insensitively, trimmed of HTTP whitespace, joined with ", ".
 */
function headerValue(record: Record<string, string>, name: string): string | null {
  let value: string | null = null;
  for (const key of Object.keys(record)) {
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const item = String(record[key]).replace(HTTP_WHITESPACE_EDGES, "");
    value = value === null ? item : `${value}, ${item}`;
  }
  return value;
}

const HTTP_WHITESPACE_EDGES = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** The plain JSON error bodies of the wire (400 parse errors, 500 config errors, Foyer's 404/413). */
export function jsonResponse(status: number, body: unknown, extraHeaders?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...extraHeaders } });
}

export const CONFIG_ERROR_BODY = {
  message: "There was a problem with the server configuration. Check the server logs for more information.",
} as const;

/**
 * A response as it goes on the wire, for integrations that write HTTP themselves (Node): what
 * `toResponse(internal, returnRedirect)` would carry, without building the `Response`.
 */
export interface WireResponse {
  status: number;
  /**
   * Every header but `Set-Cookie`, as iterating the `Response`'s `Headers` gives them: lowercase
   * names in sorted order, repeated names joined with ", ".
   */
  headers: readonly (readonly [string, string])[];
  /** The `Set-Cookie` values, in order. */
  cookies: string[];
  /** The body text (UTF-8 on the wire), or `null` for none. */
  body: string | null;
}

/** Statuses whose response has no body: a `Response` with a body and one of them throws. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a `Headers` value may not hold (after trimming): NUL, CR, LF, or anything beyond a byte. */
const BAD_HEADER_VALUE = /[\0\r\n]|[^\0-\xff]/;

/**
 * `toResponse(internal, returnRedirect)` as status, headers and body text: the same status, the same
 * header list in the order `sendWebResponse` writes it, the same cookies and the same body bytes.
 * `undefined` when the answer is one this function does not reproduce (a body that is not text, a
 * header `Headers` would refuse, a status `Response` would refuse): the caller then uses
 * `toResponse`, which answers or throws exactly as before.
 *
 * The steps follow `toResponse` and what the `Response` and `Headers` constructors do with its
 * arguments: the record's keys appended in order (names lowercased, values trimmed, repeats joined),
 * `text/plain;charset=UTF-8` for a text body without a type, then cookies, then the headers `toResponse`
 * sets. Tests compare the two on the same answers.
 */
export function toWire(internal: ResponseInternal, returnRedirect: boolean): WireResponse | undefined {
  const record = internal.headers;
  const known = record ? knownRecord(record) : undefined;
  let list: Map<string, string>;
  if (known) list = new Map(known.entries);
  else {
    const built = record ? recordHeaders(record) : new Map<string, string>();
    if (!built) return undefined;
    list = built;
  }
  const contentType = list.get("content-type") ?? null;
  // Whether the list is still the known record's own (then its sorted form is known too).
  let unchanged = known !== undefined;

  let status: number;
  let body: unknown;
  if (internal.redirect) {
    status = returnRedirect ? 200 : 302;
    body = returnRedirect ? JSON.stringify({ url: internal.redirect }) : null;
  } else {
    status = internal.status ?? 200;
    body = internal.body;
    if (contentType === "application/json") body = JSON.stringify(body);
    else if (contentType === "application/x-www-form-urlencoded") body = new URLSearchParams(body as Record<string, string>).toString();
  }
  if (body === undefined) body = null;
  if (body !== null && typeof body !== "string") return undefined;
  if (!Number.isInteger(status) || status < 200 || status > 599) return undefined;
  if (body !== null && NULL_BODY_STATUSES.has(status)) return undefined;
  if (typeof body === "string" && !list.has("content-type")) {
    list.set("content-type", "text/plain;charset=UTF-8");
    unchanged = false;
  }

  const cookies: string[] = [];
  for (const cookie of internal.cookies ?? []) {
    const value = serializeCookie(cookie.name, cookie.value, cookie.options).replace(HTTP_WHITESPACE_EDGES, "");
    if (BAD_HEADER_VALUE.test(value)) return undefined;
    cookies.push(value);
  }
  if (internal.redirect) {
    unchanged = false;
    if (returnRedirect) {
      list.set("content-type", "application/json");
      list.set("x-content-type-options", "nosniff");
    } else {
      if (BAD_HEADER_VALUE.test(internal.redirect.replace(HTTP_WHITESPACE_EDGES, ""))) return undefined;
      list.set("location", internal.redirect.replace(HTTP_WHITESPACE_EDGES, ""));
    }
  } else if (contentType === "application/json" && !list.has("x-content-type-options")) {
    list.set("x-content-type-options", "nosniff");
    unchanged = false;
  }
  const headers = unchanged ? known!.sorted : sortedHeaders(list);
  return { status, headers, cookies, body: body as string | null };
}

/** The record's headers as `Headers` would hold them (names lowercased, values trimmed, repeats joined); `undefined` for one it would refuse. */
function recordHeaders(record: Record<string, string>): Map<string, string> | undefined {
  const list = new Map<string, string>();
  for (const name of Object.keys(record)) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name) || lower === "set-cookie") return undefined;
    const value = String(record[name]).replace(HTTP_WHITESPACE_EDGES, "");
    if (BAD_HEADER_VALUE.test(value)) return undefined;
    const existing = list.get(lower);
    list.set(lower, existing === undefined ? value : `${existing}, ${value}`);
  }
  return list;
}

function sortedHeaders(list: Map<string, string>): [string, string][] {
  return [...list].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

interface KnownRecord {
  keys: readonly string[];
  values: readonly string[];
  entries: readonly [string, string][];
  /** Frozen: every answer with this record shares it. */
  sorted: readonly (readonly [string, string])[];
}

/**
 * The header records of the most frequent answers (session and CSRF reads: copies of
 * `NO_CACHE_HEADERS`), worked out once. A record matches only with the same keys, in the same order,
 * and the same values; any other record is worked out by `recordHeaders` as it comes.
 */
const KNOWN_RECORDS: readonly KnownRecord[] = [NO_CACHE_HEADERS, JSON_HEADERS].map((record: Record<string, string>) => {
  const list = recordHeaders(record)!;
  const keys = Object.keys(record);
  const sorted = Object.freeze(sortedHeaders(list).map((entry) => Object.freeze(entry)));
  return { keys, values: keys.map((key) => record[key]!), entries: [...list], sorted };
});

function knownRecord(record: Record<string, string>): KnownRecord | undefined {
  const keys = Object.keys(record);
  search: for (const known of KNOWN_RECORDS) {
    if (keys.length !== known.keys.length) continue;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== known.keys[i] || record[keys[i]!] !== known.values[i]) continue search;
    }
    return known;
  }
  return undefined;
}
