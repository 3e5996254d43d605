/**
 * Session reads keep the provider tokens of `refreshTokens` providers fresh (docs/providers.md,
 * "Refreshing access tokens"):
 *
 * - jwt/cookie sessions carry `access_token`, `expires_at`, `refresh_token` (with `provider` and
 *   `providerAccountId`) inside the sealed token; a refreshed token is sealed into a new cookie.
 * - database sessions leave them in the account rows, refreshed in place.
 *
 * Within this process, concurrent reads share one refresh (keyed by provider, account and the
 * refresh token they hold), and reads arriving up to `GRACE_MS` later — still carrying the old
 * cookie — get its result too. Across processes only the adapter can coordinate
 * (`updateAccountTokens`, refresh-stored.ts); jwt sessions without one cannot, which is the
 * documented limit. A failure is logged once per refresh and never fails the read: the session
 * carries `error: "RefreshTokenError"`, and the next read after `GRACE_MS` tries again.
 */
import type { RequestContext } from "../context/request-context.js";
import type { OAuthProvider } from "../config/types.js";
import { AdapterError, RefreshTokenError } from "../core/errors.js";
import { crypto } from "../jwt/crypto.js";
import { endpointUrl } from "../oauth/client.js";
import { isDue, refreshGrant, RefreshFailure, refreshPolicy, type ProviderTokens, type RefreshPolicy } from "../oauth/refresh.js";
import { canShareRefresh, refreshStoredTokens } from "../oauth/refresh-stored.js";
import { SingleFlight } from "../oauth/single-flight.js";
import type { Account, JWT } from "../types.js";

export const REFRESH_TOKEN_ERROR = "RefreshTokenError";

/** How long a finished refresh (or failure) is handed to reads that still carry the old token. */
const GRACE_MS = 30_000;

const flights = new SingleFlight<ProviderTokens>(GRACE_MS);

/**
 * The flight key: the provider as its issuer and client know it (two tenants' providers may share an
 * id and even account ids, never issuer and client), the account, and the refresh token the caller
 * holds — hashed, so the map never holds a usable token. The refresh token is part of the key so
 * that a remembered failure ends as soon as a new sign-in brings a new one.
 */
async function flightKey(provider: OAuthProvider, account: string, refreshToken: unknown): Promise<string> {
  const token = typeof refreshToken === "string" && refreshToken !== "" ? await crypto.sha256Hex(refreshToken) : "";
  return JSON.stringify([provider.id, provider.issuer ?? endpointUrl(provider.token) ?? "", provider.clientId ?? "", account, token]);
}

/** Runs `task` once per key (see above); a failure is logged here, once, with the provider id only. */
function shared(ctx: RequestContext, provider: OAuthProvider, key: string, task: () => Promise<ProviderTokens>): Promise<ProviderTokens> {
  return flights.run(key, async () => {
    try {
      return await task();
    } catch (error) {
      const reason = error instanceof RefreshFailure ? error.message : error instanceof AdapterError ? error.message : "an unexpected error";
      const message = `Refreshing the access token of provider "${provider.id}" failed: ${reason}. The session reports error "RefreshTokenError".`;
      // RefreshFailure messages are Foyer's own words; anything else keeps its cause (redacted by the logger).
      ctx.logger.error(error instanceof RefreshFailure ? new RefreshTokenError(message) : new RefreshTokenError(message, error as Error));
      throw error;
    }
  });
}

/** The result of a cookie session's refresh step. */
export interface TokenRefresh {
  token: JWT;
  /** The token must be sealed again (new provider tokens, or a stale error flag removed). */
  changed: boolean;
}

/**
 * The session token with fresh provider tokens when they were due; on failure the same token with
 * `error: "RefreshTokenError"`. Tokens of providers without `refreshTokens` pass untouched.
 */
