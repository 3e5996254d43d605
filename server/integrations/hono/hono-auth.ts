/**
 * Foyer for Hono, with `@hono/auth-js`'s surface: `initAuthConfig`, `authHandler`, `verifyAuth`,
 * `getAuthUser`. Everything here works on the web `Request` Hono hands over (`c.req.raw`), so it runs
 * wherever Hono runs: Node.js through `@hono/node-server`, Bun, Deno, Cloudflare Workers.
 */
import type { Context, MiddlewareHandler } from "hono";
import { env as runtimeEnv } from "hono/adapter";
import { HTTPException } from "hono/http-exception";
import { Auth } from "../../auth.js";
import { defaultSessionCallback } from "../../config/defaults.js";
import { normalizeConfig } from "../../config/normalize.js";
import { envHostTrust, setEnvDefaults as coreSetEnvDefaults, type EnvObject } from "../../core/env.js";
import { InvalidConfiguration } from "../../core/errors.js";
import { createLogger } from "../../core/logger.js";
import { CONFIG_ERROR_BODY, jsonResponse } from "../../core/response.js";
import type { AuthConfig as FoyerAuthConfig, Cookie, Session } from "../../types.js";
import { rawConfig, withFrameworkDefaults } from "../shared/config.js";
import { actionUrl, publicOrigin, withOrigin } from "../shared/origin.js";
import { forwardedHeaders, setCookieHeader } from "../shared/server-request.js";
import type { AuthConfig, AuthEnv, AuthUser, ConfigHandler } from "./types.js";

/** The base path when neither the config nor the path of `AUTH_URL` names one: `/auth`, as with `@hono/auth-js`. */
export const HONO_BASE_PATH = "/auth";

/**
 * The environment of a request: the runtime's own environment as `hono/adapter`'s `env(c)` reads it
 * (`process.env` on Node.js and Bun, `Deno.env` on Deno, the bindings on Cloudflare Workers), with the
 * string values of `c.env` on top (the bindings, or what `app.request(path, init, env)` passes). When
 * `c.env` holds no strings (as under `@hono/node-server`) the runtime's object is used as it is,
 * uncopied: copying `process.env` on every request costs more than the session read.
 */
export function authEnv(c: Context): EnvObject {
  const own = (runtimeEnv(c) as EnvObject | undefined) ?? {};
  const bindings: unknown = c.env;
  if (typeof bindings !== "object" || bindings === null || bindings === own) return own;
  let merged: EnvObject | undefined;
  for (const [key, value] of Object.entries(bindings)) {
    if (typeof value !== "string") continue;
    merged ??= { ...own };
    merged[key] = value;
  }
  return merged ?? own;
}

/**
 * Fills `config` from environment variables as `@hono/auth-js`'s `setEnvDefaults` does: `secret`
 * from `AUTH_SECRET`, then Foyer's own defaults (`basePath` from `AUTH_URL`, `trustHost`, provider
 * credentials from `AUTH_<PROVIDER>_ID` / `_SECRET`, …). Changes `config` in place.
 */
export function setEnvDefaults(env: AuthEnv, config: AuthConfig): void {
  config.secret ??= env.AUTH_SECRET;
  coreSetEnvDefaults(env, config as FoyerAuthConfig, true);
}

/**
 * The config Foyer gets for an app config and an environment. `AUTH_SECRET` and host trust come from
 * `env` when the config does not set them, because on Workers and Deno `process.env` (which `Auth()`
 * reads) does not hold the app's variables. Remembered per config object, as Foyer prepares a config once.
 */
const withEnv = new WeakMap<AuthConfig, { key: string; config: FoyerAuthConfig }>();

