/**
 * The config a framework integration hands to `Auth()`: the app's own config (or what its config
 * function returns for a request) with the integration's base path filled in, and the variant with
 * the `raw` and `skipCSRFCheck` markers that server-side actions use.
 *
 * Both are derived once per config object and remembered (a `WeakMap`), because Foyer validates and
 * prepares a config once per object: a fresh object per request would repeat that work every time.
 */
import type { ConfigInput } from "../../auth.js";
import { BASE_PATH_FROM_INTEGRATION, type EnvObject } from "../../core/env.js";
import { raw, skipCSRFCheck } from "../../core/markers.js";
import type { AuthConfig } from "../../types.js";

/** How an integration fills in the base path. */
export interface FrameworkDefaults {
  /** The base path when neither the config nor the path of `AUTH_URL` / `NEXTAUTH_URL` names one (Next.js: `/api/auth`). */
  basePath: string;
  /** Where `AUTH_URL` and `NEXTAUTH_URL` are read; default `process.env`. */
  env?: EnvObject;
}

/** The config with the `raw` marker: `Auth()` answers with its internal response, and throws `AuthError`s. */
export type RawAuthConfig = AuthConfig & { raw: typeof raw };

const prepared = new WeakMap<AuthConfig, Map<string, AuthConfig>>();
const rawVariants = new WeakMap<AuthConfig, RawAuthConfig>();

/**
 * The base path the integration uses: the config's own, else the path of `AUTH_URL` (or
 * `NEXTAUTH_URL`) when it has one, else `defaults.basePath`. Without a trailing slash (`/` stays `/`).
 */
export function frameworkBasePath(config: Pick<AuthConfig, "basePath">, defaults: FrameworkDefaults): string {
  let basePath = config.basePath;
  if (!basePath) {
    const env = defaults.env ?? process.env;
    const pathname = envPathname(env.AUTH_URL ?? env.NEXTAUTH_URL);
    if (pathname !== "/") basePath = pathname;
  }
  basePath ||= defaults.basePath;
  return basePath.length > 1 && basePath.endsWith("/") ? basePath.replace(/\/+$/, "") : basePath;
}

let lastEnvUrl: string | undefined;
let lastEnvPathname = "/";

/** The path of `AUTH_URL` (`/` when unset or unparseable), parsed again only when the value changed. */
function envPathname(url: string | undefined): string {
  if (!url) return "/";
  if (url !== lastEnvUrl) {
    let pathname = "/";
    try {
      pathname = new URL(url).pathname;
    } catch {
      // an unparseable AUTH_URL: Foyer reports it when it validates the config
    }
    lastEnvUrl = url;
    lastEnvPathname = pathname;
  }
  return lastEnvPathname;
}

/**
 * `config` with the integration's base path (see {@link frameworkBasePath}), as one object per
 * config object and base path. The app's object is not changed.
 */
export function withFrameworkDefaults(config: AuthConfig, defaults: FrameworkDefaults): AuthConfig {
  const basePath = frameworkBasePath(config, defaults);
  let byBasePath = prepared.get(config);
  if (!byBasePath) prepared.set(config, (byBasePath = new Map()));
  let result = byBasePath.get(basePath);
  if (!result) {
    result = { ...config, basePath, [BASE_PATH_FROM_INTEGRATION]: true } as AuthConfig;
    byBasePath.set(basePath, result);
  }
  return result;
}

/** The config for a request: calls a config function with it, and fills in the integration's defaults. */
export async function resolveFrameworkConfig(input: ConfigInput, request: Request | undefined, defaults: FrameworkDefaults): Promise<AuthConfig> {
  const config = typeof input === "function" ? await input(request as Request) : input;
  return withFrameworkDefaults(config, defaults);
}

/**
 * `config` with the `raw` and `skipCSRFCheck` markers, for requests that server code makes itself
 * (server-side sign-in, sign-out, session update): they carry no browser's CSRF token, and their
 * answer is read, not sent.
 */
export function rawConfig(config: AuthConfig): RawAuthConfig {
  let result = rawVariants.get(config);
  if (!result) {
    result = { ...config, raw, skipCSRFCheck } as RawAuthConfig;
    rawVariants.set(config, result);
  }
  return result;
}
