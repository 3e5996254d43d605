/**
 * The normalised configuration: what `normalizeConfig` builds once per config object and every request
 * reads. Everything here is resolved — defaults filled in, providers typed by kind, the adapter wrapped,
 * the pages' stylesheet built — so that no request repeats config-time work or re-checks a shape.
 *
 * Code that needs something new at config time adds a field here and fills it in `normalize.ts`
 * (or in a named step beside it, like `pages.ts`), never by caching on the side. The one exception
 * is what the config's layer may not import: the session strategy's implementations live above it,
 * so `session/strategy.ts` picks one per normalised config.
 */
import type { MessageOverrides } from "../../locales/index.js";
import type { Adapter } from "../adapters/types.js";
import type { AuthError } from "../core/errors.js";
import type { HostPolicy } from "../core/hosts.js";
import type { LoggerInstance } from "../core/logger.js";
import type { PageProvider } from "../pages/providers.js";
import type { ResolvedTheme } from "../pages/theme.js";
import type { CredentialsConfig } from "../providers/credentials.js";
import type { EmailConfig } from "../providers/email.js";
import type { OAuthCheck, OAuthConfig } from "../providers/oauth.js";
import type { WebAuthnConfig } from "../providers/webauthn.js";
import type { Store } from "../stores/types.js";
import type { ResolvedRateLimits } from "./rate-limits.js";
import type {
  Awaitable,
  CallbacksOptions,
  CommonProviderOptions,
  CookiesOptions,
  EventCallbacks,
  JWT,
  JWTDecodeParams,
  JWTEncodeParams,
  PagesOptions,
} from "../types.js";

/**
 * A provider as the app configured it: its factory has run and the user's `options` are merged over
 * the factory's defaults, but nothing is checked yet. The configuration rules and the page
 * preparation read this shape; requests never see it.
 */
export type ConfiguredProvider = CommonProviderOptions;

/**
 * A provider as requests see it: checked by the configuration rules and with every default in
 * place, told apart by `type`. `switch (provider.type)` narrows it to the kind's own config.
 */
export type InternalProvider = OAuthProvider | EmailProvider | CredentialsProvider | WebAuthnProvider;
/** An OAuth 2 (`type: "oauth"`) or OpenID Connect (`type: "oidc"`) provider; `checks` defaults to PKCE and state, plus nonce for OIDC. */
export type OAuthProvider = OAuthConfig & { checks: OAuthCheck[] };
/** An e-mail provider; the link lifetime and the resend cooldown (seconds) are always set. */
export type EmailProvider = EmailConfig & { maxAge: number; resendCooldown: number };
export type CredentialsProvider = CredentialsConfig;
/** A WebAuthn provider; its relying-party and user-info hooks are always set (the defaults when the app gave none). */
export type WebAuthnProvider = WebAuthnConfig;

export interface ResolvedSessionOptions {
  strategy: "cookie" | "jwt" | "database";
  maxAge: number | Date;
  updateAge: number;
  generateSessionToken: () => string;
  /** Database session rows are keyed by the token itself (as Auth.js), not by its SHA-256 (`session.storeRawTokens`). */
  storeRawTokens: boolean;
  seal: (params: JWTEncodeParams) => Awaitable<string>;
  unseal: (params: JWTDecodeParams) => Awaitable<JWT | null>;
  /** True when seal/unseal are Foyer's own (lets the session reader skip work it knows is not needed). */
  defaultCodec: boolean;
  /** `session.absoluteMaxAge` in seconds, when set. */
  absoluteMaxAge?: number;
  /** `session.cache.maxAge` in seconds, when the database session cache is on. */
  cacheMaxAge?: number;
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
  /** The providers, typed by kind with their defaults resolved (empty when the config failed). */
  providers: InternalProvider[];
  providerById: Map<string, InternalProvider>;
  session: ResolvedSessionOptions;
  /** Lifetime of session tokens: `jwt.maxAge`, else `session.maxAge`. */
  tokenMaxAge: number | Date;
  callbacks: ResolvedCallbacks;
  /** True when the jwt callback is the default one (the token is never changed by it). */
  defaultJwtCallback: boolean;
  events: Required<EventCallbacks>;
  /** `account`, resolved: whether users may delete their account, and within how many seconds of signing in. */
  account: { deletion: boolean; recentSignIn: number };
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
  /**
   * The shared store (`store` option, else a `memoryStore()` of this config's own), wrapped: its
   * failures are `StoreError`s, logged once per outage.
   */
  store: Store;
  /** `rateLimits`, resolved; `undefined` when nothing is limited (the default outside production). */
  rateLimits?: ResolvedRateLimits;
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
