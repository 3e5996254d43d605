/**
 * `SvelteKitAuth(config)`: Foyer for SvelteKit 2 and 3, with `@auth/sveltekit`'s surface (`handle`,
 * `signIn` and `signOut` form actions, `event.locals.auth()`). Everything here adapts SvelteKit's
 * `RequestEvent` to the framework-neutral pieces in `../shared/`; Foyer itself answers every request.
 *
 * This module never imports a SvelteKit virtual module (`$env/…`, `$app/…`): the entry point
 * (./index.ts) passes in what it reads from them, so that the logic here runs and is tested outside
 * a Vite build.
 */
import { error as kitError, redirect as kitRedirect, type Action, type RequestEvent } from "@sveltejs/kit";
import { Auth, authAtOrigin } from "../../auth.js";
import { normalizeConfig } from "../../config/normalize.js";
import { AUTH_ACTIONS, type EnvObject } from "../../core/env.js";
import { createLogger } from "../../core/logger.js";
import { CONFIG_ERROR_BODY, jsonResponse } from "../../core/response.js";
import type { AuthConfig, Cookie, Session } from "../../types.js";
import { serverSignIn, serverSignOut, signInOptionsFrom } from "../shared/actions.js";
import { rawConfig, withFrameworkDefaults } from "../shared/config.js";
import { publicOrigin, withOrigin } from "../shared/origin.js";
import type { ServerRequestSource } from "../shared/server-request.js";
import { readServerSession } from "../shared/session.js";
import type { Handle, SvelteKitAuthConfig, SvelteKitAuthConfigInput, SvelteKitAuthResult } from "./types.js";

/** What the entry point reads from SvelteKit's virtual modules and hands in. */
export interface SvelteKitRuntime {
  /** The private environment (`$env/dynamic/private`): `.env` files in development, `process.env` under adapter-node. */
  env(): EnvObject;
  /** Whether this is the development server (`vite dev`): the host is then trusted, as `@auth/sveltekit` does. */
  dev: boolean;
  /** Whether SvelteKit is analysing or prerendering the app during `vite build` (no session then). */
  building(): boolean;
  /** SvelteKit's `paths.base` (`""` when the app lives at the root) as seen by this request. */
  base(event: RequestEvent): string;
}

/** The form-field prefix `@auth/sveltekit` reads authorization parameters from (`authorizationParams-prompt`). */
export const AUTHORIZATION_PARAMS_PREFIX = "authorizationParams-";

/** The first path segments Foyer answers under its base path: the Auth.js actions, its assets and account pages. */
const FOYER_ROUTES = new Set<string>([...AUTH_ACTIONS, "assets", "account"]);

/**
 * The base path Foyer answers under in a SvelteKit app: the config's own (or the path of `AUTH_URL`),
 * else `${paths.base}/auth` as with `@auth/sveltekit`. A configured path outside `paths.base` is
 * moved under it, since SvelteKit answers nothing outside its base with a 404 before any hook runs.
 */
export function svelteKitBasePath(config: Pick<AuthConfig, "basePath">, base: string, env: EnvObject): string {
  const defaultPath = `${base}/auth`;
  let basePath = config.basePath;
  if (!basePath) {
    const url = env.AUTH_URL ?? env.NEXTAUTH_URL;
    try {
      const pathname = url ? new URL(url).pathname : "/";
      if (pathname !== "/") basePath = pathname;
    } catch {
      // an unparseable AUTH_URL: Foyer reports it when it validates the config
    }
  }
  basePath = (basePath || defaultPath).replace(/\/+$/, "") || "/";
  if (base && basePath !== base && !basePath.startsWith(`${base}/`)) basePath = `${base}${basePath === "/" ? "" : basePath}`;
  return basePath;
}

/**
 * The environment Foyer reads for a SvelteKit app: the private environment SvelteKit hands over
 * (`$env/dynamic/private`: with the `.env` files in development), over `process.env` — SvelteKit 3
 * hands over only the variables an app declares in `src/env.ts`, and adapter-node runs with the rest
 * in `process.env`. `NODE_ENV` says whether this is the development server: Foyer trusts the request's
 * host in development only, or where `AUTH_TRUST_HOST` / `AUTH_URL` say so — in production builds
 * too, which `@auth/sveltekit` does not allow.
 */
const envCopies = new WeakMap<object, { dev: boolean; env: EnvObject }>();
export function foyerEnv(env: EnvObject, dev: boolean, base: EnvObject = globalThis.process?.env ?? {}): EnvObject {
  const known = envCopies.get(env);
  if (known && known.dev === dev) return known.env;
  const copy: EnvObject = { ...base };
  for (const [name, value] of Object.entries(env)) if (typeof value === "string") copy[name] = value;
  copy.NODE_ENV = dev ? "development" : "production";
  envCopies.set(env, { dev, env: copy });
  return copy;
}