function configWithEnv(config: AuthConfig, env: EnvObject): FoyerAuthConfig {
  const secret = config.secret ? undefined : env.AUTH_SECRET;
  const hostTrust = config.trustHost === undefined && env !== globalThis.process?.env ? envHostTrust(env) : undefined;
  const trustHost = hostTrust === undefined || hostTrust === "refused" ? undefined : true;
  if (secret === undefined && trustHost === undefined) return config as FoyerAuthConfig;
  const key = `${secret ?? ""}\u0000${String(trustHost)}`;
  const known = withEnv.get(config);
  if (known?.key === key) return known.config;
  const derived = { ...config, ...(secret !== undefined ? { secret } : {}), ...(trustHost ? { trustHost } : {}) } as FoyerAuthConfig;
  withEnv.set(config, { key, config: derived });
  return derived;
}

/** The config of this request, as `initAuthConfig` set it, with the base path and environment filled in. */
function requestConfig(c: Context): { config: FoyerAuthConfig; env: EnvObject } {
  const appConfig = c.get("authConfig") as AuthConfig | undefined;
  if (!appConfig) {
    throw new InvalidConfiguration(
      'No Foyer config for this request: add app.use("*", initAuthConfig((c) => config)) before authHandler(), verifyAuth() and getAuthUser().',
    );
  }
  const env = authEnv(c);
  return { config: withFrameworkDefaults(configWithEnv(appConfig, env), { basePath: HONO_BASE_PATH, env }), env };
}

/** The browser's public origin: `AUTH_URL`'s, else the forwarded headers when the host is trusted, else the request URL's. */
function originOf(c: Context, config: FoyerAuthConfig, env: EnvObject): string {
  return publicOrigin(c.req.url, c.req.raw.headers, { env, trustForwardedHeaders: normalizeConfig(config).trustHost });
}

/**
 * Middleware that makes the config known to `authHandler()`, `verifyAuth()` and `getAuthUser()`:
 * `app.use("*", initAuthConfig((c) => ({ providers: [...] })))`. The function runs once per request
 * and may read `c.env`; returning the same object each time lets Foyer prepare it only once.
 */
export function initAuthConfig(configHandler: ConfigHandler): MiddlewareHandler {
  return async (c, next) => {
    c.set("authConfig", await configHandler(c));
    await next();
  };
}

/**
 * Answers every request under the base path (`/auth`, or the config's `basePath`, or the path of
 * `AUTH_URL`): `app.use("/api/auth/*", authHandler())` with `basePath: "/api/auth"`.
 */
export function authHandler(): MiddlewareHandler {
  return async (c) => {
    let prepared: { config: FoyerAuthConfig; env: EnvObject };
    try {
      prepared = requestConfig(c);
    } catch (error) {
      createLogger({}).error(error as Error);
      return jsonResponse(500, CONFIG_ERROR_BODY);
    }
    const { config, env } = prepared;
    return Auth(withOrigin(c.req.raw, originOf(c, config, env)), config);
  };
}

/** Where the wrapped `session` callback leaves what it was given, on the session it returns (not enumerable: never on the wire). */
const CALLBACK_INPUT: unique symbol = Symbol("foyer-auth.hono.session-callback-input");

type SessionCallbackInput = { session: Session; token?: AuthUser["token"]; user?: AuthUser["user"] };
type WithCallbackInput = Session & { [CALLBACK_INPUT]?: SessionCallbackInput };

const capturing = new WeakMap<FoyerAuthConfig, FoyerAuthConfig>();

/**
 * `config` with a `session` callback that runs the app's (or the default) and records its input, so
 * that `getAuthUser` can hand out the JWT or the adapter's user beside the session. Per request, the
 * record travels on the returned object, never through shared state.
 */
function capturingConfig(config: FoyerAuthConfig): FoyerAuthConfig {
  let result = capturing.get(config);
  if (!result) {
    const appCallback = config.callbacks?.session as ((params: SessionCallbackInput) => unknown) | undefined;
    const session = async (params: SessionCallbackInput) => {
      const returned = appCallback ? await appCallback(params) : defaultSessionCallback(params);
      if (typeof returned !== "object" || returned === null) return returned;
      const copy = { ...(returned as Session) } as WithCallbackInput;
      Object.defineProperty(copy, CALLBACK_INPUT, { value: params, enumerable: false });
      return copy;
    };
    result = { ...config, callbacks: { ...config.callbacks, session } } as FoyerAuthConfig;
    capturing.set(config, result);
  }
  return result;
}

