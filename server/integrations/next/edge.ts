/**
 * `foyer-auth/next/edge`: an edge-safe check for a session cookie, for middleware that runs on the
 * edge runtime where the session cannot be read (database sessions need the adapter, and the adapter
 * needs Node.js). This module imports nothing else from Foyer.
 *
 * It says only that the browser sent a session cookie — not that the session is valid, unexpired or
 * belongs to anyone. Use it to send signed-out visitors to the sign-in page early; check the real
 * session with `auth()` in the page, route handler or server action behind it.
 *
 * ```ts
 * // middleware.ts (edge runtime)
 * import { NextResponse, type NextRequest } from "next/server";
 * import { hasSessionCookie } from "foyer-auth/next/edge";
 *
 * export function middleware(request: NextRequest) {
 *   if (hasSessionCookie(request)) return NextResponse.next();
 *   return NextResponse.redirect(new URL(`/api/auth/signin?callbackUrl=${encodeURIComponent(request.url)}`, request.url));
 * }
 * ```
 *
 * @module foyer-auth/next/edge
 */

/** The default session cookie names (plain, and `__Secure-` on HTTPS), as Auth.js names them. */
export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

/** Anything with cookies to look at: a web `Request` (a `NextRequest` included) or a `Cookie` header value. */
export type CookieSource = Request | { headers: Headers } | string | null | undefined;

/**
 * Whether `source` carries a non-empty session cookie (or the first chunk of a chunked one).
 *
 * @param source A request or a `Cookie` header value.
 * @param cookieName The session cookie's name when the config sets `cookies.sessionToken.name`.
 */
export function hasSessionCookie(source: CookieSource, cookieName?: string): boolean {
  const header = typeof source === "string" ? source : (source?.headers.get("cookie") ?? "");
  if (!header) return false;
  const names: readonly string[] = cookieName ? [cookieName] : SESSION_COOKIE_NAMES;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!value) continue;
    if (names.includes(name) || names.some((base) => name === `${base}.0`)) return true;
  }
  return false;
}
