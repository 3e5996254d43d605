/**
 * Public types of Foyer. The shapes follow Auth.js v5 so that configs, callbacks and adapters
 * written for Auth.js type-check against Foyer unchanged.
 *
 * `Session`, `User`, `JWT` and `Account` are interfaces on purpose: applications extend them with
 * `declare module "foyer-auth" { interface Session { … } }`, exactly as they do with Auth.js.
 */
import type { CookieSerializeOptions } from "./cookies/serialize.js";
import type { LoggerInstance, LogLevel } from "./core/logger.js";
import type { raw, skipCSRFCheck } from "./core/markers.js";
import type { MessageOverrides } from "../locales/types.js";

export type { MessageKey, MessageOverrides, Messages } from "../locales/types.js";
import type { Adapter, AdapterSession, AdapterUser } from "./adapters/types.js";
import type { Store } from "./stores/types.js";

export type { CookieSerializeOptions, LoggerInstance, LogLevel, Store };

/** The nine actions of the Auth.js wire protocol. `isAuthAction` is true for exactly these. */
export type AuthAction = "callback" | "csrf" | "error" | "providers" | "session" | "signin" | "signout" | "verify-request" | "webauthn-options";

export type Awaitable<T> = T | PromiseLike<T>;

/** The kinds of provider. Foyer understands each kind through one handler in `server/actions`. */
export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn";

/** The user as returned by a provider's profile mapping or a credentials `authorize` callback. */
export interface User {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** What `GET {basePath}/session` returns to the client (after the session callback). */
export interface DefaultSession {
  user?: User;
  /** ISO-8601 expiry of the session. */
  expires: string;
  /**
   * `"RefreshTokenError"`: a provider with `refreshTokens` could not refresh the expired access
   * token (revoked or missing refresh token, provider unreachable). The user is still signed in, but
   * the provider's access token has expired: send them through sign-in again.
   */
  error?: "RefreshTokenError";
}

/** The session exposed to clients. Extend it with module augmentation. */
export interface Session extends DefaultSession {}

/**
 * What the `session` callback gets as `session` with database sessions: the stored session merged with
 * its user (`{ ...session, user }`, as Auth.js passes it), `expires` the stored expiry as a `Date`. It
 * has no `sessionToken`: Auth.js passes the raw token there, Foyer leaves it out.
 */
export type DatabaseCallbackSession = Omit<AdapterSession, "sessionToken"> & {
  user: AdapterUser;
  /** As in {@link DefaultSession}: set when a provider's access token could not be refreshed. */
  error?: "RefreshTokenError";
};

/** Claims Foyer itself puts in a session token. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  iat?: number;
  exp?: number;
  jti?: string;
  /**
   * `"RefreshTokenError"` while the access token of a provider with `refreshTokens` has expired and
   * refreshing it failed. Such sessions also carry `provider`, `providerAccountId`, `access_token`,
   * `expires_at` (seconds) and `refresh_token` — left untyped here so that an app's own declarations
   * of them (as in Auth.js's refresh guide) still merge; see docs/providers.md.
   */
  error?: "RefreshTokenError";
}

/** The payload of a session token. Extend it with module augmentation. */
export interface JWT extends DefaultJWT {}

/** The provider account a user signed in with (token set included for OAuth). */
export interface Account {
  provider: string;
  providerAccountId: string;
  type: ProviderType;
  userId?: string;
  access_token?: string;
  expires_in?: number;
  expires_at?: number;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  token_type?: Lowercase<string>;
  authorization_details?: unknown[];
  session_state?: string | null;
  [key: string]: unknown;
}

/** A user profile returned by an OAuth or OIDC provider. */
export interface Profile {
  sub?: string | null;
  name?: string | null;
  email?: string | null;
  image?: string | null;
  [claim: string]: unknown;
}

/** Parameters of `encode` / `session.seal`. */
export interface JWTEncodeParams<Payload = JWT> {
  /** The payload to seal. */
  token?: Payload;
  /** The secret(s); the first one seals. */
  secret: string | string[];
  /** Key-derivation salt: the cookie name the token lives in. */
  salt: string;
  /** Lifetime in seconds (default 30 days). */
  maxAge?: number;
}

/** Parameters of `decode` / `session.unseal`. */
export interface JWTDecodeParams {
  token?: string;
  secret: string | string[];
  salt: string;
}

