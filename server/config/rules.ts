/**
 * The configuration rules: what must hold of a config before any request is answered, each a small
 * named check that returns the error to answer with, or nothing. They run in the order listed and the
 * first failure wins. Where Auth.js checks the same thing, the rule comes in Auth.js's order and its
 * error carries Auth.js's message, with what to change in `cause.detail` (core/authjs-wording.ts);
 * Foyer's own rules say what to change in the message.
 */
import { HASHED_SESSION_KEY, REQUIRED_METHODS } from "../adapters/wrap.js";
import { AUTHJS_TEXT, authjsError } from "../core/authjs-wording.js";
import {
  type AuthError,
  InvalidConfiguration,
  InvalidEndpoints,
  InvalidProvider,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
} from "../core/errors.js";
import type { LogLevel } from "../core/logger.js";
import type { AuthConfig } from "../types.js";
import { isPlainObject } from "./providers.js";
import type { ConfiguredProvider, NormalizedConfig } from "./types.js";
import { webauthnProviderError } from "./webauthn-rules.js";

/** What a rule reads: the normalised config, the providers as configured, and the config as written. */
export interface RuleInput {
  config: NormalizedConfig;
  providers: readonly ConfiguredProvider[];
  source: AuthConfig;
}

export type ConfigRule = (input: RuleInput) => AuthError | undefined;
/** A rule about one provider; `index` is its place in the list. */
export type ProviderRule = (provider: ConfiguredProvider, index: number, providers: readonly ConfiguredProvider[]) => AuthError | undefined;

/** Provider kinds Foyer knows. Which of them can complete a sign-in is decided by the actions. */
const PROVIDER_TYPES = new Set(["oauth", "oidc", "email", "credentials", "webauthn"]);
const LOG_LEVELS = new Set<LogLevel>(["error", "warn", "verbose", "silent"]);
const STRATEGIES = new Set(["cookie", "jwt", "database"]);
/** What refreshing provider tokens in account rows needs (database sessions with `refreshTokens`). */
const REFRESH_METHODS = ["getAccount", "listAccounts", "updateAccountTokens"] as const;
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

const secretIsSet: ConfigRule = ({ config }) =>
  config.secret.length === 0
    ? authjsError(
        MissingSecret,
        AUTHJS_TEXT.missingSecret,
        "No secret is configured. Set the AUTH_SECRET environment variable — `npx foyer-auth secret` prints a fresh one, `npx foyer-auth secret -f .env` adds it to .env — or pass `secret` in the config.",
      )
    : undefined;

const basePathIsAbsolute: ConfigRule = ({ config, source }) =>
  config.basePath.startsWith("/") ? undefined : new InvalidConfiguration(`basePath must start with "/"; got ${JSON.stringify(source.basePath)}.`);

const logLevelIsKnown: ConfigRule = ({ source }) =>
  source.logLevel === undefined || LOG_LEVELS.has(source.logLevel)
    ? undefined
    : new InvalidConfiguration(`logLevel must be one of error, warn, verbose, silent; got ${JSON.stringify(source.logLevel)}.`);

