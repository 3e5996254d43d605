/**
 * The Next.js modules the integration uses, loaded on first use: importing `foyer-auth/next` alone
 * loads nothing from Next, and nothing else in the package imports `next` (an optional peer
 * dependency). Next's bundler resolves these imports to its own request-scoped implementations.
 */
import type * as NextHeaders from "next/headers.js";
import type * as NextNavigation from "next/navigation.js";
import type * as NextServer from "next/server.js";

let headersModule: Promise<typeof NextHeaders> | undefined;
let navigationModule: Promise<typeof NextNavigation> | undefined;
let serverModule: Promise<typeof NextServer> | undefined;

/** `next/headers`: `headers()` and `cookies()` of the request being rendered. */
export function nextHeaders(): Promise<typeof NextHeaders> {
  return (headersModule ??= import("next/headers.js"));
}

/** `next/navigation`: `redirect()`, which throws Next's `NEXT_REDIRECT` signal. */
export function nextNavigation(): Promise<typeof NextNavigation> {
  return (navigationModule ??= import("next/navigation.js"));
}

/** `next/server`: `NextResponse`. */
export function nextServer(): Promise<typeof NextServer> {
  return (serverModule ??= import("next/server.js"));
}

/** The cookie store of the current request, as `cookies()` gives it. */
export type NextCookieStore = Awaited<ReturnType<typeof NextHeaders.cookies>>;
