/**
 * Configuration: environment defaults, normalisation and validation, done once per config object
 * and cached by identity. Validation fails closed: a broken config is remembered as an error that
 * every request answers with Auth.js's generic response, while the log carries the specific class
 * and a message that says what to change.
 *
 * Nothing here is shared between configs: each config object gets its own normalised copy.
 */
import { decode, encode, DEFAULT_MAX_AGE, secretList } from "../jwt/index.js";
import type { CookiesOptions } from "../types.js";
import type {
  Account,
  AuthConfig,
  Awaitable,
  CallbacksOptions,
  CommonProviderOptions,
  EventCallbacks,
  JWT,
  JWTDecodeParams,
  JWTEncodeParams,
  PagesOptions,
  Session,
  User,
} from "../types.js";
import { resolveCookies } from "../cookies/defaults.js";
import { crypto as cryptoBackend } from "../jwt/crypto.js";
import { skipCSRFCheck as skipCSRFCheckMarker, raw as rawMarker } from "./markers.js";
import { envHostTrust, setEnvDefaults, type EnvObject } from "./env.js";
import {
  AuthError,
  EventError,
  InvalidConfiguration,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  InvalidProvider,
} from "./errors.js";
import { buildHostPolicy, type HostPolicy } from "./hosts.js";
import { createLogger, type LoggerInstance, type LogLevel } from "./logger.js";
import { defaultRedirect } from "./redirect.js";
import { DEFAULT_MAX_BODY_SIZE } from "./request.js";
import { SUPPORTED_LOCALES, type MessageOverrides } from "../../locales/index.js";
import { REQUIRED_METHODS, wrapAdapter } from "../adapters/wrap.js";
import { ResendCooldown } from "../email/tokens.js";
import type { Adapter } from "../adapters/types.js";
import { PAGE_CSS } from "../pages/styles.generated.js";
import { preparePageProviders, type PageProvider } from "../pages/providers.js";
import { resolveTheme, themeDeclarations, type ResolvedTheme } from "../pages/theme.js";
import { webauthnConfigError } from "../webauthn/validate.js";

/** A provider after its factory ran and its user options were merged over its defaults. */
export interface InternalProvider extends CommonProviderOptions {
  [key: string]: unknown;
}

/** Provider kinds Foyer knows. Which of them can complete a sign-in is decided by the actions. */
const PROVIDER_TYPES = new Set(["oauth", "oidc", "email", "credentials", "webauthn"]);

export interface ResolvedSessionOptions {
  strategy: "cookie" | "jwt" | "database";
  maxAge: number | Date;
  updateAge: number;
  generateSessionToken: () => string;
  seal: (params: JWTEncodeParams) => Awaitable<string>;
  unseal: (params: JWTDecodeParams) => Awaitable<JWT | null>;
  /** True when seal/unseal are Foyer's own (lets the session reader skip work it knows is not needed). */
  defaultCodec: boolean;
}

export type ResolvedCallbacks = Required<Omit<CallbacksOptions, "authorized">> & Pick<CallbacksOptions, "authorized">;

