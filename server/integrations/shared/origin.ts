/**
 * Which origin the browser used, as a framework integration decides it for Foyer: the origin of
 * `AUTH_URL` (or `NEXTAUTH_URL`) when set; else `X-Forwarded-Host` / `X-Forwarded-Proto` when the
 * app trusts the proxy in front of it; else the request's own URL and `Host`.
 *
 * Foyer builds every URL it answers with (redirects, callback URLs, e-mailed links) from the origin of
 * the `Request` it is given, and checks that origin against `allowedHosts`. So the integration puts
 * the public origin into the request's URL before it calls `Auth()`.
 */
import { peerAddressOf, setPeerAddress } from "../../core/client-address.js";
import type { EnvObject } from "../../core/env.js";
import { urlAtOrigin } from "../../core/request.js";
import type { AuthAction } from "../../types.js";

/** How the public origin is found. */
export interface OriginOptions {
  /** Where `AUTH_URL` and `NEXTAUTH_URL` are read; default `process.env`. */
  env?: EnvObject;
  /**
   * Use `X-Forwarded-Host` and `X-Forwarded-Proto` (first value of each). Only behind a proxy that
   * sets or strips them; otherwise any client picks the origin. Auth.js does this whenever the host is
   * trusted (`trustHost`, `AUTH_TRUST_HOST`).
   */
  trustForwardedHeaders?: boolean;
}

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. Nothing else. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)(?::\d{1,5})?$/i;

function firstValue(value: string | null): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

/** The origin of `AUTH_URL` / `NEXTAUTH_URL`, or `undefined` when neither is set or parses. */
export function envOrigin(env: EnvObject = process.env): string | undefined {
  const url = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (!url) return undefined;
  // Read on every request (the environment may change), parsed only when it did.
  if (url === lastEnvUrl) return lastEnvOrigin;
  let origin: string | undefined;
  try {
    origin = new URL(url).origin;
  } catch {
    origin = undefined;
  }
  lastEnvUrl = url;
  lastEnvOrigin = origin;
  return origin;
}

let lastEnvUrl: string | undefined;
let lastEnvOrigin: string | undefined;

/**
 * The origin the browser used for a request whose URL (as the framework gives it) is `requestUrl`
 * and whose headers are `headers`. A forwarded or `Host` value that is not a host name is ignored.
 *
 * @param requestUrl The URL the framework reports; its origin is the fallback. May be `undefined`
 *   where the framework gives no URL (a server component), then `Host` is used.
 */
export function publicOrigin(requestUrl: string | URL | undefined, headers: Headers, options: OriginOptions = {}): string {
  const fixed = envOrigin(options.env ?? process.env);
  if (fixed) return fixed;
  const fallback = requestUrl ? new URL(requestUrl) : undefined;
  let protocol = fallback?.protocol.replace(":", "") ?? "http";
  let host = fallback?.host;
  const named = headers.get("host");
  if (!fallback && named && HOST.test(named)) host = named;
  if (options.trustForwardedHeaders) {
    const forwardedHost = firstValue(headers.get("x-forwarded-host"));
    const forwardedProto = firstValue(headers.get("x-forwarded-proto"))?.toLowerCase();
    if (forwardedHost && HOST.test(forwardedHost)) host = forwardedHost;
    if (forwardedProto === "http" || forwardedProto === "https") protocol = forwardedProto;
  }
  if (!host) throw new TypeError("The request names no host: set AUTH_URL to the app's public URL.");
  return `${protocol}://${host}`;
}

/**
 * `request` with its URL moved to `origin` (same path and query, same method, headers and body).
 * The request itself when it already has that origin.
 */
export function withOrigin(request: Request, origin: string): Request {
  const moved = urlAtOrigin(request.url, origin);
  if (moved.href === request.url) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
  const copy = new Request(moved, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
  // The copy comes from the same socket: it keeps the peer address rate limits count by.
  setPeerAddress(copy, peerAddressOf(request));
  return copy;
}

/** The absolute URL of a Foyer action under `basePath` at `origin`, e.g. `https://app.example/api/auth/signin`. */
export function actionUrl(origin: string, basePath: string, action: AuthAction | `${AuthAction}/${string}`): URL {
  const base = basePath === "/" ? "" : basePath;
  return new URL(`${base}/${action}`, origin);
}
