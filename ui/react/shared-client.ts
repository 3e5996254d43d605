"use client";
/**
 * The one client behind `foyer-auth/react` in a page: `foyer-auth/client`'s parts (context, CSRF
 * token and provider caches, session-change bus), built for the base path `<SessionProvider>` names.
 * Module-level, as next-auth's client is, so that `signIn()` and `signOut()` called anywhere in the
 * page use the provider's `basePath` without being told.
 *
 * @internal
 * @module
 */
import { createSessionBus, type SessionBus } from "../client/broadcast.js";
import { createCsrfStore, type CsrfStore } from "../client/csrf.js";
import { createContext, normalizeBasePath, type ClientContext } from "../client/options.js";
import { createProvidersStore, type ProvidersStore } from "../client/providers.js";

/** Where next-auth's client looks for Auth.js when nothing says otherwise, and so where Foyer's does. */
export const DEFAULT_BASE_PATH = "/api/auth";

/** What the functions and the provider share. */
export interface SharedClient {
  ctx: ClientContext;
  csrf: CsrfStore;
  providers: ProvidersStore;
  bus: SessionBus;
  /** The normalised base path, e.g. `/api/auth`. */
  basePath: string;
  /** The origin given as `baseUrl`, without a trailing slash, or `""` for the page's own. */
  baseUrl: string;
}

/**
 * The base path of `NEXTAUTH_URL` when a bundler put its value in the client code (next-auth reads
 * it the same way); otherwise {@link DEFAULT_BASE_PATH}. A URL whose path is `/` means the default.
 */
function environmentBasePath(): string {
  let url: string | undefined;
  try {
    // Written out in full so that bundlers that replace `process.env.X` find it; `process` may not exist.
    url = typeof process === "undefined" ? undefined : process.env.NEXTAUTH_URL;
  } catch {
    url = undefined;
  }
  if (!url) return DEFAULT_BASE_PATH;
  try {
    const path = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).pathname;
    return path === "/" ? DEFAULT_BASE_PATH : path;
  } catch {
    return DEFAULT_BASE_PATH;
  }
}

let current: SharedClient | undefined;

/** Builds a client for `basePath` and `baseUrl`. */
function build(basePath: string, baseUrl: string): SharedClient {
  const ctx = createContext({ basePath, ...(baseUrl ? { baseUrl } : {}) });
  return { ctx, csrf: createCsrfStore(ctx), providers: createProvidersStore(ctx), bus: createSessionBus(), basePath, baseUrl };
}

/**
 * Points the shared client at `basePath` / `baseUrl` (each only when given, as next-auth's provider
 * does). The same base keeps the same client, caches and listeners.
 */
export function configureSharedClient(options: { basePath?: string | undefined; baseUrl?: string | undefined }): SharedClient {
  const now = sharedClient();
  const basePath = options.basePath ? normalizeBasePath(options.basePath) : now.basePath;
  const baseUrl = options.baseUrl ? options.baseUrl.replace(/\/+$/, "") : now.baseUrl;
  if (basePath !== now.basePath || baseUrl !== now.baseUrl) current = build(basePath, baseUrl);
  return current!;
}

/** The shared client, created on first use with the default base path. */
export function sharedClient(): SharedClient {
  current ??= build(normalizeBasePath(environmentBasePath()), "");
  return current;
}