/** One read of the session for a request: the user (or `null`) and the cookies Foyer wants set. */
interface AuthUserRead {
  authUser: AuthUser | null;
  cookies: Cookie[];
}

const SIGNED_OUT: AuthUserRead = { authUser: null, cookies: [] };

function isSession(body: unknown): body is Session {
  return typeof body === "object" && body !== null && !Array.isArray(body) && typeof (body as { expires?: unknown }).expires === "string";
}

async function readAuthUser(c: Context): Promise<AuthUserRead> {
  let config: FoyerAuthConfig | undefined;
  try {
    const prepared = requestConfig(c);
    config = prepared.config;
    const origin = originOf(c, config, prepared.env);
    const request = new Request(actionUrl(origin, config.basePath ?? HONO_BASE_PATH, "session"), { headers: forwardedHeaders(c.req.raw.headers) });
    const answer = await Auth(request, rawConfig(capturingConfig(config)));
    if (answer instanceof Response) {
      // A config error: Auth() has logged it and answers only as a web Response.
      await answer.body?.cancel();
      return SIGNED_OUT;
    }
    const cookies = answer.cookies ?? [];
    const body = answer.body as WithCallbackInput | null | undefined;
    const input = body?.[CALLBACK_INPUT];
    // Through JSON, as the browser sees it: a Date in the session reads as its ISO string.
    const session: unknown = body ? JSON.parse(JSON.stringify(body)) : null;
    if ((answer.status ?? 200) !== 200 || !isSession(session)) return { authUser: null, cookies };
    const authUser: AuthUser = { session };
    if (input?.token) authUser.token = input.token;
    if (input?.user) authUser.user = input.user;
    return { authUser, cookies };
  } catch (error) {
    // Signed out is the only safe reading of a session that could not be read.
    createLogger(config ?? {}).error(error instanceof Error ? error : new Error(String(error)));
    return SIGNED_OUT;
  }
}

const reads = new WeakMap<Context, Promise<AuthUserRead>>();

/** The session read of this request, done once however often it is asked for. */
function authUserRead(c: Context): Promise<AuthUserRead> {
  let read = reads.get(c);
  if (!read) {
    read = readAuthUser(c);
    reads.set(c, read);
  }
  return read;
}

/**
 * The cookies Foyer set while reading the session (a re-sealed session, the deletion of a dead one)
 * go on the response. On `c.res` itself, so they survive whether the route answers with `c.json()`
 * or returns its own `Response` (Hono copies `Set-Cookie` from `c.res` onto it).
 */
function passCookiesOn(c: Context, cookies: Cookie[]): void {
  for (const cookie of cookies) c.res.headers.append("set-cookie", setCookieHeader(cookie));
}

const cookiesPassed = new WeakSet<Context>();

/**
 * The signed-in user of the request, `null` when signed out. Never throws: a session that cannot be
 * read (bad config, unreachable database, broken cookie) is logged and reads as `null`. Cookies
 * Foyer sets on the way (a refreshed session) are passed on to the response.
 */
export async function getAuthUser(c: Context): Promise<AuthUser | null> {
  const read = await authUserRead(c);
  if (!cookiesPassed.has(c)) {
    cookiesPassed.add(c);
    passCookiesOn(c, read.cookies);
  }
  return read.authUser;
}

/**
 * Middleware that lets only signed-in requests through, with their user under `c.get("authUser")`;
 * others get `401 Unauthorized` (thrown as an `HTTPException`, as `@hono/auth-js` does, so
 * `app.onError` can answer differently).
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const authUser = await getAuthUser(c);
    if (!authUser) {
      // A dead session's deletion cookies go with the 401 too: getAuthUser put them on `c.res`, and
      // Hono copies `Set-Cookie` from there onto whatever response the error becomes.
      throw new HTTPException(401, { res: new Response("Unauthorized", { status: 401 }) });
    }
    c.set("authUser", authUser);
    await next();
  };
}