export async function refreshSessionToken(ctx: RequestContext, token: JWT): Promise<TokenRefresh> {
  const policy = typeof token.provider === "string" ? refreshPolicy(ctx.config.providerById.get(token.provider)) : undefined;
  if (!policy || typeof token.access_token !== "string") return { token, changed: false };
  if (!isDue(token.expires_at, policy.leewaySeconds)) {
    if (token.error !== REFRESH_TOKEN_ERROR) return { token, changed: false };
    const { error: _error, ...rest } = token;
    return { token: rest, changed: true };
  }
  try {
    const fresh = await refreshCookieTokens(ctx, policy, token);
    const { error: _error, expires_at: _expiresAt, refresh_token: _refreshToken, ...rest } = token;
    const next: JWT = { ...rest, access_token: fresh.access_token };
    if (fresh.expires_at !== undefined) next.expires_at = fresh.expires_at;
    if (fresh.refresh_token) next.refresh_token = fresh.refresh_token;
    return { token: next, changed: true };
  } catch {
    return { token: { ...token, error: REFRESH_TOKEN_ERROR }, changed: false };
  }
}

/** Through the adapter's account row when it can share refreshes; else from the cookie's own refresh token. */
async function refreshCookieTokens(ctx: RequestContext, { provider, leewaySeconds }: RefreshPolicy, token: JWT): Promise<ProviderTokens> {
  const { adapter, secret, logger } = ctx.config;
  const providerAccountId = typeof token.providerAccountId === "string" ? token.providerAccountId : String(token.sub);
  const key = await flightKey(provider, providerAccountId, token.refresh_token);
  if (typeof token.providerAccountId === "string" && typeof token.sub === "string" && canShareRefresh(adapter)) {
    // The row decides, not this cookie: another process (or device) may have refreshed already.
    const where = { provider: provider.id, providerAccountId };
    const userId = token.sub;
    return shared(ctx, provider, key, () => refreshStoredTokens({ adapter, secret, provider, leewaySeconds, logger, userId }, where));
  }
  const refreshToken = typeof token.refresh_token === "string" && token.refresh_token !== "" ? token.refresh_token : undefined;
  return shared(ctx, provider, key, async () => {
    if (!refreshToken) throw new RefreshFailure("the session holds no refresh token (ask the provider for offline access)");
    return refreshGrant(provider, refreshToken);
  });
}

/**
 * Database sessions: refreshes the user's accounts of `refreshTokens` providers whose access token
 * is due, in their rows. Returns true when one of them failed (the session then reports the error).
 */
export async function refreshUserAccounts(ctx: RequestContext, userId: string): Promise<boolean> {
  const { adapter, secret, logger, providers } = ctx.config;
  if (!providers.some((provider) => refreshPolicy(provider) !== undefined) || !canShareRefresh(adapter) || !adapter.listAccounts) return false;
  let accounts: Account[];
  try {
    accounts = await adapter.listAccounts(userId);
  } catch (error) {
    ctx.logger.error(new RefreshTokenError("Listing the user's accounts to refresh their tokens failed", error as Error));
    return true;
  }
  let failed = false;
  for (const account of accounts) {
    const policy = refreshPolicy(ctx.config.providerById.get(account.provider));
    if (!policy || !account.access_token || !isDue(account.expires_at, policy.leewaySeconds)) continue;
    const { provider, leewaySeconds } = policy;
    const where = { provider: account.provider, providerAccountId: account.providerAccountId };
    try {
      const key = await flightKey(provider, account.providerAccountId, account.refresh_token);
      await shared(ctx, provider, key, () => refreshStoredTokens({ adapter, secret, provider, leewaySeconds, logger, userId }, where));
    } catch {
      failed = true;
    }
  }
  return failed;
}

/**
 * The provider tokens a new cookie session keeps, for a sign-in with a `refreshTokens` provider;
 * nothing for any other sign-in (the token stays as small as before).
 */
export function sessionTokensOf(ctx: RequestContext, account: Account | null): Partial<JWT> {
  if (!account || (account.type !== "oauth" && account.type !== "oidc") || typeof account.access_token !== "string") return {};
  if (refreshPolicy(ctx.config.providerById.get(account.provider)) === undefined) return {};
  const tokens: Partial<JWT> = { provider: account.provider, providerAccountId: account.providerAccountId, access_token: account.access_token };
  if (typeof account.expires_at === "number") tokens.expires_at = account.expires_at;
  if (typeof account.refresh_token === "string") tokens.refresh_token = account.refresh_token;
  return tokens;
}
