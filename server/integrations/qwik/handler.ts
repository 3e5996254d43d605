/**
 * What `foyer-auth/qwik` does on the server, written against the few members of Qwik City's request
 * event it uses ({@link QwikEventLike}) so that it imports nothing from Qwik: answering Foyer's routes,
 * reading the session, and the sign-in and sign-out actions. `index.qwik.ts` wires these into Qwik's
 * `onRequest`, `routeLoader$` and `globalAction$`.
 *
 * Every function here runs on the server only; the Qwik glue calls them behind `isServer`, so none of
 * this reaches the browser build.
 */
import { Auth, authAtOrigin } from "../../auth.js";
import { normalizeConfig } from "../../config/normalize.js";
import { envHostTrust, isAuthAction, type EnvObject } from "../../core/env.js";
import { errorRedirect } from "../../core/error-response.js";
import { createLogger } from "../../core/logger.js";
import { CONFIG_ERROR_BODY, jsonResponse } from "../../core/response.js";
import type { AuthConfig, Cookie, Session } from "../../types.js";
import { serverSignIn, serverSignOut } from "../shared/actions.js";
import { frameworkBasePath, withFrameworkDefaults } from "../shared/config.js";
import { publicOrigin, withOrigin } from "../shared/origin.js";
import { setCookieHeader } from "../shared/server-request.js";
import { readServerSession } from "../shared/session.js";

/** Foyer's config for Qwik (`QwikAuthConfig` of `@auth/qwik`). */
export type QwikAuthConfig = Omit<AuthConfig, "raw">;

/** The base path when neither the config nor the path of `AUTH_URL` names one: `/auth`, as with `@auth/qwik`. */
export const QWIK_BASE_PATH = "/auth";

/** Where `onRequest` leaves the session for `useSession` and the app's own loaders (`event.sharedMap.get("session")`, as `@auth/qwik`). */
export const SESSION_KEY = "session";

/**
 * The members of Qwik City's `RequestEvent` Foyer uses. `send` and `redirect` return the message Qwik
 * expects to be thrown.
 */
export interface QwikEventLike {
  readonly request: Request;
  readonly url: URL;
  readonly env: { get(key: string): string | undefined };
  readonly sharedMap: Map<string, unknown>;
  readonly cookie: { set(name: string, value: string, options?: Record<string, unknown>): void };
  send(response: Response): unknown;
  redirect(status: number, url: string): unknown;
}

/** The config function of `QwikAuth$`: the config for one request. */
export type QwikConfigFunction<Event = QwikEventLike> = (event: Event) => QwikAuthConfig | Promise<QwikAuthConfig>;

/**
 * The request's environment as Foyer reads it (`AUTH_SECRET`, `AUTH_URL`, `AUTH_<PROVIDER>_ID`, …):
 * Qwik's `event.env`, which is `process.env` on Node.js and the platform's bindings elsewhere
 * (Cloudflare, Deno). Only named keys are ever read, so a proxy over `env.get` is enough.
 */
export function eventEnv(event: Pick<QwikEventLike, "env">): EnvObject {
  return new Proxy({} as EnvObject, {
    get: (_target, key) => (typeof key === "string" ? event.env.get(key) : undefined),
    has: (_target, key) => typeof key === "string" && event.env.get(key) !== undefined,
  });
}

const withEnv = new WeakMap<QwikAuthConfig, { key: string; config: AuthConfig }>();

/**
 * The config Foyer gets: the app's, with the secret (`AUTH_SECRET`) and host trust (`AUTH_TRUST_HOST`,
 * `AUTH_URL`, a development server…) from the request's environment when the config leaves them out,
 * and the base path filled in. Remembered per config object, because Foyer prepares a config once per
 * object: an app that returns the same object each time pays for that once.
 */
export function prepareConfig(config: QwikAuthConfig, env: EnvObject): AuthConfig {
  const secret = config.secret ? undefined : env.AUTH_SECRET;
  const hostTrust = config.trustHost === undefined ? envHostTrust(env) : undefined;
  const trustHost = hostTrust === undefined || hostTrust === "refused" ? undefined : true;
  let derived = config as AuthConfig;
  if (secret !== undefined || trustHost !== undefined) {
    const key = `${secret ?? ""}\u0000${String(trustHost)}`;
    const known = withEnv.get(config);
    if (known?.key === key) derived = known.config;
    else {
      derived = { ...config, ...(secret !== undefined ? { secret } : {}), ...(trustHost ? { trustHost } : {}) } as AuthConfig;
      withEnv.set(config, { key, config: derived });
    }
  }
  return withFrameworkDefaults(derived, { basePath: QWIK_BASE_PATH, env });
}