/**
 * The built-in pages' headers in a SvelteKit app: `Referrer-Policy: same-origin` unless the app set
 * one. Foyer's pages default to `no-referrer`, with which browsers send `Origin: null` on the pages'
 * own form posts; SvelteKit refuses such a POST ("Cross-site POST form submissions are forbidden")
 * before any hook runs. `same-origin` sends the real origin to the app only, and no referrer elsewhere.
 */
export function pageHeadersFor(config: Pick<AuthConfig, "pageHeaders">): Record<string, string | null> {
  const own = config.pageHeaders ?? {};
  const setsReferrer = Object.keys(own).some((name) => name.toLowerCase() === "referrer-policy");
  return setsReferrer ? own : { "Referrer-Policy": "same-origin", ...own };
}

/**
 * The config Foyer gets: the app's, with the base path, and normalised with the environment SvelteKit
 * loaded (not `process.env`, which in development lacks the `.env` files). Foyer prepares a config
 * once per object, so the result is remembered per config, environment and base path.
 */
const preparedConfigs = new WeakMap<AuthConfig, WeakMap<EnvObject, Map<string, AuthConfig>>>();
export function prepareConfig(config: SvelteKitAuthConfig, env: EnvObject, base: string): AuthConfig {
  const appConfig = config as AuthConfig;
  let byEnv = preparedConfigs.get(appConfig);
  if (!byEnv) preparedConfigs.set(appConfig, (byEnv = new WeakMap()));
  let byBase = byEnv.get(env);
  if (!byBase) byEnv.set(env, (byBase = new Map()));
  const basePath = svelteKitBasePath(appConfig, base, env);
  let prepared = byBase.get(basePath);
  if (!prepared) {
    prepared = { ...withFrameworkDefaults(appConfig, { basePath, env }), basePath, pageHeaders: pageHeadersFor(appConfig) };
    // Foyer reads the environment once per config object, when it first normalises it: do it here
    // with SvelteKit's environment, for the config and for its variant used by server-side actions.
    normalizeConfig(prepared, env);
    normalizeConfig(rawConfig(prepared), env);
    byBase.set(basePath, prepared);
  }
  return prepared;
}

/** `url` as a path when it is on `origin` (SvelteKit then navigates within the app); otherwise unchanged. */
export function sameOriginPath(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
  } catch {
    return url;
  }
}

/**
 * SvelteKit's `redirect()` to where Foyer sends the browser. Foyer has already checked the URL (its
 * `redirect` callback keeps callback URLs on the app's origin; an OAuth provider's authorisation URL is
 * meant to leave it), so SvelteKit 3's external-URL guard is told so; SvelteKit 2 ignores the option.
 */
function redirectBrowser(url: string, origin: string): never {
  const redirect = kitRedirect as (status: number, location: string, options?: { external: boolean }) => never;
  return redirect(303, sameOriginPath(url, origin), { external: true });
}

/** Whether `pathname` is one of Foyer's routes under `basePath`. */
export function isFoyerRoute(basePath: string, pathname: string): boolean {
  const rest = basePath === "/" ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
  if (rest === undefined) return false;
  return FOYER_ROUTES.has(rest.split("/")[1] ?? "");
}

function logError(error: unknown, config?: AuthConfig): void {
  const asError = error instanceof Error ? error : new Error(String(error));
  if (config) normalizeConfig(config).logger.error(asError);
  else createLogger({}).error(asError);
}

/**
 * Builds the SvelteKit integration for `runtime`. Apps call {@link SvelteKitAuth} from
 * `foyer-auth/sveltekit`, which passes SvelteKit's environment in.
 */