export interface NormalizedConfig {
  basePath: string;
  secret: string[];
  /** The secrets joined as Auth.js does for CSRF hashes (`String(array)`). */
  csrfSecret: string;
  trustHost: boolean;
  /** `AUTH_URL` (or `NEXTAUTH_URL`) origin, which wins over the request's. */
  envOrigin?: string;
  /** Which request hosts are answered, and which may carry e-mailed links (`allowedHosts`). */
  hosts: HostPolicy;
  providers: InternalProvider[];
  providerById: Map<string, InternalProvider>;
  session: ResolvedSessionOptions;
  /** Lifetime of session tokens: `jwt.maxAge`, else `session.maxAge`. */
  tokenMaxAge: number | Date;
  callbacks: ResolvedCallbacks;
  /** True when the jwt callback is the default one (the token is never changed by it). */
  defaultJwtCallback: boolean;
  events: Required<EventCallbacks>;
  logger: LoggerInstance;
  pages: PagesOptions;
  theme: ResolvedTheme;
  /** Providers as the sign-in page shows them. */
  pageProviders: PageProvider[];
  /** The built-in pages' complete stylesheet: Foyer's CSS, the theme and the provider buttons. */
  pageCss: string;
  /** Forced page locale (`locale` option). */
  locale?: string;
  /** Per-locale message overrides (`messages` option). */
  messages?: Record<string, MessageOverrides>;
  /** Locales pages may be shown in: Foyer's plus any the app adds through `messages`. */
  availableLocales: readonly string[];
  /** The adapter, wrapped: calls logged at debug level, failures re-thrown as `AdapterError`. */
  adapter?: Adapter;
  /** `redirectProxyUrl` (config or `AUTH_REDIRECT_PROXY_URL`). */
  redirectProxyUrl?: string;
  /** Origins the redirect proxy may forward to, exactly (no wildcards). */
  redirectProxyAllowedOrigins: string[];
  /** Per-address resend cooldown of e-mail links, for this config. */
  emailCooldown: ResendCooldown;
  /** The adapter stores Foyer's session metadata (it has `listSessions`). */
  sessionMetadata: boolean;
  /** Header overrides for the built-in pages (`pageHeaders` option; `null` removes a header). */
  pageHeaders?: Record<string, string | null>;
  useSecureCookies?: boolean;
  cookies: { secure: CookiesOptions; plain: CookiesOptions };
  skipCSRFCheck: boolean;
  raw: boolean;
  maxBodySize: number;
  /** The first validation failure, if any. Every request is answered with it. */
  error?: AuthError;
}

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

  const secret = secretList(config.secret).filter((s) => typeof s === "string" && s !== "");
  const providers = error ? [] : resolveProviders(config);
  // Auth.js needs this flag for WebAuthn; Foyer accepts it and says it is not needed.
  if (config.experimental?.enableWebAuthn && providers.some((p) => p.type === "webauthn")) logger.warn("experimental-webauthn");
  const session = resolveSession(config, logger);
  const callbacks: ResolvedCallbacks = {
    signIn: config.callbacks?.signIn ?? (() => true),
    redirect: config.callbacks?.redirect ?? defaultRedirect,
    session: config.callbacks?.session ?? defaultSessionCallback,
    jwt: config.callbacks?.jwt ?? ((params) => params.token),
    authorized: config.callbacks?.authorized,
  };

  const envOrigin = originOf(env.AUTH_URL ?? env.NEXTAUTH_URL);
  const hosts = buildHostPolicy({
    allowedHosts: config.allowedHosts,
    fixedOrigin: envOrigin !== undefined,
    production: env.NODE_ENV === "production",
    // Trust nobody declared: the app configured nothing and runs outside production.
    trustInferred: userConfig.trustHost === undefined && envHostTrust(env) === "development",
  });
  const normalized: NormalizedConfig = {
    basePath: normalizeBasePath(config.basePath ?? "/auth"),
    secret,
    csrfSecret: String(config.secret ?? ""),
    trustHost: Boolean(config.trustHost),
    envOrigin,
    hosts: hosts instanceof InvalidConfiguration ? NO_HOSTS : hosts,
    providers,
    providerById: new Map(providers.map((p) => [p.id, p])),
    session,
    tokenMaxAge: config.jwt?.maxAge ?? session.maxAge,
    callbacks,
    defaultJwtCallback: !config.callbacks?.jwt,
    events: wrapEvents(config.events ?? {}, logger),
    logger,
    pages: config.pages ?? {},
    theme: { colorScheme: "auto" },
    pageProviders: [],
    pageCss: PAGE_CSS,
    locale: config.locale,
    messages: config.messages,
    availableLocales: [...new Set([...SUPPORTED_LOCALES, ...Object.keys(config.messages ?? {})])],
    pageHeaders: config.pageHeaders,
    adapter: config.adapter ? wrapAdapter(config.adapter, logger) : undefined,
    sessionMetadata: typeof config.adapter?.listSessions === "function",
    emailCooldown: new ResendCooldown(),
    redirectProxyUrl: config.redirectProxyUrl,
    redirectProxyAllowedOrigins: (config.redirectProxyAllowedOrigins ?? []).flatMap((origin) => {
      try {
        return [new URL(origin).origin];
      } catch {
        return [];
      }
    }),
    useSecureCookies: config.useSecureCookies,
    cookies: { secure: resolveCookies(true, config.cookies), plain: resolveCookies(false, config.cookies) },
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheckMarker,
    raw: config.raw === rawMarker,
    maxBodySize: config.maxBodySize ?? DEFAULT_MAX_BODY_SIZE,
  };
  const emailProvider = providers.some((provider) => provider.type === "email");
  if (emailProvider && !(hosts instanceof InvalidConfiguration) && hosts.production && !hosts.fixedOrigin && hosts.exact.size === 0) logger.warn("email-links-need-host");
  normalized.error = error ?? validate(normalized, config) ?? (hosts instanceof InvalidConfiguration ? hosts : undefined) ?? preparePages(normalized, config);
  return normalized;
}

