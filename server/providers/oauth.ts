/**
 * OAuth 2 and OpenID Connect providers: Auth.js's provider shape
 * (docs/providers.md#generic-providers-oauth-and-oidc), so configs port by changing imports. `OAuth(options)` / `OIDC(options)` make a generic provider; the catalogue builds
 * on the same shape.
 */
import type { customFetch, FetchLayer, providerFetchLayer } from "../core/custom-fetch.js";
import type { Account, Awaitable, Profile, User } from "../types.js";

/** An endpoint as a URL, or a URL with extra parameters (a parameter may be a function of the final provider). */
export type EndpointConfig = string | { url?: string; params?: Record<string, unknown> };

export interface UserinfoEndpointConfig {
  url?: string;
  params?: Record<string, unknown>;
  /** Fetches the profile yourself (non-standard APIs). */
  request?: (context: { tokens: TokenSet; provider: OAuthConfig }) => Awaitable<Profile>;
}

/** The token endpoint's answer, plus `expires_at` (seconds). */
export interface TokenSet {
  access_token?: string;
  token_type?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  expires_at?: number;
  scope?: string;
  [key: string]: unknown;
}

export type OAuthCheck = "pkce" | "state" | "nonce" | "none";

/** Options of `refreshTokens` (see {@link OAuthConfig.refreshTokens}). */
export interface RefreshTokensOptions {
  /** Refresh this many seconds before the access token expires (default 60). */
  leewaySeconds?: number;
}

export interface OAuthConfig<P extends Profile = Profile> {
  id: string;
  name: string;
  type: "oauth" | "oidc";
  /** OIDC issuer (discovery) or the OAuth issuer identifier. */
  issuer?: string;
  /** Discovery document URL, when not `<issuer>/.well-known/openid-configuration`. */
  wellKnown?: string;
  authorization?: EndpointConfig;
  token?: EndpointConfig;
  userinfo?: string | UserinfoEndpointConfig;
  clientId?: string;
  clientSecret?: string;
  /** Client metadata, e.g. `{ token_endpoint_auth_method: "client_secret_post" }`. */
  client?: {
    token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "private_key_jwt" | "none";
    [key: string]: unknown;
  };
  /** A private key (JWK or CryptoKey) for `private_key_jwt`. */
  clientPrivateKey?: unknown;
  /** Default: PKCE and state for every provider, plus nonce for OIDC (Auth.js: PKCE only). */
  checks?: OAuthCheck[];
  /** OIDC: take the profile from the ID token (default) or, when false, from userinfo. */
  idToken?: boolean;
  profile?: (profile: P, tokens: TokenSet) => Awaitable<User & { id?: string }>;
  account?: (tokens: TokenSet) => Partial<Account> | undefined;
  style?: { logo?: string; brandColor?: string; bg?: string; text?: string };
  allowDangerousEmailAccountLinking?: boolean;
  redirectProxyUrl?: string;
  /**
   * The fetch every request to this provider goes through (discovery, token, userinfo, the provider's
   * own profile requests): for proxies, corporate CAs, logging and tests. Auth.js's spelling works
   * too: `[customFetch]` with the symbol from `foyer-auth` or from `@auth/core` / `next-auth`.
   * A provider that fixes its service's answers itself (Twitch, TikTok) applies its fix on top of it.
   */
  [customFetch]?: typeof fetch;
  /** The same as `[customFetch]` (the string key of earlier Foyer versions; still honoured). */
  customFetch?: typeof fetch;
  /** @internal A factory's fix for its service's answers, over the user's fetch (server/core/custom-fetch.ts). */
  [providerFetchLayer]?: FetchLayer;
  /**
   * Keep the provider's access token fresh: a session read that finds it expired (or expiring within
   * `leewaySeconds`) refreshes it once with the refresh token and stores the result — in the session
   * cookie (jwt sessions, as `token.access_token`, `expires_at`, `refresh_token`) and in the account
   * row (with an adapter that has `updateAccountTokens`, which also lets processes share the
   * refresh). A failed refresh leaves the user signed in with `session.error = "RefreshTokenError"`.
   * Off by default. The provider must issue a refresh token (often for a scope such as
   * `offline_access`); see "Refreshing access tokens" in docs/providers.md for the limits.
   */
  refreshTokens?: boolean | RefreshTokensOptions;
  options?: Record<string, unknown>;
  [key: string]: unknown;
  /** Symbol keys such as Auth.js's own `[customFetch]` symbol. */
  [key: symbol]: unknown;
}

/** A generic OAuth 2 provider. */
export function OAuth<P extends Profile = Profile>(options: Partial<OAuthConfig<P>> & { id: string; name?: string }): OAuthConfig<P> {
  return { name: options.id, type: "oauth", ...options, options } as OAuthConfig<P>;
}

/** A generic OpenID Connect provider (discovery from `issuer`). */
export function OIDC<P extends Profile = Profile>(options: Partial<OAuthConfig<P>> & { id: string; issuer: string; name?: string }): OAuthConfig<P> {
  return { name: options.id, type: "oidc", ...options, options } as OAuthConfig<P>;
}

export default OAuth;
