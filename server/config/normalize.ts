/**
 * Configuration: environment defaults, normalisation and validation, done once per config object
 * and cached by identity. Validation fails closed: a broken config is remembered as an error that
 * every request answers with Auth.js's generic response, while the log carries the specific class
 * and a message that says what to change.
 *
 * The steps, in order: read the environment → run the provider factories (`providers.ts`) → fill in
 * the defaults (`defaults.ts`; the providers typed by kind with theirs, `providers.ts`) → check the
 * rules (`rules.ts`) → prepare the pages (`pages.ts`) → check the locale rules. Nothing here is shared between configs: each config object gets its own
 * normalised copy.
 */
import { SUPPORTED_LOCALES } from "../../locales/index.js";
import { wrapAdapter } from "../adapters/wrap.js";
import { resolveCookies } from "../cookies/defaults.js";
import { envHostTrust, setEnvDefaults, type EnvObject } from "../core/env.js";
import { AuthError, InvalidConfiguration } from "../core/errors.js";
import { buildHostPolicy, type HostPolicy } from "../core/hosts.js";
import { createLogger } from "../core/logger.js";
import { raw as rawMarker, skipCSRFCheck as skipCSRFCheckMarker } from "../core/markers.js";
import { DEFAULT_MAX_BODY_SIZE } from "../core/request.js";
import { secretList } from "../jwt/index.js";
import { guardedStore } from "../stores/guarded.js";
import { memoryStore } from "../stores/memory.js";
import { bindStore } from "../stores/scope.js";
import type { AuthConfig } from "../types.js";
import { resolveCallbacks, resolveSession, wrapEvents } from "./defaults.js";
import { preparePages, UNPREPARED_PAGES } from "./pages.js";
import { resolveRateLimits } from "./rate-limits.js";
import { configuredProviders, resolveProvider } from "./providers.js";
import { CONFIG_RULES, firstError, LOCALE_RULES } from "./rules.js";
import type { ConfiguredProvider, NormalizedConfig } from "./types.js";

const cache = new WeakMap<AuthConfig, NormalizedConfig>();

/** The policy of a config whose `allowedHosts` failed validation (its requests fail before using it). */
const NO_HOSTS: HostPolicy = { fixedOrigin: false, production: true, trustInferred: false, exact: new Set(), wildcards: [] };

/** The normalised form of `config`, computed once per config object. */
export function normalizeConfig(config: AuthConfig, env: EnvObject = process.env): NormalizedConfig {
  let normalized = cache.get(config);
  if (!normalized) {
    normalized = buildConfig(config, env);
    cache.set(config, normalized);
  }
  return normalized;
}