/** Validates the theme and provider styles and builds the pages' stylesheet once. */
function preparePages(normalized: NormalizedConfig, config: AuthConfig): AuthError | undefined {
  try {
    normalized.theme = resolveTheme(config.theme);
    const pages = preparePageProviders(normalized.providers);
    normalized.pageProviders = pages.providers;
    const themeCss = themeDeclarations(normalized.theme);
    normalized.pageCss = PAGE_CSS + (themeCss ? `:root{${themeCss}}` : "") + pages.css;
    if (config.locale !== undefined && (typeof config.locale !== "string" || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(config.locale))) {
      throw new InvalidConfiguration(`locale must be a language tag such as "de" or "pt-BR"; got ${JSON.stringify(config.locale)}.`);
    }
    for (const tag of Object.keys(config.messages ?? {})) {
      if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) throw new InvalidConfiguration(`messages keys must be language tags; got ${JSON.stringify(tag)}.`);
    }
    return undefined;
  } catch (error) {
    return error instanceof AuthError ? error : new InvalidConfiguration("Could not prepare the built-in pages", error as Error);
  }
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

function resolveProviders(config: AuthConfig): InternalProvider[] {
  return config.providers.map((provider) => {
    const instance = (typeof provider === "function" ? provider() : provider) as CommonProviderOptions;
    const { options, ...defaults } = instance ?? ({} as CommonProviderOptions);
    return deepMerge(defaults, options ?? {}) as InternalProvider;
  });
}

/** Merges plain objects recursively; the second argument wins; arrays and functions are replaced. */
function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const existing = out[key];
    out[key] = isMergeable(existing) && isMergeable(value) ? deepMerge(existing, value) : value;
  }
  return out;
}

function isMergeable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function resolveSession(config: AuthConfig, logger: LoggerInstance): ResolvedSessionOptions {
  const options = config.session ?? {};
  const legacyEncode = config.jwt?.encode;
  const legacyDecode = config.jwt?.decode;
  if ((legacyEncode || legacyDecode) && !options.seal && !options.unseal) logger.warn("jwt-option-deprecated");
  const seal = options.seal ?? legacyEncode ?? encode;
  const unseal = options.unseal ?? legacyDecode ?? decode;
  return {
    strategy: options.strategy ?? (config.adapter ? "database" : "cookie"),
    maxAge: options.maxAge ?? DEFAULT_MAX_AGE,
    updateAge: options.updateAge ?? 24 * 60 * 60,
    // 256 bits from the CSPRNG (Auth.js: a UUID, 122 random bits; ASVS V7.2.3 asks for ≥ 128).
    generateSessionToken: options.generateSessionToken ?? (() => Buffer.from(cryptoBackend.randomBytes(32)).toString("base64url")),
    seal,
    unseal,
    defaultCodec: seal === encode && unseal === decode,
  };
}

/** The session callback's default: name, email and image of the user, the expiry, and a refresh `error`. */
function defaultSessionCallback({ session }: { session: Session }): Session {
  const user = session.user ?? {};
  const expires = session.expires as unknown;
  const out: Session = {
    user: { name: user.name, email: user.email, image: user.image },
    expires: expires instanceof Date ? expires.toISOString() : (session.expires as string),
  };
  if (session.error === "RefreshTokenError") out.error = session.error;
  return out;
}