/** The deprecated `jwt` option of Auth.js. Use `session.seal` / `session.unseal` instead. */
export interface JWTOptions {
  secret?: string | string[];
  maxAge?: number;
  /** @deprecated Use `session.seal`. */
  encode?: (params: JWTEncodeParams) => Awaitable<string>;
  /** @deprecated Use `session.unseal`. */
  decode?: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}

export type SessionStrategy = "cookie" | "jwt" | "database";

/** The `session` option. */
export interface SessionOptions {
  /** `cookie` (default without an adapter) and `jwt` behave identically: an encrypted cookie. */
  strategy?: SessionStrategy;
  /** Relative lifetime in seconds (sliding), or an absolute `Date` (never extended). Default 30 days. */
  maxAge?: number | Date;
  /** Re-seal a cookie session at most once per this many seconds. `0` re-seals on every read. Default 1 day. */
  updateAge?: number;
  /** Generates database session tokens (used by the database strategy). */
  generateSessionToken?: () => string;
  /**
   * *(Foyer)* Database sessions: key session rows by the token itself, as Auth.js does, instead of by
   * its SHA-256. Default `false`. Turn it on only while Auth.js and Foyer share the sessions table — a
   * rollout, or a way back — so that each can read, extend and end the other's sessions; Foyer then
   * also re-keys hashed rows to raw ones as they are read. It is weaker: whoever can read the table
   * holds live sessions, so Foyer logs the warning `session-raw-tokens`. Turned off again, rows are
   * re-keyed to their hash as they are read. Needs tokens that are not 64 lowercase hex characters.
   * See docs/compatibility.md#rolling-out-over-database-sessions.
   */
  storeRawTokens?: boolean;
  /** Seals a session token. Default: JWE `dir` + A256CBC-HS512, wire-compatible with Auth.js. */
  seal?: (params: JWTEncodeParams) => Awaitable<string>;
  /** Unseals a session token, trying the secrets first to last. Return `null` (or throw) for a bad token. */
  unseal?: (params: JWTDecodeParams) => Awaitable<JWT | null>;
  /**
   * *(Foyer)* The longest a session lives after its sign-in, in seconds, however often it is used:
   * `maxAge` slides with every use, this does not. Cookie sessions (`jwt`, `cookie`) carry the sign-in
   * time in the token (`foyer_auth_time`), kept through every refresh; database sessions count from
   * the row's `createdAt`, so they need an adapter that stores Foyer's session metadata (Foyer's
   * adapters do). After it the session is over and the user signs in again. Default: none.
   * See docs/sessions.md#absolute-lifetime.
   */
  absoluteMaxAge?: number;
  /**
   * *(Foyer)* Database sessions: keep the session and its user in a short-lived encrypted cookie
   * (`foyer.session-cache`, which Auth.js ignores) so that reads within `cache.maxAge` seconds skip the
   * database. The trade-off: a session revoked or signed out elsewhere (another instance, another
   * browser, `revokeUserSessions`) is still accepted from a cache cookie written before, for at most
   * `cache.maxAge` seconds; sign-out in the same browser clears the cookie at once. Keep it short
   * (a minute or a few). Default: off. See docs/sessions.md#session-cache.
   */
  cache?: SessionCacheOptions;
}

/** *(Foyer)* The database session cache (`session.cache`). */
export interface SessionCacheOptions {
  /** How long a cached session is used without asking the database, in seconds (at most 1 day). */
  maxAge: number;
}

/** One cookie's configuration. */
export interface CookieOption {
  name: string;
  options: CookieSerializeOptions;
}

/** Every cookie Foyer sets, by key. Keys match Auth.js's `cookies` option. */
export interface CookiesOptions {
  sessionToken: CookieOption;
  callbackUrl: CookieOption;
  csrfToken: CookieOption;
  pkceCodeVerifier: CookieOption;
  state: CookieOption;
  nonce: CookieOption;
  webauthnChallenge: CookieOption;
}

export type PartialCookiesOptions = { [K in keyof CookiesOptions]?: Partial<CookieOption> };

/** A cookie to set, as carried by the internal response. */
export interface Cookie extends CookieOption {
  value: string;
}

/** Built-in page theme. */
export interface Theme {
  colorScheme?: "auto" | "dark" | "light";
  logo?: string;
  brandColor?: string;
  buttonText?: string;
  /**
   * The app's name, shown beside the logo in the brand header of the built-in pages. Plain text, at
   * most 60 characters. A Foyer addition: Auth.js has no such field.
   */
  appName?: string;
}