export function createSvelteKitAuth(input: SvelteKitAuthConfigInput, runtime: SvelteKitRuntime): SvelteKitAuthResult {
  async function configFor(event: RequestEvent): Promise<{ config: AuthConfig; env: EnvObject }> {
    const appConfig = typeof input === "function" ? await input(event) : input;
    const env = foyerEnv(runtime.env(), runtime.dev);
    return { config: prepareConfig(appConfig, env, runtime.base(event)), env };
  }

  function sourceOf(event: RequestEvent, config: AuthConfig, env: EnvObject): ServerRequestSource {
    const trustForwardedHeaders = normalizeConfig(config).trustHost;
    return { origin: publicOrigin(event.url, event.request.headers, { env, trustForwardedHeaders }), headers: event.request.headers };
  }

  /** Passes Foyer's cookies on through SvelteKit, which sends them with whatever the request answers. */
  function setCookies(event: RequestEvent, cookies: Cookie[]): void {
    for (const { name, value, options } of cookies) event.cookies.set(name, value, { ...options, path: options.path ?? "/" });
  }

  /**
   * A form POST from another origin is refused before Foyer is asked: the actions below skip Foyer's
   * CSRF token (a SvelteKit form carries none), so this check stands in for it even where an app turned
   * SvelteKit's own origin check off. A browser always sends `Origin` with a form POST.
   */
  function refuseCrossOrigin(event: RequestEvent, origin: string): void {
    const from = event.request.headers.get("origin");
    if (from !== null && from !== origin && from !== event.url.origin) {
      kitError(403, "Cross-site form submissions are refused.");
    }
  }

  async function readSession(event: RequestEvent): Promise<Session | null> {
    let config: AuthConfig | undefined;
    try {
      if (runtime.building()) return null;
      const prepared = await configFor(event);
      config = prepared.config;
      const { session, cookies } = await readServerSession(config, sourceOf(event, config, prepared.env));
      try {
        setCookies(event, cookies);
      } catch (error) {
        // The response has started (a streamed load): the refreshed cookie waits for the next request.
        logError(error, config);
      }
      return session;
    } catch (error) {
      // Fail closed: whatever went wrong, the page sees a signed-out visitor, never an exception.
      logError(error, config);
      return null;
    }
  }

  const handle: Handle = async ({ event, resolve }) => {
    let read: Promise<Session | null> | undefined;
    const auth = () => (read ??= readSession(event));
    const locals = event.locals as App.Locals;
    locals.auth ??= auth;
    locals.getSession ??= locals.auth;
    if (runtime.building()) return resolve(event);

    let prepared: { config: AuthConfig; env: EnvObject };
    try {
      prepared = await configFor(event);
    } catch (error) {
      logError(error);
      // Foyer's routes (where they would be without the app's config) answer as Foyer does for a
      // broken config; the app's pages go on, signed out.
      const fallback = svelteKitBasePath({}, runtime.base(event), foyerEnv(runtime.env(), runtime.dev));
      return isFoyerRoute(fallback, event.url.pathname) ? jsonResponse(500, CONFIG_ERROR_BODY) : resolve(event);
    }
    const { config, env } = prepared;
    if (!isFoyerRoute(config.basePath ?? "/auth", event.url.pathname)) return resolve(event);
    let origin: string;
    try {
      origin = sourceOf(event, config, env).origin;
    } catch (error) {
      logError(error, config);
      return jsonResponse(400, "Bad request.");
    }
    // Foyer answers with its own CSRF check on: a sign-in form posted from another site signs nobody in.
    const { request } = event;
    if (request.method === "GET" || request.method === "HEAD") return authAtOrigin(request, config, origin);
    return Auth(withOrigin(request, origin), config);
  };

  const signIn: Action = async (event) => {
    if (runtime.building()) return;
    const { config, env } = await configFor(event);
    const source = sourceOf(event, config, env);
    refuseCrossOrigin(event, source.origin);
    const form = await event.request.formData();
    const providerId = form.get("providerId");
    const authorizationParams: Record<string, string> = {};
    const options: Record<string, unknown> = {};
    for (const [key, value] of form) {
      if (key === "providerId") continue;
      if (key.startsWith(AUTHORIZATION_PARAMS_PREFIX)) {
        if (typeof value === "string") authorizationParams[key.slice(AUTHORIZATION_PARAMS_PREFIX.length)] = value;
      } else {
        options[key] = value;
      }
    }
    const { redirectTo, redirect, fields } = signInOptionsFrom(options);
    const result = await serverSignIn(config, source, typeof providerId === "string" && providerId !== "" ? providerId : undefined, {
      ...(redirectTo !== undefined ? { redirectTo } : {}),
      fields,
      authorizationParams,
    });
    setCookies(event, result.cookies);
    if (redirect) redirectBrowser(result.url, source.origin);
  };

  const signOut: Action = async (event) => {
    if (runtime.building()) return;
    const { config, env } = await configFor(event);
    const source = sourceOf(event, config, env);
    refuseCrossOrigin(event, source.origin);
    const form = await event.request.formData();
    const redirectTo = form.get("redirectTo");
    const redirect = form.get("redirect");
    const result = await serverSignOut(config, source, typeof redirectTo === "string" && redirectTo !== "" ? { redirectTo } : {});
    setCookies(event, result.cookies);
    if (redirect !== "false") redirectBrowser(result.url, source.origin);
  };

  return { handle, signIn, signOut };
}