/** Events are awaited, and a throwing handler is logged as `EventError` without breaking the flow. */
function wrapEvents(events: EventCallbacks, logger: LoggerInstance): Required<EventCallbacks> {
  const names = ["signIn", "signOut", "createUser", "updateUser", "linkAccount", "session"] as const;
  const wrapped = {} as Record<(typeof names)[number], (message: any) => Promise<void>>;
  for (const name of names) {
    const handler = events[name] as ((message: unknown) => unknown) | undefined;
    wrapped[name] = async (message: unknown) => {
      if (!handler) return;
      try {
        await handler(message);
      } catch (error) {
        logger.error(new EventError(`The ${name} event handler threw`, error as Error));
      }
    };
  }
  return wrapped as Required<EventCallbacks>;
}

const LOG_LEVELS = new Set<LogLevel>(["error", "warn", "verbose", "silent"]);
const STRATEGIES = new Set(["cookie", "jwt", "database"]);

/** Checks what does not depend on the request. The first failure wins. */
function validate(config: NormalizedConfig, source: AuthConfig): AuthError | undefined {
  if (config.secret.length === 0) {
    return new MissingSecret(
      "No secret is configured. Set the AUTH_SECRET environment variable (32+ random characters, e.g. from `openssl rand -base64 33`) or pass `secret` in the config.",
    );
  }
  if (!config.basePath.startsWith("/")) {
    return new InvalidConfiguration(`basePath must start with "/"; got ${JSON.stringify(source.basePath)}.`);
  }
  if (source.logLevel !== undefined && !LOG_LEVELS.has(source.logLevel)) {
    return new InvalidConfiguration(`logLevel must be one of error, warn, verbose, silent; got ${JSON.stringify(source.logLevel)}.`);
  }
  if (config.providers.length === 0) {
    return new InvalidConfiguration("`providers` must list at least one provider, e.g. `providers: [Credentials({ … })]`.");
  }
  const seen = new Set<string>();
  for (const provider of config.providers) {
    if (typeof provider.id !== "string" || provider.id === "" || /[/?#\s]/.test(provider.id)) {
      return new InvalidProvider(`Every provider needs an \`id\` usable in a URL path; got ${JSON.stringify(provider.id)}.`);
    }
    if (seen.has(provider.id)) {
      return new InvalidProvider(`Two providers have the id "${provider.id}". Give one of them another \`id\`.`);
    }
    seen.add(provider.id);
    if (!PROVIDER_TYPES.has(provider.type)) {
      return new InvalidProvider(
        `Provider "${provider.id}" has type ${JSON.stringify(provider.type)}; the type must be one of ${[...PROVIDER_TYPES].join(", ")}.`,
      );
    }
    if ((provider.type === "oauth" || provider.type === "oidc") && !provider.issuer) {
      for (const key of ["authorization", "token", "userinfo"]) {
        const endpoint = provider[key] as unknown;
        const url = typeof endpoint === "string" ? endpoint : (endpoint as { url?: unknown } | undefined)?.url;
        if (!url) {
          return new InvalidEndpoints(
            `Provider "${provider.id}" is missing both \`issuer\` and \`${key}\` endpoint config. At least one of them is required.`,
          );
        }
      }
    }
    const refreshError = refreshTokensError(provider);
    if (refreshError) return refreshError;
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(
        `Credentials provider "${provider.id}" has no authorize() function. Add \`authorize(credentials) { … return user or null }\` to its options.`,
      );
    }
  }
  const webauthnError = webauthnConfigError(config.providers);
  if (webauthnError) return webauthnError;
  const needsAdapter = config.providers.find((p) => p.type === "email" || p.type === "webauthn");
  if (needsAdapter && !source.adapter) {
    return new MissingAdapter(
      needsAdapter.type === "email" ? "Email login requires an adapter. Add `adapter` to the config." : "WebAuthn requires an adapter. Add `adapter` to the config.",
    );
  }
  const session = source.session ?? {};
  if (!STRATEGIES.has(config.session.strategy)) {
    return new InvalidConfiguration(`session.strategy must be "cookie", "jwt" or "database"; got ${JSON.stringify(session.strategy)}.`);
  }
  if (config.session.strategy === "database" && !source.adapter) {
    return new MissingAdapter("Database session requires an adapter. Add `adapter` to the config or set session.strategy to \"cookie\".");
  }
  const missing = missingAdapterMethods(config, source);
  if (missing.length) {
    return new MissingAdapterMethods(
      `Required adapter methods were missing: ${missing.join(", ")}. The configured providers and session strategy need them; add them to the adapter.`,
    );
  }
  const refreshing = config.providers.find((p) => p.refreshTokens);
  if (refreshing && config.session.strategy === "database") {
    // Database sessions keep provider tokens only in the account rows, so refreshing them needs these.
    const lacking = REFRESH_METHODS.filter((method) => typeof (source.adapter as Record<string, unknown>)[method] !== "function");
    if (lacking.length) {
      return new MissingAdapterMethods(
        `Provider "${refreshing.id}" has refreshTokens, which with database sessions needs the adapter methods ${lacking.join(", ")} (Foyer's adapters have them). Add them, or use jwt sessions.`,
      );
    }
  }
  const maxAge = config.session.maxAge;
  if (maxAge instanceof Date ? Number.isNaN(maxAge.valueOf()) : !(Number.isFinite(maxAge) && maxAge > 0)) {
    return new InvalidConfiguration(`session.maxAge must be a positive number of seconds or a valid Date; got ${String(maxAge)}.`);
  }
  if (!(Number.isFinite(config.session.updateAge) && config.session.updateAge >= 0)) {
    return new InvalidConfiguration(`session.updateAge must be a number of seconds ≥ 0; got ${String(session.updateAge)}.`);
  }
  for (const [page, value] of Object.entries(config.pages)) {
    if (value !== undefined && (typeof value !== "string" || !isPageUrl(value))) {
      return new InvalidConfiguration(`pages.${page} must be a path starting with "/" or an http(s) URL; got ${JSON.stringify(value)}.`);
    }
  }
  if (!(Number.isInteger(config.maxBodySize) && config.maxBodySize > 0)) {
    return new InvalidConfiguration(`maxBodySize must be a positive whole number of bytes; got ${String(source.maxBodySize)}.`);
  }
  return undefined;
}