/** The browser's public origin: `AUTH_URL`'s, else the forwarded headers when the host is trusted, else the request URL's. */
export function eventOrigin(event: Pick<QwikEventLike, "request">, config: AuthConfig, env: EnvObject): string {
  return publicOrigin(event.request.url, event.request.headers, { env, trustForwardedHeaders: normalizeConfig(config, env).trustHost });
}

/** Logs through the config's logger when there is one; a logger that throws is ignored (a failure report must not fail). */
function logError(config: Pick<AuthConfig, "logger" | "logLevel" | "debug"> | undefined, error: unknown): void {
  try {
    createLogger(config ?? {}).error(error instanceof Error ? error : new Error(String(error)));
  } catch {
    // nothing left to report to
  }
}

/**
 * Sets Foyer's cookies on Qwik's response. Qwik's `cookie.set` writes `name=value` and then only the
 * attributes it is given, so handing it the value with Foyer's own attributes (as Foyer serialises
 * them: `Partitioned` and `Priority` included, which Qwik's options lack) keeps every attribute. Qwik's
 * `event.send(response)` passes a `Response`'s cookies on the same way.
 */
export function setCookies(event: Pick<QwikEventLike, "cookie">, cookies: readonly Cookie[]): void {
  for (const cookie of cookies) {
    const header = setCookieHeader(cookie);
    event.cookie.set(cookie.name, header.slice(cookie.name.length + 1));
  }
}

