/**
 * Environment defaults and action URLs, as Auth.js infers them (`setEnvDefaults`, `createActionURL`), with two documented
 * differences: `AUTH_TRUST_HOST` is parsed strictly (`false`/`0`/`no`/`off` do not trust the host, with a
 * warning), and the legacy `NEXTAUTH_SECRET` / `NEXTAUTH_URL` names are read as aliases.
 */
import type { AuthAction, AuthConfig, CommonProviderOptions } from "../types.js";
import { InvalidConfiguration } from "./errors.js";
import { buildHostPolicy, requestHostError } from "./hosts.js";
import { createLogger, type LoggerInstance } from "./logger.js";

export const AUTH_ACTIONS: readonly AuthAction[] = [
  "callback",
  "csrf",
  "error",
  "providers",
  "session",
  "signin",
  "signout",
  "verify-request",
  "webauthn-options",
];

const ACTION_SET = new Set<string>(AUTH_ACTIONS);

/** True for exactly the nine Auth.js actions. */
export function isAuthAction(action: string): action is AuthAction {
  return ACTION_SET.has(action);
}

export type EnvObject = Record<string, string | undefined>;

/**
 * Set (to `true`) by a framework integration on the config it hands to `Auth()` when the integration
 * chose `basePath` itself, as next-auth does (`/api/auth`, or the path of `AUTH_URL`): the
 * "basePath and AUTH_URL both set" warning is then not the user's doing and is not logged.
 */
export const BASE_PATH_FROM_INTEGRATION: unique symbol = Symbol.for("foyer-auth.base-path-from-integration");

const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

/** True when `AUTH_TRUST_HOST` holds a word that reads as "no" (Auth.js would still trust the host). */
export function isFalseLooking(value: string | undefined): boolean {
  return value !== undefined && FALSE_WORDS.has(value.trim().toLowerCase());
}

/**
 * Where host trust comes from when the config does not set `trustHost`: `AUTH_URL`, a declaration
 * (`AUTH_TRUST_HOST`, `VERCEL`, `CF_PAGES`), only `NODE_ENV` not being `production`, a false-looking
 * `AUTH_TRUST_HOST` (refused), or nothing (`undefined`: not trusted).
 */
export function envHostTrust(env: EnvObject): "url" | "declared" | "development" | "refused" | undefined {
  if (env.AUTH_URL ?? env.NEXTAUTH_URL) return "url";
  const explicit = env.AUTH_TRUST_HOST;
  if (explicit !== undefined && explicit !== "" && isFalseLooking(explicit)) return "refused";
  if (explicit || env.VERCEL || env.CF_PAGES) return "declared";
  return env.NODE_ENV !== "production" ? "development" : undefined;
}