const idIsUsableInPath: ProviderRule = (provider) =>
  typeof provider.id !== "string" || provider.id === "" || /[/?#\s]/.test(provider.id)
    ? new InvalidProvider(`Every provider needs an \`id\` usable in a URL path; got ${JSON.stringify(provider.id)}.`)
    : undefined;

const idIsUnique: ProviderRule = (provider, index, providers) =>
  providers.findIndex((other) => other.id === provider.id) < index
    ? new InvalidProvider(`Two providers have the id "${provider.id}". Give one of them another \`id\`.`)
    : undefined;

const typeIsKnown: ProviderRule = (provider) =>
  PROVIDER_TYPES.has(provider.type)
    ? undefined
    : new InvalidProvider(`Provider "${provider.id}" has type ${JSON.stringify(provider.type)}; the type must be one of ${[...PROVIDER_TYPES].join(", ")}.`);

/** OAuth/OIDC: an issuer to discover the endpoints from, or all three endpoints. */
const oauthHasEndpoints: ProviderRule = (provider) => {
  if ((provider.type !== "oauth" && provider.type !== "oidc") || provider.issuer) return undefined;
  for (const key of ["authorization", "token", "userinfo"]) {
    const endpoint = provider[key];
    const url = typeof endpoint === "string" ? endpoint : (endpoint as { url?: unknown } | undefined)?.url;
    if (!url) {
      const detail = `Give provider "${provider.id}" an \`issuer\` (OpenID Connect discovery), or all three of \`authorization\`, \`token\` and \`userinfo\`.`;
      return authjsError(InvalidEndpoints, AUTHJS_TEXT.invalidEndpoints(String(provider.id), key), detail);
    }
  }
  return undefined;
};

/** `refreshTokens` on a provider: only OAuth/OIDC, and `true`, `false` or `{ leewaySeconds ≥ 0 }`. */
const refreshTokensIsValid: ProviderRule = (provider) => {
  const option = provider.refreshTokens;
  if (option === undefined || option === false) return undefined;
  if (provider.type !== "oauth" && provider.type !== "oidc") {
    return new InvalidProvider(`Provider "${provider.id}" has refreshTokens, but only OAuth and OpenID Connect providers have tokens to refresh.`);
  }
  if (option === true) return undefined;
  const leeway = isPlainObject(option) ? option.leewaySeconds : undefined;
  const keysOk = isPlainObject(option) && Object.keys(option).every((key) => key === "leewaySeconds");
  if (!keysOk || (leeway !== undefined && !(typeof leeway === "number" && Number.isFinite(leeway) && leeway >= 0))) {
    return new InvalidProvider(
      `Provider "${provider.id}": refreshTokens must be true, false or { leewaySeconds: <seconds ≥ 0> }; got ${JSON.stringify(option)}.`,
    );
  }
  return undefined;
};

/** Checked per provider, in this order, before moving to the next provider (Auth.js checks endpoints and WebAuthn so). */
const PROVIDER_RULES: readonly ProviderRule[] = [idIsUsableInPath, idIsUnique, typeIsKnown, oauthHasEndpoints, webauthnProviderError, refreshTokensIsValid];

const everyProviderIsValid: ConfigRule = ({ providers }) => {
  for (const [index, provider] of providers.entries()) {
    for (const rule of PROVIDER_RULES) {
      const error = rule(provider, index, providers);
      if (error) return error;
    }
  }
  return undefined;
};

/** After every provider's own rules, as Auth.js checks it. */
const credentialsHaveAuthorize: ConfigRule = ({ providers }) => {
  const provider = providers.find((p) => p.type === "credentials" && typeof p.authorize !== "function");
  if (!provider) return undefined;
  const detail = `Credentials provider "${provider.id}" has no authorize() function. Add \`authorize(credentials) { … return user or null }\` to its options.`;
  return authjsError(MissingAuthorize, AUTHJS_TEXT.missingAuthorize, detail);
};

const emailHasAdapter: ConfigRule = ({ providers, source }) =>
  providers.some((p) => p.type === "email") && !source.adapter
    ? authjsError(MissingAdapter, AUTHJS_TEXT.emailNeedsAdapter, "Add `adapter` to the config: e-mail sign-in stores its verification tokens there.")
    : undefined;

const webauthnHasAdapter: ConfigRule = ({ providers, source }) =>
  providers.some((p) => p.type === "webauthn") && !source.adapter
    ? authjsError(MissingAdapter, AUTHJS_TEXT.webauthnNeedsAdapter, "Add `adapter` to the config: passkeys are stored there.")
    : undefined;

const sessionStrategyIsKnown: ConfigRule = ({ config, source }) =>
  STRATEGIES.has(config.session.strategy)
    ? undefined
    : new InvalidConfiguration(`session.strategy must be "cookie", "jwt" or "database"; got ${JSON.stringify(source.session?.strategy)}.`);

const databaseSessionHasAdapter: ConfigRule = ({ config, source }) =>
  config.session.strategy === "database" && !source.adapter
    ? authjsError(MissingAdapter, AUTHJS_TEXT.databaseNeedsAdapter, 'Add `adapter` to the config, or set session.strategy to "cookie".')
    : undefined;

/** The adapter has the methods the configured providers and session strategy call. */
const adapterHasRequiredMethods: ConfigRule = ({ config, providers, source }) => {
  const adapter = source.adapter as Record<string, unknown> | undefined;
  if (!adapter) return undefined;
  const needed = new Set<string>();
  const types = new Set(providers.map((p) => p.type));
  const database = config.session.strategy === "database";
  if (database) for (const m of REQUIRED_METHODS.database) needed.add(m);
  if (types.has("email")) for (const m of REQUIRED_METHODS.email) needed.add(m);
  if (types.has("webauthn")) for (const m of REQUIRED_METHODS.webauthn) needed.add(m);
  // Foyer's own addition: credentials sign-ins with database sessions.
  if (types.has("credentials") && database) for (const m of REQUIRED_METHODS.credentialsDatabase) needed.add(m);
  const missing = [...needed].filter((method) => typeof adapter[method] !== "function");
  if (missing.length === 0) return undefined;
  return authjsError(
    MissingAdapterMethods,
    AUTHJS_TEXT.missingAdapterMethods(missing),
    "The configured providers and session strategy call these methods; add them to the adapter.",
  );
};

/** Database sessions keep provider tokens only in the account rows, so refreshing them needs these methods. */
const refreshingHasAdapterMethods: ConfigRule = ({ config, providers, source }) => {
  const refreshing = providers.find((p) => p.refreshTokens);
  if (!refreshing || config.session.strategy !== "database") return undefined;
  const lacking = REFRESH_METHODS.filter((method) => typeof (source.adapter as Record<string, unknown>)[method] !== "function");
  if (lacking.length === 0) return undefined;
  return authjsError(
    MissingAdapterMethods,
    AUTHJS_TEXT.missingAdapterMethods(lacking),
    `Provider "${refreshing.id}" has refreshTokens, which with database sessions needs these adapter methods (Foyer's adapters have them). Add them, or use jwt sessions.`,
  );
};

const sessionMaxAgeIsValid: ConfigRule = ({ config }) => {
  const maxAge = config.session.maxAge;
  const valid = maxAge instanceof Date ? !Number.isNaN(maxAge.valueOf()) : Number.isFinite(maxAge) && maxAge > 0;
  return valid ? undefined : new InvalidConfiguration(`session.maxAge must be a positive number of seconds or a valid Date; got ${String(maxAge)}.`);
};

const sessionUpdateAgeIsValid: ConfigRule = ({ config, source }) =>
  Number.isFinite(config.session.updateAge) && config.session.updateAge >= 0
    ? undefined
    : new InvalidConfiguration(`session.updateAge must be a number of seconds ≥ 0; got ${String(source.session?.updateAge)}.`);

/** The longest session cache: a day already makes revocation wait far longer than anyone should. */
const MAX_CACHE_AGE = 24 * 60 * 60;

const absoluteMaxAgeIsValid: ConfigRule = ({ config, source }) => {
  const value = source.session?.absoluteMaxAge;
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    return new InvalidConfiguration(`session.absoluteMaxAge must be a positive number of seconds; got ${String(value)}.`);
  }
  // A database session's limit counts from its row's createdAt, which only metadata adapters store.
  if (config.session.strategy === "database" && source.adapter && !config.sessionMetadata) {
    return new InvalidConfiguration(
      "session.absoluteMaxAge with database sessions needs an adapter that stores session metadata (createdAt; it has listSessions — Foyer's adapters do).",
    );
  }
  return undefined;
};

