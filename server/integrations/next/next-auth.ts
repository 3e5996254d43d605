/**
 * `NextAuth(config)`: Foyer for Next.js, with next-auth v5's surface. Everything here adapts Next's
 * request APIs to the framework-neutral pieces in `../shared/`; Foyer itself answers every request.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextRequest } from "next/server.js";
import { Auth, authAtOrigin } from "../../auth.js";
import { normalizeConfig } from "../../config/normalize.js";
import { AUTH_ACTIONS } from "../../core/env.js";
import { InvalidConfiguration } from "../../core/errors.js";
import { createLogger } from "../../core/logger.js";
import { CONFIG_ERROR_BODY, jsonResponse } from "../../core/response.js";
import type { AuthConfig, Session } from "../../types.js";
import { resolveFrameworkConfig, withFrameworkDefaults } from "../shared/config.js";
import { publicOrigin, withOrigin } from "../shared/origin.js";
import { serverSignIn, serverSignOut, serverUpdateSession, signInOptionsFrom } from "../shared/actions.js";
import { setCookieHeader, type ServerRequestSource } from "../shared/server-request.js";
import { readServerSession } from "../shared/session.js";
import { cookieHeader, setCookies } from "./cookies.js";
import { nextHeaders, nextNavigation, nextServer } from "./next-runtime.js";
import type {
  AppRouteHandlerFn,
  NextAuthConfig,
  NextAuthConfigInput,
  NextAuthFunction,
  NextAuthRequest,
  NextAuthResult,
  PagesContext,
  SignInOptions,
} from "./types.js";

/** The base path next-auth uses in Next.js apps when neither the config nor `AUTH_URL` names one. */
export const NEXT_BASE_PATH = "/api/auth";

const NEXT_DEFAULTS = { basePath: NEXT_BASE_PATH };

/** Whether this code runs on Next's edge runtime (which defines the global `EdgeRuntime`). */
function onEdgeRuntime(): boolean {
  return typeof (globalThis as { EdgeRuntime?: unknown }).EdgeRuntime === "string";
}

/**
 * Database sessions need the adapter on every session read, and Foyer's SQLite and PostgreSQL
 * adapters need Node.js: on the edge runtime that would fail on every request, so it fails once, at
 * start, with what to do instead.
 */
export function checkRuntime(config: NextAuthConfig, edge = onEdgeRuntime()): void {
  if (!edge || !config.adapter) return;
  const strategy = config.session?.strategy ?? "database";
  if (strategy !== "database") return;
  throw new InvalidConfiguration(
    'Database sessions cannot be read on the edge runtime: the adapter needs Node.js. Run the proxy (or route) on the Node.js runtime (the default for proxy.ts in Next.js 16), use session: { strategy: "jwt" }, or check only that a session cookie is present with hasSessionCookie() from "foyer-auth/next/edge".',
  );
}

/**
 * Foyer for Next.js: `const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(config)`.
 *
 * ```ts
 * // auth.ts
 * import NextAuth from "foyer-auth/next";
 * import GitHub from "foyer-auth/providers/github";
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] });
 *
 * // app/api/auth/[...nextauth]/route.ts
 * export const { GET, POST } = handlers;
 * ```
 *
 * Defaults as next-auth's: base path `/api/auth` (or the path of `AUTH_URL` / `NEXTAUTH_URL`), secret
 * from `AUTH_SECRET` (or `NEXTAUTH_SECRET`), provider credentials from `AUTH_<PROVIDER>_ID` / `_SECRET`.
 *
 * @param input The config, or a function of the request (`undefined` in server components and
 *   server actions) that returns it. Return the same object each time: Foyer prepares a config once per object.
 * @throws {InvalidConfiguration} On the edge runtime with database sessions (see {@link checkRuntime}).
 */