/** `AUTH_ALLOWED_HOSTS` as a list: comma-separated, blanks dropped; `undefined` when unset or empty. */
export function envAllowedHosts(env: EnvObject): string[] | undefined {
  const hosts = (env.AUTH_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((host) => host.trim())
    .filter(Boolean);
  return hosts.length ? hosts : undefined;
}

/**
 * Fills config defaults from environment variables. Mutates and returns `config`.
 * - `basePath` from `AUTH_URL`'s path when not set, else `/auth`;
 * - `secret` from `AUTH_SECRET` (alias `NEXTAUTH_SECRET`) and `AUTH_SECRET_1..3`, ordered
 *   `[_3, _2, _1, AUTH_SECRET]` as in Auth.js: the highest-numbered variable set seals new tokens;
 * - `redirectProxyUrl` from `AUTH_REDIRECT_PROXY_URL`;
 * - `trustHost` from `AUTH_URL`, `AUTH_TRUST_HOST`, `VERCEL`, `CF_PAGES`, or `NODE_ENV !== "production"`;
 * - `allowedHosts` from `AUTH_ALLOWED_HOSTS` (comma-separated);
 * - provider `clientId`/`clientSecret`/`issuer`/`apiKey` from `AUTH_<ID>_ID|SECRET|ISSUER|KEY`.
 */
export function setEnvDefaults(env: EnvObject, config: AuthConfig, suppressBasePathWarning = false, logger?: LoggerInstance): AuthConfig {
  const url = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (url) {
    if (config.basePath) {
      // Called by an app (not by Foyer, which passes its logger), the warning goes through the
      // config's own logger, or the console — as Auth.js does.
      const fromIntegration = (config as { [BASE_PATH_FROM_INTEGRATION]?: boolean })[BASE_PATH_FROM_INTEGRATION] === true;
      if (!suppressBasePathWarning && !fromIntegration) (logger ?? createLogger(config)).warn("env-url-basepath-redundant");
    } else {
      try {
        const pathname = new URL(url).pathname;
        if (pathname !== "/") config.basePath = pathname.replace(/\/$/, "");
      } catch {
        // an unparseable AUTH_URL leaves basePath to its default
      }
    }
  }
  config.basePath ||= "/auth";

  const secretEmpty = !config.secret || (Array.isArray(config.secret) && config.secret.length === 0);
  if (secretEmpty) {
    const base = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
    const secrets = base ? [base] : [];
    for (const n of [1, 2, 3]) {
      const value = env[`AUTH_SECRET_${n}`];
      if (value) secrets.unshift(value);
    }
    config.secret = secrets;
  }

  config.redirectProxyUrl ??= env.AUTH_REDIRECT_PROXY_URL;

  if (config.trustHost === undefined) {
    const source = envHostTrust(env);
    if (source === "refused") logger?.warn("trust-host-env-false");
    config.trustHost = source !== undefined && source !== "refused";
  }
  config.allowedHosts ??= envAllowedHosts(env);

  config.providers = config.providers.map((provider) => {
    const resolved = (typeof provider === "function" ? provider({}) : provider) as CommonProviderOptions;
    const id = String(resolved.id ?? "")
      .toUpperCase()
      .replace(/-/g, "_");
    if (!id) return provider;
    const fromEnv = {
      clientId: env[`AUTH_${id}_ID`],
      clientSecret: env[`AUTH_${id}_SECRET`],
      issuer: env[`AUTH_${id}_ISSUER`],
      apiKey: env[`AUTH_${id}_KEY`],
    };
    const base = (typeof provider === "function" ? provider(withoutUndefined(fromEnv)) : provider) as CommonProviderOptions;
    const filled: Record<string, unknown> = { ...base };
    const options = (base.options ?? {}) as Record<string, unknown>;
    if (base.type === "oauth" || base.type === "oidc") {
      filled.clientId ??= options.clientId ?? fromEnv.clientId;
      filled.clientSecret ??= options.clientSecret ?? fromEnv.clientSecret;
      filled.issuer ??= options.issuer ?? fromEnv.issuer;
    } else if (base.type === "email") {
      filled.apiKey ??= options.apiKey ?? fromEnv.apiKey;
    }
    return filled as CommonProviderOptions;
  });
  return config;
}

function withoutUndefined(record: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
  return out;
}

/**
 * The absolute URL of an action. Uses `AUTH_URL` (or `NEXTAUTH_URL`) when set, else the request's
 * `X-Forwarded-Host`/`Host` and `X-Forwarded-Proto`/protocol. With `config.allowedHosts` (or
 * `AUTH_ALLOWED_HOSTS`) the request's host must be on the list, else it throws `UntrustedHost` (a bad
 * list throws `InvalidConfiguration`), so a forged host never becomes an action URL.
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  env: EnvObject,
  config: Pick<AuthConfig, "basePath" | "allowedHosts"> & { logger?: LoggerInstance },
): URL {
  const basePath = config.basePath;
  const envUrl = env.AUTH_URL ?? env.NEXTAUTH_URL;
  let url: URL;
  if (envUrl) {
    url = new URL(envUrl);
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      if (url.pathname !== basePath) config.logger?.warn("env-url-basepath-mismatch");
      url.pathname = "/";
    }
  } else {
    const host = headers.get("x-forwarded-host") ?? headers.get("host");
    let proto = headers.get("x-forwarded-proto") ?? protocol ?? "https";
    if (!proto.endsWith(":")) proto += ":";
    url = new URL(`${proto}//${host}`);
    const allowedHosts = config.allowedHosts ?? envAllowedHosts(env);
    if (allowedHosts?.length) {
      const policy = buildHostPolicy({ allowedHosts, fixedOrigin: false, production: env.NODE_ENV === "production", trustInferred: false });
      if (policy instanceof InvalidConfiguration) throw policy;
      const error = requestHostError(policy, url);
      if (error) throw error;
    }
  }
  const base = url.toString().replace(/\/$/, "");
  const path = basePath?.replace(/(^\/|\/$)/g, "");
  return new URL(path ? `${base}/${path}/${action}` : `${base}/${action}`);
}