/** Custom pages that replace the built-in ones. */
export interface PagesOptions {
  signIn?: string;
  signOut?: string;
  error?: string;
  verifyRequest?: string;
  /** New users are sent here on their first sign-in. */
  newUser?: string;
}

/** One input of the credentials form: its label plus any HTML input attribute. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  autocomplete?: string;
  required?: boolean;
  [attribute: string]: unknown;
}

export interface CredentialsConfig<Fields extends Record<string, CredentialInput> = Record<string, CredentialInput>> {
  id: string;
  name: string;
  type: "credentials";
  /** The form's fields, by the name they are posted under. */
  credentials: Fields;
  /**
   * Checks the submitted values. Return the user to sign in, or `null` to refuse with
   * `CredentialsSignin`. Throw a `CredentialsSignin` subclass to refuse with your own `code`.
   * `request` is a web `Request` with the original URL, method and headers and the parsed body as JSON.
   */
  authorize: (credentials: Partial<Record<keyof Fields, unknown>>, request: Request) => Awaitable<User | null>;
  options?: Partial<CredentialsConfig<Fields>>;
  [key: string]: unknown;
}

/** A provider as configured: a data object with its kind, id and a few functions. */
export interface CommonProviderOptions {
  id: string;
  name: string;
  type: ProviderType;
  /** User options given to the provider factory; merged over its defaults. */
  options?: Record<string, unknown>;
  [key: string]: unknown;
}

export type Provider = CommonProviderOptions | CredentialsConfig | ((options?: any) => CommonProviderOptions);

/** The client-safe description of a provider returned by `GET {basePath}/providers`. */
export interface PublicProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
}

export type SignInCallbackResult = boolean | string;

/** Callbacks that control sign-in, redirects and session contents. */
export interface CallbacksOptions {
  signIn?: (params: {
    user: User;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, unknown>;
  }) => Awaitable<SignInCallbackResult>;
  redirect?: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  session?: (params: {
    /**
     * Cookie sessions: the default session (`user` with name, e-mail and image; `expires` an ISO
     * string). Database sessions: the stored session merged with its user ({@link DatabaseCallbackSession}:
     * `userId`, `expires` as a `Date`, `user` with its `id`, any other field the adapter returns),
     * never the stored `sessionToken`. As in Auth.js, the type joins both shapes.
     */
    session: Session & Partial<DatabaseCallbackSession> & Record<string, any>;
    /** Cookie sessions: the decoded token. */
    token: JWT;
    /** Database sessions: the stored user. */
    user?: AdapterUser;
    /** On `trigger: "update"`: the data the client or `unstable_update` sent, untyped as in Auth.js (so `newSession.name` compiles). */
    newSession?: any;
    trigger?: "update";
  }) => Awaitable<Session | DefaultSession | Record<string, unknown>>;
  jwt?: (params: {
    token: JWT;
    user?: User;
    account?: Account | null;
    profile?: Profile;
    trigger?: "signIn" | "signUp" | "update";
    /** @deprecated Use `trigger === "signUp"`. */
    isNewUser?: boolean;
    session?: any;
  }) => Awaitable<JWT | null>;
  authorized?: (params: { auth: Session | null; request: Request }) => unknown;
}