export default function NextAuth(input: NextAuthConfigInput): NextAuthResult {
  if (typeof input !== "function") checkRuntime(input);

  async function configFor(request: NextRequest | undefined): Promise<AuthConfig> {
    const config = typeof input === "function" ? await input(request) : input;
    if (typeof input === "function") checkRuntime(config);
    return resolveFrameworkConfig(config as AuthConfig, undefined, NEXT_DEFAULTS);
  }

  function trustsForwardedHeaders(config: AuthConfig): boolean {
    return normalizeConfig(config).trustHost;
  }

  /** The browser's origin and headers, from Next's `headers()` and `cookies()` (server components, server actions). */
  async function sourceFromNext(config: AuthConfig) {
    const { headers, cookies } = await nextHeaders();
    const [incoming, store] = await Promise.all([headers(), cookies()]);
    const forwarded = new Headers(incoming);
    forwarded.set("cookie", cookieHeader(store));
    const source: ServerRequestSource = {
      origin: publicOrigin(undefined, incoming, { trustForwardedHeaders: trustsForwardedHeaders(config) }),
      headers: forwarded,
    };
    return { source, store };
  }

  function sourceFromRequest(config: AuthConfig, request: Request): ServerRequestSource {
    return { origin: publicOrigin(request.url, request.headers, { trustForwardedHeaders: trustsForwardedHeaders(config) }), headers: request.headers };
  }

  async function handle(request: NextRequest): Promise<Response> {
    let config: AuthConfig;
    try {
      // A config object (not a function) is prepared without waiting on anything.
      config = typeof input === "function" ? await configFor(request) : withFrameworkDefaults(input as AuthConfig, NEXT_DEFAULTS);
    } catch (error) {
      createLogger({}).error(error instanceof Error ? error : new Error(String(error)));
      return jsonResponse(500, CONFIG_ERROR_BODY);
    }
    const origin = sourceFromRequest(config, request).origin;
    // A request without a body is answered at its public origin as it is; copying a Request (what
    // `withOrigin` does when the origins differ, as they do behind `next start`, whose URLs say
    // `localhost`) costs more than most of Foyer's own work for a session read.
    if (request.method === "GET" || request.method === "HEAD") return authAtOrigin(request, config, origin);
    return Auth(withOrigin(request, origin), config);
  }

  /** `auth()` in a server component, route handler or server action. */
  async function sessionFromNext(): Promise<Session | null> {
    try {
      const config = await configFor(undefined);
      const { source, store } = await sourceFromNext(config);
      const { session, cookies } = await readServerSession(config, source);
      if (cookies.length) setCookies(store, cookies);
      return session;
    } catch (error) {
      // Next's own control flow (dynamic rendering, prerender bail-outs) must reach Next.
      (await nextNavigation()).unstable_rethrow(error);
      if (isNextSignal(error)) throw error;
      createLogger({}).error(error instanceof Error ? error : new Error(String(error)));
      return null;
    }
  }

  /** `auth(req, res)` / `auth(ctx)` in the Pages Router. */
  async function sessionFromPages(req: IncomingMessage, res: ServerResponse | undefined): Promise<Session | null> {
    try {
      const config = await configFor(undefined);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else headers.set(name, value);
      }
      const source: ServerRequestSource = { origin: publicOrigin(undefined, headers, { trustForwardedHeaders: trustsForwardedHeaders(config) }), headers };
      const { session, cookies } = await readServerSession(config, source);
      if (res && !res.headersSent) for (const cookie of cookies) res.appendHeader("set-cookie", setCookieHeader(cookie));
      return session;
    } catch (error) {
      createLogger({}).error(error instanceof Error ? error : new Error(String(error)));
      return null;
    }
  }

  /** `auth` as middleware / proxy, or `auth(handler)` around a route handler. */
  async function guard(request: NextRequest, context: unknown, handler?: AppRouteHandlerFn): Promise<Response> {
    const { NextResponse } = await nextServer();
    let config: AuthConfig;
    try {
      config = await configFor(request);
    } catch (error) {
      createLogger({}).error(error instanceof Error ? error : new Error(String(error)));
      return jsonResponse(500, CONFIG_ERROR_BODY);
    }
    const source = sourceFromRequest(config, request);
    const { session, cookies } = await readServerSession(config, source);
    const authorizedCallback = (config as NextAuthConfig).callbacks?.authorized;

    let authorized: unknown = true;
    if (authorizedCallback) {
      try {
        authorized = await authorizedCallback({ request, auth: session });
      } catch (error) {
        normalizeConfig(config).logger.error(error instanceof Error ? error : new Error(String(error)));
        authorized = false; // fail closed
      }
    }
    let response: Response | undefined | null;
    if (authorized instanceof Response) {
      response = authorized;
    } else if (handler) {
      (request as NextAuthRequest).auth = session;
      response = (await handler(request as NextAuthRequest, context)) as Response | undefined | null;
    } else if (!authorized) {
      const signInPage = signInPageUrl(config, source.origin);
      const url = new URL(request.url);
      if (!isAuthPage(config, url.pathname, signInPage)) {
        signInPage.searchParams.set("callbackUrl", `${source.origin}${url.pathname}${url.search}`);
        response = NextResponse.redirect(signInPage);
      }
    }
    response ??= NextResponse.next();
    const answer = new Response(response.body, response);
    for (const cookie of cookies) answer.headers.append("set-cookie", setCookieHeader(cookie));
    return answer;
  }

  const auth = ((...args: unknown[]) => {
    if (args.length === 0) return sessionFromNext();
    const [first, second] = args;
    if (typeof first === "function") {
      const handler = first as AppRouteHandlerFn;
      return (request: NextRequest, context: unknown) => guard(request, context, handler);
    }
    if (first instanceof Request || (typeof first === "object" && first !== null && "nextUrl" in first)) return guard(first as NextRequest, second);
    if (typeof first === "object" && first !== null && "req" in first) {
      const context = first as PagesContext;
      return sessionFromPages(context.req, context.res);
    }
    return sessionFromPages(first as IncomingMessage, second as ServerResponse | undefined);
  }) as NextAuthFunction;

  async function signIn(
    provider?: string,
    options?: SignInOptions,
    authorizationParams?: string | URLSearchParams | Record<string, string> | [string, string][],
  ) {
    const config = await configFor(undefined);
    const { source, store } = await sourceFromNext(config);
    const { redirectTo, redirect, fields } = signInOptionsFrom(options as FormData | Record<string, unknown> | undefined);
    const result = await serverSignIn(config, source, provider, {
      ...(redirectTo !== undefined ? { redirectTo } : {}),
      fields,
      ...(authorizationParams !== undefined ? { authorizationParams } : {}),
    });
    setCookies(store, result.cookies);
    if (redirect) await redirectTo_(result.url, source.origin);
    return result.url;
  }

  async function signOut(options: { redirectTo?: string; redirect?: boolean } = {}) {
    const config = await configFor(undefined);
    const { source, store } = await sourceFromNext(config);
    const result = await serverSignOut(config, source, options.redirectTo !== undefined ? { redirectTo: options.redirectTo } : {});
    setCookies(store, result.cookies);
    if (options.redirect ?? true) await redirectTo_(result.url, source.origin);
    return { redirect: result.url };
  }

  async function updateSession(data: Partial<Session> | Record<string, unknown>) {
    const config = await configFor(undefined);
    const { source, store } = await sourceFromNext(config);
    const result = await serverUpdateSession(config, source, data);
    setCookies(store, result.cookies);
    return result.session;
  }

  return {
    handlers: { GET: handle, POST: handle },
    auth,
    signIn,
    signOut,
    unstable_update: updateSession,
    updateSession,
  };
}

