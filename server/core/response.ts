/**
 * The edge where internal responses become web `Response`s (wire §1.4, §1.6). Actions never build
 * `Response`s themselves.
 */
import { serializeCookie } from "../cookies/serialize.js";
import type { ResponseInternal } from "../types.js";

export const JSON_HEADERS = { "Content-Type": "application/json" } as const;
export const NO_CACHE_HEADERS = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

export function toResponse(internal: ResponseInternal, returnRedirect: boolean): Response {
  const headers = new Headers(internal.headers);
  for (const cookie of internal.cookies ?? []) {
    headers.append("Set-Cookie", serializeCookie(cookie.name, cookie.value, cookie.options));
  }
  let body = internal.body;
  if (headers.get("Content-Type") === "application/json") body = JSON.stringify(body);
  else if (headers.get("Content-Type") === "application/x-www-form-urlencoded") body = new URLSearchParams(body).toString();

  if (internal.redirect) {
    headers.set("Location", internal.redirect);
    if (returnRedirect) {
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers });
    }
    return new Response(null, { status: 302, headers });
  }
  return new Response(body as BodyInit | null | undefined, { status: internal.status ?? 200, headers });
}

/** The plain JSON error bodies of the wire (400 parse errors, 500 config errors, Foyer's 404/413). */
export function jsonResponse(status: number, body: unknown, extraHeaders?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...extraHeaders } });
}

export const CONFIG_ERROR_BODY = {
  message: "There was a problem with the server configuration. Check the server logs for more information.",
} as const;