/** What refreshing provider tokens in account rows needs (database sessions with `refreshTokens`). */
const REFRESH_METHODS = ["getAccount", "listAccounts", "updateAccountTokens"] as const;

/** `refreshTokens` on a provider: only OAuth/OIDC, and `true`, `false` or `{ leewaySeconds ≥ 0 }`. */
function refreshTokensError(provider: InternalProvider): AuthError | undefined {
  const option = provider.refreshTokens;
  if (option === undefined || option === false) return undefined;
  if (provider.type !== "oauth" && provider.type !== "oidc") {
    return new InvalidProvider(`Provider "${provider.id}" has refreshTokens, but only OAuth and OpenID Connect providers have tokens to refresh.`);
  }
  if (option === true) return undefined;
  const leeway = isMergeable(option) ? option.leewaySeconds : undefined;
  const keysOk = isMergeable(option) && Object.keys(option).every((key) => key === "leewaySeconds");
  if (!keysOk || (leeway !== undefined && !(typeof leeway === "number" && Number.isFinite(leeway) && leeway >= 0))) {
    return new InvalidProvider(
      `Provider "${provider.id}": refreshTokens must be true, false or { leewaySeconds: <seconds ≥ 0> }; got ${JSON.stringify(option)}.`,
    );
  }
  return undefined;
}

/** Methods the configured features need but the adapter lacks (wire §16.1, plus Foyer's credentials-with-database). */
function missingAdapterMethods(config: NormalizedConfig, source: AuthConfig): string[] {
  const adapter = source.adapter;
  if (!adapter) return [];
  const needed = new Set<string>();
  const types = new Set(config.providers.map((p) => p.type));
  if (config.session.strategy === "database") for (const m of REQUIRED_METHODS.database) needed.add(m);
  if (types.has("email")) for (const m of REQUIRED_METHODS.email) needed.add(m);
  if (types.has("webauthn")) for (const m of REQUIRED_METHODS.webauthn) needed.add(m);
  if (types.has("credentials") && config.session.strategy === "database") for (const m of REQUIRED_METHODS.credentialsDatabase) needed.add(m);
  return [...needed].filter((method) => typeof (adapter as Record<string, unknown>)[method] !== "function");
}

function isPageUrl(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export type { Account, User };