function buildConfig(userConfig: AuthConfig, env: EnvObject): NormalizedConfig {
  const logger = createLogger(userConfig);
  // Env defaults go on a copy: the user's object keeps what they wrote (except basePath, which
  // Auth.js writes back and integrations read).
  const config: AuthConfig = { ...userConfig, providers: Array.isArray(userConfig.providers) ? [...userConfig.providers] : userConfig.providers };
  let error: AuthError | undefined;
  try {
    if (!Array.isArray(config.providers)) throw new InvalidConfiguration("`providers` must be an array with at least one provider.");
    setEnvDefaults(env, config, false, logger);
  } catch (caught) {
    error = caught instanceof AuthError ? caught : new InvalidConfiguration("Could not read the configuration", caught as Error);
  }
  userConfig.basePath ??= config.basePath;
  if (userConfig.debug || userConfig.logLevel === "verbose") logger.warn("debug-enabled");

  const configured: ConfiguredProvider[] = error ? [] : configuredProviders(config);
  // Auth.js needs this flag for WebAuthn; Foyer accepts it and says it is not needed.
  if (config.experimental?.enableWebAuthn && configured.some((p) => p.type === "webauthn")) logger.warn("experimental-webauthn");
  const session = resolveSession(config, logger);
  const envOrigin = originOf(env.AUTH_URL ?? env.NEXTAUTH_URL);
  const hosts = buildHostPolicy({
    allowedHosts: config.allowedHosts,
    fixedOrigin: envOrigin !== undefined,
    production: env.NODE_ENV === "production",
    // Trust nobody declared: the app configured nothing and runs outside production.
    trustInferred: userConfig.trustHost === undefined && envHostTrust(env) === "development",
  });
  const providers = configured.map(resolveProvider);
  const store = guardedStore(config.store ?? memoryStore(), logger);
  const rateLimits = resolveRateLimits(config.rateLimits, env.NODE_ENV === "production");
  // The refresh token grant is handed a provider, not the config (oauth/refresh-shared.ts).
  for (const provider of providers) bindStore(provider, store);
  const normalized: NormalizedConfig = {
    basePath: normalizeBasePath(config.basePath ?? "/auth"),
    secret: secretList(config.secret).filter((s) => typeof s === "string" && s !== ""),
    csrfSecret: String(config.secret ?? ""),
    trustHost: Boolean(config.trustHost),
    envOrigin,
    hosts: hosts instanceof InvalidConfiguration ? NO_HOSTS : hosts,
    providers,
    providerById: new Map(providers.map((p) => [p.id, p])),
    session,
    tokenMaxAge: config.jwt?.maxAge ?? session.maxAge,
    callbacks: resolveCallbacks(config),
    defaultJwtCallback: !config.callbacks?.jwt,
    events: wrapEvents(config.events ?? {}, logger),
    account: resolveAccount(config.account),
    logger,
    pages: config.pages ?? {},
    ...UNPREPARED_PAGES,
    locale: config.locale,
    messages: config.messages,
    availableLocales: [...new Set([...SUPPORTED_LOCALES, ...Object.keys(config.messages ?? {})])],
    pageHeaders: config.pageHeaders,
    adapter: config.adapter ? wrapAdapter(config.adapter, logger) : undefined,
    sessionMetadata: typeof config.adapter?.listSessions === "function",
    store,
    rateLimits: rateLimits instanceof InvalidConfiguration ? undefined : rateLimits,
    redirectProxyUrl: config.redirectProxyUrl,
    redirectProxyAllowedOrigins: exactOrigins(config.redirectProxyAllowedOrigins ?? []),
    useSecureCookies: config.useSecureCookies,
    cookies: { secure: resolveCookies(true, config.cookies), plain: resolveCookies(false, config.cookies) },
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheckMarker,
    raw: config.raw === rawMarker,
    maxBodySize: config.maxBodySize ?? DEFAULT_MAX_BODY_SIZE,
  };
  if (session.storeRawTokens && session.strategy === "database") logger.warn("session-raw-tokens");
  // As Auth.js: a config without providers still reads sessions (apps that only check them, tests).
  if (configured.length === 0) logger.warn("no-providers");
  const sendsEmailLinks = configured.some((provider) => provider.type === "email");
  if (sendsEmailLinks && !(hosts instanceof InvalidConfiguration) && hosts.production && !hosts.fixedOrigin && hosts.exact.size === 0)
    logger.warn("email-links-need-host");

  const input = { config: normalized, providers: configured, source: config };
  normalized.error =
    error ??
    firstError(CONFIG_RULES, input) ??
    (hosts instanceof InvalidConfiguration ? hosts : undefined) ??
    (rateLimits instanceof InvalidConfiguration ? rateLimits : undefined);
  if (normalized.error) return normalized;
  const pages = preparePages(config.theme, configured);
  if (pages instanceof AuthError) normalized.error = pages;
  else Object.assign(normalized, pages);
  normalized.error ??= firstError(LOCALE_RULES, input);
  return normalized;
}

function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The origins of `urls`; entries that are not URLs are dropped. */
function exactOrigins(urls: string[]): string[] {
  return urls.flatMap((origin) => {
    try {
      return [new URL(origin).origin];
    } catch {
      return [];
    }
  });
}

/** `account` with its defaults: deletion off; when on, allowed within 10 minutes of signing in. */
function resolveAccount(account: AuthConfig["account"]): NormalizedConfig["account"] {
  const deletion = account?.deletion;
  const recentSignIn = typeof deletion === "object" && Number.isFinite(deletion.recentSignIn) ? Math.max(0, Number(deletion.recentSignIn)) : 600;
  return { deletion: Boolean(deletion), recentSignIn };
}