const sessionCacheIsValid: ConfigRule = ({ config, source }) => {
  const cache = source.session?.cache;
  if (cache === undefined) return undefined;
  const maxAge = (cache as { maxAge?: unknown } | null)?.maxAge;
  if (typeof maxAge !== "number" || !Number.isFinite(maxAge) || maxAge <= 0 || maxAge > MAX_CACHE_AGE) {
    return new InvalidConfiguration(`session.cache.maxAge must be a number of seconds above 0 and at most ${MAX_CACHE_AGE}; got ${String(maxAge)}.`);
  }
  if (config.session.strategy !== "database") {
    return new InvalidConfiguration("session.cache caches database sessions; cookie and jwt sessions need no cache. Remove it, or use the database strategy.");
  }
  return undefined;
};

const storeRawTokensIsBoolean: ConfigRule = ({ source }) => {
  const value = source.session?.storeRawTokens;
  return value === undefined || typeof value === "boolean"
    ? undefined
    : new InvalidConfiguration(`session.storeRawTokens must be true or false; got ${JSON.stringify(value)}.`);
};

/**
 * With raw keys, a token must not look like a hashed key: lookups refuse such tokens, so that a hash
 * read from the database cannot be presented as a cookie (`session/stored-key.ts`). The generator is
 * called once here to see what it makes.
 */