/** Audit hooks. Awaited; a throwing handler is logged and never breaks the flow. */
export interface EventCallbacks {
  signIn?: (message: { user: User; account: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>;
  signOut?: (message: { token: JWT | null } | { session: unknown }) => Awaitable<void>;
  createUser?: (message: { user: User }) => Awaitable<void>;
  updateUser?: (message: { user: User }) => Awaitable<void>;
  linkAccount?: (message: { user: User; account: Account; profile: User | Profile }) => Awaitable<void>;
  session?: (message: { session: Session; token?: JWT }) => Awaitable<void>;
  /**
   * *(Foyer)* A request was refused by a rate limit (`429`, docs/rate-limits.md). `limit` names the
   * route (`credentials`, `email`, `passkey`, `sessionUpdate`), `scope` whether the client address or
   * the identifier (e-mail, username, credential id) ran out; `address` is the counted address group.
   */
  rateLimited?: (message: RateLimitedEvent) => Awaitable<void>;
  /** *(Foyer)* The user changed their name or picture on the account page or `<auth-account>` (docs/account.md). */
  accountUpdated?: (message: { user: User; changes: { name?: string | null; image?: string | null } }) => Awaitable<void>;
  /** *(Foyer)* The user ended sessions from the account area: one (`current` when it was this browser's) or all others. */
  sessionRevoked?: (message: { user: User; count: number; current: boolean }) => Awaitable<void>;
  /** *(Foyer)* The user renamed a passkey (`passkeyId` is its stored credential id). */
  passkeyRenamed?: (message: { user: User; passkeyId: string; name: string }) => Awaitable<void>;
  /** *(Foyer)* The user removed a passkey (`passkeyId` is its stored credential id). */
  passkeyRemoved?: (message: { user: User; passkeyId: string }) => Awaitable<void>;
  /** *(Foyer)* The user disconnected an OAuth/OIDC account from theirs. */
  accountUnlinked?: (message: { user: User; account: { provider: string; providerAccountId: string } }) => Awaitable<void>;
  /** *(Foyer)* The user deleted their account (`account.deletion`); their sessions were ended first. */
  accountDeleted?: (message: { user: User }) => Awaitable<void>;
}

/** *(Foyer)* Options of the account area (docs/account.md). */
export interface AccountOptions {
  /**
   * Let users delete their own account: `true`, or `{ recentSignIn }` with the seconds since sign-in
   * within which the deletion is allowed (default 600). Off by default. Needs database sessions (the
   * sign-in time is the session's creation) and an adapter with `deleteUser`.
   */
  deletion?: boolean | { recentSignIn?: number };
}

/** What the `rateLimited` event is told. The identifier itself is never passed on (it may be an e-mail). */
export interface RateLimitedEvent {
  limit: "credentials" | "email" | "passkey" | "sessionUpdate";
  scope: "address" | "identifier";
  /** The address group counted (`4:203.0.113.7`, or `6:` and the first 64 bits of an IPv6 address in hex), when known. */
  address?: string;
  /** Seconds until the client may try again. */
  retryAfter: number;
}

/** One limit: at most `max` requests per `window` seconds. */
export interface RateLimitRule {
  max: number;
  /** Seconds. */
  window: number;
}

/**
 * The limits of one route: per client address and per identifier (`false` turns one off). Each
 * given rule replaces the default rule whole.
 */
export interface RouteRateLimits {
  perAddress?: RateLimitRule | false;
  perIdentifier?: (RateLimitRule & { backoff?: boolean }) | false;
}

/** *(Foyer)* `rateLimits` (docs/rate-limits.md). */
export interface RateLimitsOptions {
  /** Password guesses on credentials callbacks. Default: 5 per identifier per 15 min with growing back-off, 50 per address per 15 min. */
  credentials?: RouteRateLimits | false;
  /** E-mail link requests. Default: 3 per address (e-mail) per 10 min, 10 per client address per 10 min. */
  email?: RouteRateLimits | false;
  /** Passkey options and callbacks. Default: 30 per credential id per 5 min, 60 per client address per 5 min. */
  passkey?: RouteRateLimits | false;
  /** Session updates (`POST /session`). Default: 60 per client address per minute. */
  sessionUpdate?: RouteRateLimits | false;
  /**
   * Proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges (`"10.0.0.0/8"`,
   * `"::1"`). Only when the socket's peer is one of them is the header read, from the right, past
   * every trusted hop. Default: none (the socket's peer is the client).
   */
  trustedProxies?: string[];
  /**
   * The client's address, for integrations that do not own the socket (Next.js, Hono, SvelteKit…):
   * e.g. `(request) => request.headers.get("x-real-ip")` behind a platform that sets it. Wins over
   * the socket's peer and `trustedProxies`. Return nothing when unknown (then only the
   * per-identifier limits apply).
   */
  clientAddress?: (request: Request) => string | null | undefined;
}

/** Foyer's configuration. Compatible with Auth.js's `AuthConfig`. */
export interface AuthConfig {
  /** At least one provider. */
  providers: Provider[];
  /** A secret (or a list: the first seals, all unseal). Falls back to `AUTH_SECRET` via `setEnvDefaults`. */
  secret?: string | string[];
  session?: SessionOptions;
  /** @deprecated Use `session.seal` / `session.unseal`. */
  jwt?: JWTOptions;
  pages?: PagesOptions;
  callbacks?: CallbacksOptions;
  events?: EventCallbacks;
  /** Database adapter (enables the database strategy by default). */
  adapter?: Adapter;
  /**
   * *(Foyer)* The shared store: short-lived state that must hold across every instance of the app —
   * spent passkey challenges, e-mail resend cooldowns, the locks around a passkey's counter check and
   * a user's passkey removals, and one provider-token refresh at a time (docs/stores.md). Default:
   * `memoryStore()`, one per config, in this process. With several instances, give them all the same
   * `redisStore({ url })` (`foyer-auth/stores/redis`). When the store cannot be reached, sign-ins that
   * need it are refused (`?error=Configuration`), never let through.
   */
  store?: Store;
  /**
   * *(Foyer)* Rate limits on credentials callbacks, e-mail sends, passkey ceremonies and session
   * updates, counted in `store` (docs/rate-limits.md). Default: on when `NODE_ENV` is `production`,
   * off otherwise. `true` turns the defaults on everywhere, `false` turns every limit off, an object
   * turns them on with its changes (a route set to `false` is not limited).
   */
  rateLimits?: boolean | RateLimitsOptions;
  /** *(Foyer)* The account area (`{basePath}/account`, docs/account.md). */
  account?: AccountOptions;
  /** Where Foyer is mounted. Default `/auth`. */
  basePath?: string;
  /** Trust the `Host` / `X-Forwarded-*` headers of the request. See `setEnvDefaults`. */
  trustHost?: boolean;
  /**
   * *(Foyer)* The hosts the app is served on, as `host` or `host:port` (e.g. `["example.com",
   * "admin.example.com:8443"]`); default from `AUTH_ALLOWED_HOSTS` (comma-separated). Used only when
   * `AUTH_URL` is not set. With a list, a request whose host (the request URL's, which integrations take
   * from `Host` or a trusted `X-Forwarded-Host`) is not on it fails with `UntrustedHost`, like an
   * untrusted host; outside production loopback hosts pass too. Without a list (and without `AUTH_URL`),
   * sign-in e-mails are sent only for loopback hosts outside production, and refused in production;
   * when host trust comes only from `NODE_ENV` not being `production`, only loopback hosts are
   * answered at all. Entries are compared normalised (lower case, no trailing dot, no `:80`/`:443`,
   * IPv6 in brackets). A leading `*.` matches sub-domains outside production; in production any
   * wildcard is a configuration error.
   */
  allowedHosts?: string[];
  /** Use `__Secure-`/`__Host-` cookie names and the `Secure` attribute. Default: on for https. */
  useSecureCookies?: boolean;
  /** Partial overrides of cookie names and options. */
  cookies?: PartialCookiesOptions;
  theme?: Theme;
  /** Always show the built-in pages in this locale (e.g. "de"); otherwise `?lang=`, then `Accept-Language`. */
  locale?: string;
  /**
   * Message overrides per locale, e.g. `{ en: { "signin.heading": "Welcome back" } }`. A tag Foyer
   * does not ship (e.g. "it") adds that locale; missing keys fall back to English.
   */
  messages?: Record<string, MessageOverrides>;
  /** Overrides of the built-in pages' headers (CSP, framing, referrer, caching); `null` removes one. */
  pageHeaders?: Record<string, string | null>;
  /** `error` (default), `warn`, `verbose` or `silent`. */
  logLevel?: LogLevel;
  /** Override individual log levels. */
  logger?: Partial<LoggerInstance>;
  /** @deprecated Same as `logLevel: "verbose"`; ignored when a custom logger is set. */
  debug?: boolean;
  redirectProxyUrl?: string;
  /**
   * On the redirect-proxy deployment: the exact origins it may forward OAuth answers to (e.g. your
   * preview deployments). Anything else is refused. No wildcards.
   */
  redirectProxyAllowedOrigins?: string[];
  experimental?: Record<string, unknown>;
  /** Largest accepted request body in bytes (default 1 MiB); larger bodies get a 413. */
  maxBodySize?: number;
  /** Integrator marker: return the internal response object. */
  raw?: typeof raw;
  /** Integrator marker: disable the built-in CSRF protection. */
  skipCSRFCheck?: typeof skipCSRFCheck;
}

/** The internal response returned by `Auth()` with the `raw` marker. */
export interface ResponseInternal<Body extends string | Record<string, any> | any[] | null = any> {
  status?: number;
  headers?: Record<string, string>;
  body?: Body;
  redirect?: string;
  cookies?: Cookie[];
}