/** Next's `redirect()` to `url`: a path when it is on this origin, so that Next navigates without a full reload. */
async function redirectTo_(url: string, origin: string): Promise<never> {
  const { redirect } = await nextNavigation();
  return redirect(sameOriginPath(url, origin));
}

/** `url` as a path when it is on `origin`; otherwise unchanged. */
export function sameOriginPath(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

function signInPageUrl(config: AuthConfig, origin: string): URL {
  const basePath = config.basePath === "/" ? "" : (config.basePath ?? NEXT_BASE_PATH);
  return new URL(config.pages?.signIn ?? `${basePath}/signin`, origin);
}

/** The first path segments Foyer answers under its base path. */
const FOYER_ROUTES = new Set<string>([...AUTH_ACTIONS, "assets", "account"]);

/**
 * Pages the proxy never sends to the sign-in page: the sign-in page itself and everything under
 * Foyer's base path (its pages, callbacks and assets), so that signing in can never loop.
 */
export function isAuthPage(config: Pick<AuthConfig, "basePath">, pathname: string, signInPage: URL): boolean {
  if (pathname === signInPage.pathname) return true;
  const basePath = config.basePath ?? NEXT_BASE_PATH;
  if (basePath === "/") return FOYER_ROUTES.has(pathname.split("/")[1] ?? "");
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/** Next's control-flow errors (`redirect()`, `notFound()`, dynamic rendering bail-outs) carry a `digest` and must propagate. */
function isNextSignal(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && (digest.startsWith("NEXT_") || digest === "DYNAMIC_SERVER_USAGE" || digest.startsWith("BAILOUT_"));
}