const rawTokensAreNotHashShaped: ConfigRule = ({ config }) => {
  const { strategy, storeRawTokens, generateSessionToken } = config.session;
  if (strategy !== "database" || !storeRawTokens) return undefined;
  let sample: unknown;
  try {
    sample = generateSessionToken();
  } catch (error) {
    return new InvalidConfiguration("session.generateSessionToken threw", error as Error);
  }
  if (typeof sample === "string" && sample !== "" && !HASHED_SESSION_KEY.test(sample)) return undefined;
  return new InvalidConfiguration(
    "session.storeRawTokens needs session tokens that cannot be taken for a stored SHA-256 key: session.generateSessionToken must return a non-empty string other than 64 lowercase hex characters (base64url or a UUID, for example).",
  );
};

const pagesAreUrls: ConfigRule = ({ config }) => {
  for (const [page, value] of Object.entries(config.pages)) {
    if (value !== undefined && (typeof value !== "string" || !isPageUrl(value))) {
      return new InvalidConfiguration(`pages.${page} must be a path starting with "/" or an http(s) URL; got ${JSON.stringify(value)}.`);
    }
  }
  return undefined;
};

const maxBodySizeIsValid: ConfigRule = ({ config, source }) =>
  Number.isInteger(config.maxBodySize) && config.maxBodySize > 0
    ? undefined
    : new InvalidConfiguration(`maxBodySize must be a positive whole number of bytes; got ${String(source.maxBodySize)}.`);

const STORE_METHODS = ["get", "set", "delete", "getAndDelete", "increment", "claim", "release"] as const;

/** `store`, when given, has every method of a shared store (docs/stores.md). */
const storeIsValid: ConfigRule = ({ source }) => {
  if (source.store === undefined) return undefined;
  const store = source.store as unknown as Record<string, unknown> | null;
  const missing = typeof store === "object" && store !== null ? STORE_METHODS.filter((method) => typeof store[method] !== "function") : [...STORE_METHODS];
  return missing.length === 0
    ? undefined
    : new InvalidConfiguration(`store must be a shared store such as memoryStore() or redisStore({ url }); it lacks ${missing.join(", ")}.`);
};

/**
 * The rules that depend on neither the request nor the pages, in the order they are checked: Auth.js's
 * order where it has the rule (secret; each provider's endpoints and WebAuthn settings; `authorize`;
 * the adapter for e-mail, database sessions, WebAuthn; the adapter's methods). `auth.ts` checks host
 * trust before these and the callback URL right after the secret, as Auth.js does.
 */
export const CONFIG_RULES: readonly ConfigRule[] = [
  secretIsSet,
  basePathIsAbsolute,
  logLevelIsKnown,
  everyProviderIsValid,
  credentialsHaveAuthorize,
  emailHasAdapter,
  sessionStrategyIsKnown,
  databaseSessionHasAdapter,
  webauthnHasAdapter,
  adapterHasRequiredMethods,
  refreshingHasAdapterMethods,
  sessionMaxAgeIsValid,
  sessionUpdateAgeIsValid,
  absoluteMaxAgeIsValid,
  sessionCacheIsValid,
  storeRawTokensIsBoolean,
  rawTokensAreNotHashShaped,
  pagesAreUrls,
  maxBodySizeIsValid,
  storeIsValid,
];

const localeIsLanguageTag: ConfigRule = ({ source }) =>
  source.locale === undefined || (typeof source.locale === "string" && LANGUAGE_TAG.test(source.locale))
    ? undefined
    : new InvalidConfiguration(`locale must be a language tag such as "de" or "pt-BR"; got ${JSON.stringify(source.locale)}.`);

const messageKeysAreLanguageTags: ConfigRule = ({ source }) => {
  for (const tag of Object.keys(source.messages ?? {})) {
    if (!LANGUAGE_TAG.test(tag)) return new InvalidConfiguration(`messages keys must be language tags; got ${JSON.stringify(tag)}.`);
  }
  return undefined;
};

/** The rules about the pages' language, checked after the pages are prepared. */
export const LOCALE_RULES: readonly ConfigRule[] = [localeIsLanguageTag, messageKeysAreLanguageTags];

/** The first error of `rules` for `input`, if any. */
export function firstError(rules: readonly ConfigRule[], input: RuleInput): AuthError | undefined {
  for (const rule of rules) {
    const error = rule(input);
    if (error) return error;
  }
  return undefined;
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