/** The action under the base path `pathname` asks for (`signin`, `callback`, …), or `undefined` outside it. */
function authActionOf(pathname: string, basePath: string): string | undefined {
  const prefix = basePath === "/" ? "/" : `${basePath}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const action = pathname.slice(prefix.length).split("/")[0] ?? "";
  return isAuthAction(action) ? action : undefined;
}

/** What `onRequest` does with a request. */
export type RequestOutcome =
  /** One of Foyer's routes: send this response (`throw event.send(response)`). */
  | { kind: "respond"; response: Response }
  /** Any other request: the session is in `event.sharedMap` (`"session"`); let the app go on. */
  | { kind: "continue"; session: Session | null };

/**
 * `onRequest` of `QwikAuth$`: answers Foyer's routes under the base path (with Foyer's CSRF check on:
 * a form posted from another site to `callback/credentials` signs no one in), and for every other
 * request reads the session into `event.sharedMap` for `useSession` and the app's own loaders.
 *
 * A session that cannot be read (a broken config, an unreachable database) is logged and read as
 * signed out; a failure on one of Foyer's own routes is answered with the generic `500` JSON, never a
 * stack trace.
 */
export async function handleRequest(event: QwikEventLike, configFor: QwikConfigFunction): Promise<RequestOutcome> {
  let config: AuthConfig | undefined;
  const env = eventEnv(event);
  // Until the config is known (its function may throw), the base path is the default or AUTH_URL's.
  let isAuthRoute = authActionOf(event.url.pathname, frameworkBasePath({}, { basePath: QWIK_BASE_PATH, env })) !== undefined;
  try {
    config = prepareConfig(await configFor(event), env);
    const basePath = frameworkBasePath(config, { basePath: QWIK_BASE_PATH, env });
    isAuthRoute = authActionOf(event.url.pathname, basePath) !== undefined;
    const origin = eventOrigin(event, config, env);
    if (isAuthRoute) {
      const { method } = event.request;
      const response =
        method === "GET" || method === "HEAD" ? await authAtOrigin(event.request, config, origin) : await Auth(withOrigin(event.request, origin), config);
      return { kind: "respond", response };
    }
    const { session, cookies } = await readServerSession(config, { origin, headers: event.request.headers });
    setCookies(event, cookies);
    event.sharedMap.set(SESSION_KEY, session);
    return { kind: "continue", session };
  } catch (error) {
    logError(config, error);
    if (isAuthRoute) return { kind: "respond", response: jsonResponse(500, CONFIG_ERROR_BODY) };
    event.sharedMap.set(SESSION_KEY, null);
    return { kind: "continue", session: null };
  }
}

/**
 * `useSession`'s loader: the session `onRequest` read, or (when the app did not export `onRequest`)
 * read now. `null` when signed out, and on any failure, which is logged: fail closed.
 */
export async function loadSession(event: QwikEventLike, configFor: QwikConfigFunction): Promise<Session | null> {
  try {
    if (event.sharedMap.has(SESSION_KEY)) return (event.sharedMap.get(SESSION_KEY) as Session | null) ?? null;
    const outcome = await handleRequest(event, configFor);
    return outcome.kind === "continue" ? outcome.session : null;
  } catch (error) {
    logError(undefined, error);
    return null;
  }
}

/** The page the action was posted from, without Qwik's `qaction` parameter: where the user returns by default. */
export function currentPage(event: Pick<QwikEventLike, "url">): string {
  const url = new URL(event.url);
  url.searchParams.delete("qaction");
  return url.href;
}

/** The validated input of `useSignIn` (see the schema in `index.qwik.ts`). */
export interface SignInInput {
  /** The provider's id; none: Foyer's sign-in page. */
  providerId?: string | undefined;
  /** Where to land afterwards; `options.redirectTo` wins. Default: the page the action was posted from. */
  redirectTo?: string | undefined;
  /** `redirectTo`, and the fields the provider reads (`username`, `password`, `email`, …). */
  options?: { redirectTo?: string | undefined; [field: string]: unknown } | undefined;
  /** Extra query parameters for the provider's authorisation request (OAuth). */
  authorizationParams?: string | URLSearchParams | Record<string, string> | undefined;
}

/** The provider fields of `options`: every key but `redirectTo`, as strings (objects and arrays are dropped). */
function providerFields(options: SignInInput["options"]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    if (key === "redirectTo" || value === undefined || value === null) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = String(value);
  }
  return fields;
}

/** Where an action failure sends the browser: the sign-in page (`?error=CredentialsSignin&code=…`) or the error page, as Foyer's own routes do. */
function failureRedirect(error: unknown, config: AuthConfig, origin: string): string {
  const basePath = config.basePath === "/" ? "" : (config.basePath ?? QWIK_BASE_PATH);
  return errorRedirect(error, { origin, basePath, pages: config.pages ?? {} });
}

/**
 * `useSignIn`'s action. Signs in as a form posted to Foyer would (credentials: `callback/<id>`; e-mail
 * and OAuth: `signin/<id>`), sets the cookies, and returns where to send the browser: the page asked
 * for, the "check your e-mail" page, the provider's authorisation URL, or — for a refused password or
 * another sign-in error — the sign-in page with `?error=`. No provider: Foyer's sign-in page.
 */
export async function signInAction(event: QwikEventLike, configFor: QwikConfigFunction, input: SignInInput): Promise<string> {
  const env = eventEnv(event);
  const config = prepareConfig(await configFor(event), env);
  const origin = eventOrigin(event, config, env);
  const redirectTo = input.options?.redirectTo ?? input.redirectTo ?? currentPage(event);
  try {
    const result = await serverSignIn(config, { origin, headers: event.request.headers }, input.providerId, {
      redirectTo,
      fields: providerFields(input.options),
      ...(input.authorizationParams !== undefined ? { authorizationParams: input.authorizationParams } : {}),
    });
    setCookies(event, result.cookies);
    return result.url;
  } catch (error) {
    logError(config, error);
    return failureRedirect(error, config, origin);
  }
}

/**
 * `useSignOut`'s action: ends the session (deletes the cookie, and the stored session for database
 * sessions) and returns where to send the browser: `redirectTo`, else the page the action was posted
 * from, as Foyer's redirect rules allow it.
 */
export async function signOutAction(event: QwikEventLike, configFor: QwikConfigFunction, input: { redirectTo?: string | undefined }): Promise<string> {
  const env = eventEnv(event);
  const config = prepareConfig(await configFor(event), env);
  const origin = eventOrigin(event, config, env);
  try {
    const result = await serverSignOut(config, { origin, headers: event.request.headers }, { redirectTo: input.redirectTo ?? currentPage(event) });
    setCookies(event, result.cookies);
    return result.url;
  } catch (error) {
    logError(config, error);
    return failureRedirect(error, config, origin);
  }
}

/** What {@link getSessionData} resolves to (`GetSessionResult` of `@auth/qwik`). */
export type GetSessionResult = Promise<{ data: Session | null; cookie: string | null }>;

/**
 * The session of the browser that sent `request`, for server code outside a Qwik request event (an
 * endpoint, a test): `data` is the session or `null`, `cookie` the `Set-Cookie` header(s) Foyer set
 * on the read (a re-sealed session, or the deletion of a dead one), joined with `, ` as
 * `Headers.get("set-cookie")` joins them, or `null`. Fails closed: any failure is logged and reads as
 * `{ data: null, cookie: null }`.
 *
 * @param request The incoming request.
 * @param config The app's config (the object `QwikAuth$` returns).
 */
export async function getSessionData(request: Request, config: QwikAuthConfig): GetSessionResult {
  try {
    const env = (globalThis.process?.env ?? {}) as EnvObject;
    const prepared = prepareConfig(config, env);
    const origin = publicOrigin(request.url, request.headers, { env, trustForwardedHeaders: normalizeConfig(prepared, env).trustHost });
    const { session, cookies } = await readServerSession(prepared, { origin, headers: request.headers });
    return { data: session, cookie: cookies.length > 0 ? cookies.map(setCookieHeader).join(", ") : null };
  } catch (error) {
    logError(config, error);
    return { data: null, cookie: null };
  }
}
