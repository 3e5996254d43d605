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
