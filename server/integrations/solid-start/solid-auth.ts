/**
 * `SolidAuth(config)` and `getSession(request, config)`: Foyer in a SolidStart app, with the API of
 * `@auth/solid-start`. Both work on the web `Request` SolidStart hands over (`event.request`), so the
 * same code runs on the current `@solidjs/start` (1.x and 2.x, API routes get an `APIEvent`) and on
 * the old `solid-start` 0.2 package that `@auth/solid-start` was written for.
 */
import { Auth } from "../../auth.js";
import { normalizeConfig } from "../../config/normalize.js";
import { createLogger } from "../../core/logger.js";
import { CONFIG_ERROR_BODY, jsonResponse } from "../../core/response.js";
import type { AuthConfig, Session } from "../../types.js";
import { withFrameworkDefaults } from "../shared/config.js";
import { publicOrigin, withOrigin } from "../shared/origin.js";
import { readServerSession } from "../shared/session.js";

/** The base path when the config names no `prefix` (nor `basePath`, nor a path in `AUTH_URL`): `/api/auth`, as `@auth/solid-start`. */
export const SOLID_START_PREFIX = "/api/auth";

/**
 * The config of {@link SolidAuth} and {@link getSession} (`SolidAuthConfig` of `@auth/solid-start`):
 * Foyer's config plus `prefix`, the path the catch-all API route lives at.
 */
export interface SolidAuthConfig extends Omit<AuthConfig, "raw"> {
  /**
   * Where the auth API route is mounted, e.g. `/auth` for `src/routes/auth/[...solidauth].ts`.
   * Default `/api/auth` (or the config's `basePath`, or the path of `AUTH_URL`). Foyer uses it as the
   * base path: unlike `@auth/solid-start`, there is no need to set `basePath` to the same value.
   */
  prefix?: string;
}

/**
 * What SolidStart hands an API route: an event with the web `Request` (`APIEvent` of `@solidjs/start`
 * and of `solid-start` 0.2). A bare `Request` is accepted too.
 */
export type SolidAuthEvent = { request: Request } | Request;

/** An API route handler: `export const { GET, POST } = SolidAuth(config)`. */
export type SolidAuthHandler = (event: SolidAuthEvent) => Promise<Response>;

/** The route handlers {@link SolidAuth} returns. */
export interface SolidAuthHandlers {
  GET: SolidAuthHandler;
  POST: SolidAuthHandler;
}

const configs = new WeakMap<SolidAuthConfig, AuthConfig>();

function trimmed(path: string): string {
  const withSlash = path.startsWith("/") ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") || "/" : withSlash;
}

/**
 * The config Foyer gets: `prefix` becomes the base path (`@auth/solid-start` routes by `prefix` but
 * never tells Auth.js, whose own default `/auth` then answers every request under `/api/auth` with
 * `400`; apps work around it by repeating the path as `basePath`, which keeps working here). Derived
 * once per config object, as Foyer prepares a config once per object.
 */
export function solidStartConfig(config: SolidAuthConfig): AuthConfig {
  let prepared = configs.get(config);
  if (!prepared) {
    const { prefix, ...rest } = config;
    const app = rest as AuthConfig;
    // The route file sits at the prefix, so requests arrive there: the prefix wins over a basePath.
    const basePath = prefix !== undefined ? trimmed(prefix) : app.basePath;
    prepared = withFrameworkDefaults(basePath === undefined ? app : { ...app, basePath }, { basePath: SOLID_START_PREFIX });
    configs.set(config, prepared);
  }
  return prepared;
}

function requestOf(event: SolidAuthEvent): Request {
  return event instanceof Request ? event : event.request;
}

/**
 * The URL the server was reached at: the request's, with the host of its `Host` header when that
 * differs. `solid-start` 0.2's Node.js adapter builds the request URL from the `Origin` header when
 * there is one, so a form posted from another site (or any client that sends `Origin`) would pick the
 * origin Foyer builds its redirects and e-mailed links from. The scheme stays the request's.
 */
export function reachedUrl(request: Request): URL {
  const url = new URL(request.url);
  const host = request.headers.get("host")?.trim().toLowerCase();
  if (!host || host === url.host) return url;
  try {
    const byHost = new URL(`${url.protocol}//${host}`);
    // Only a bare host[:port]: anything else in the header (a path, credentials) is not a host.
    if (byHost.host === host && byHost.pathname === "/" && !byHost.username && !byHost.password) return new URL(`${byHost.origin}${url.pathname}${url.search}`);
  } catch {
    // Not a host name: keep the request's URL.
  }
  return url;
}

/** The browser's public origin: `AUTH_URL`'s, else the forwarded headers when the host is trusted, else the host it reached. */
function originOf(request: Request, config: AuthConfig): string {
  return publicOrigin(reachedUrl(request), request.headers, { trustForwardedHeaders: normalizeConfig(config).trustHost });
}

/**
 * Foyer's routes as a SolidStart API route. Put them in a catch-all route at the prefix:
 *
 * ```ts
 * // src/routes/api/auth/[...solidauth].ts
 * import { SolidAuth } from "foyer-auth/solid-start";
 * import { authOptions } from "~/auth"; // src/auth.ts
 * export const { GET, POST } = SolidAuth(authOptions);
 * ```
 *
 * - Every request under the prefix goes to Foyer, which answers unknown actions itself (`404`/`400`).
 * - Foyer's CSRF check stays on: a sign-in form posted from another site signs nobody in.
 * - A failure before Foyer answers (a config error, an unusable `Host`) is logged on one line and
 *   answered with the generic `500` JSON, never with a stack trace.
 *
 * @param config The config, with `prefix` (default `/api/auth`). Use one object for all requests.
 */
export function SolidAuth(config: SolidAuthConfig): SolidAuthHandlers {
  const handler: SolidAuthHandler = async (event) => {
    let prepared: AuthConfig | undefined;
    try {
      prepared = solidStartConfig(config);
      const request = requestOf(event);
      return await Auth(withOrigin(request, originOf(request, prepared)), prepared);
    } catch (error) {
      createLogger(prepared ?? (config as AuthConfig)).error(error instanceof Error ? error : new Error(String(error)));
      return jsonResponse(500, CONFIG_ERROR_BODY);
    }
  };
  return { GET: handler, POST: handler };
}

/**
 * The session of the browser that sent `request`, for server code (`createServerData$`, `query`
 * with `"use server"`, middleware):
 *
 * ```ts
 * const session = await getSession(event.request, authOptions);
 * if (!session) throw redirect("/signin");
 * ```
 *
 * Reads it at the config's prefix (`@auth/solid-start` always asks `/api/auth/session`). Never throws:
 * signed out is `null`, and so is any failure (bad config, unreachable database, broken cookie),
 * which is logged. A page that asks therefore renders as signed out instead of failing.
 *
 * Cookies Foyer would refresh on the way (a rolling session) are not written: SolidStart gives
 * server data no response to write them to. The browser's own requests to the API route do that.
 */
export async function getSession(request: Request, config: SolidAuthConfig): Promise<Session | null> {
  let prepared: AuthConfig | undefined;
  try {
    prepared = solidStartConfig(config);
    const { session } = await readServerSession(prepared, { origin: originOf(request, prepared), headers: request.headers });
    return session;
  } catch (error) {
    createLogger(prepared ?? (config as AuthConfig)).error(error instanceof Error ? error : new Error(String(error)));
    return null;
  }
}
