/**
 * Refreshing provider tokens kept in an account row, so that every process using the same database
 * spends a refresh token at most once. Concurrent requests — in this process or another — all carry
 * the same old session cookie, so the row, not the cookie, decides who refreshes:
 *
 * 1. Read the row. Its access token is no longer due → another process refreshed it: use that.
 * 2. Claim the refresh: swap the stored refresh token for a claim marker (refresh-lease.ts) with the
 *    adapter's compare-and-swap `updateAccountTokens`. Of several processes expecting the same
 *    stored value exactly one succeeds; the others read the row again (step 1) and, while the claim
 *    holds, wait for the winner's tokens instead of refreshing themselves.
 * 3. The winner refreshes at the provider and swaps the claim for the new tokens (sealed when the
 *    adapter asked for it). On failure it puts the old refresh token back.
 *
 * A claim whose holder died lapses after `LEASE_MS`; the next reader takes it over. (The row is the
 * claim here, so the shared store is not needed: the grant is asked for directly.)
 */
import type { AccountTokensUpdate, Adapter, AdapterAccount } from "../adapters/types.js";
import type { OAuthProvider } from "../config/types.js";
import type { LoggerInstance } from "../core/logger.js";
import type { Account } from "../types.js";
import { leaseMarker, parseLease } from "./refresh-lease.js";
import { isDue, requestRefreshGrant, RefreshFailure, type ProviderTokens } from "./refresh.js";
import { openProviderTokens, sealProviderTokens } from "./token-seal.js";
import { clientConfiguration } from "./client.js";

/** Resolves (and caches) the provider's client configuration; a failure is this refresh's failure. */
async function prepareClient(provider: OAuthProvider): Promise<void> {
  try {
    await clientConfiguration(provider);
  } catch (error) {
    throw new RefreshFailure(`the provider's configuration could not be loaded (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** A claim outlives openid-client's default 30-second request timeout, so it never lapses mid-refresh. */
const LEASE_MS = 45_000;
/** How long a request waits for another process's refresh before reporting a failure for this read. */
const WAIT_MS = 10_000;
const POLL_MS = [20, 40, 80, 160, 250];

/** What a refresh through the adapter needs. */
export interface StoredRefresh {
  /** Has `getAccount` and `updateAccountTokens`. */
  adapter: Adapter;
  secret: string[];
  provider: OAuthProvider;
  leewaySeconds: number;
  logger: LoggerInstance;
  /**
   * The user the session belongs to. The account row must be theirs: the cookie names the account,
   * and an app's `jwt` callback could let other values into the token — never another user's tokens.
   */
  userId: string;
}

type AccountKey = Pick<AdapterAccount, "provider" | "providerAccountId">;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when the adapter can take part in shared refreshes. */
export function canShareRefresh(adapter: Adapter | undefined): adapter is Adapter & Required<Pick<Adapter, "getAccount" | "updateAccountTokens">> {
  return typeof adapter?.getAccount === "function" && typeof adapter.updateAccountTokens === "function";
}

/**
 * Fresh tokens for the account: the row's, when another process has refreshed them already, or a
 * refresh done here under a claim. Throws `RefreshFailure` (or the adapter's error).
 */
export async function refreshStoredTokens(options: StoredRefresh, where: AccountKey): Promise<ProviderTokens> {
  const { adapter, secret, provider, leewaySeconds } = options;
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const row = await adapter.getAccount!(where.providerAccountId, where.provider);
    if (!row) throw new RefreshFailure("the account is no longer linked");
    if (row.userId !== options.userId) throw new RefreshFailure("the session names an account of another user");
    const stored = row.refresh_token ?? null;
    const lease = parseLease(stored);
    if (!lease && !isDue(row.expires_at, leewaySeconds)) return readable(row, secret);
    if (Date.now() >= deadline) throw new RefreshFailure("another process is still refreshing the token");
    if (lease && lease.until > Date.now()) {
      await sleep(POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!);
      continue;
    }
    // No claim, or a lapsed one (its holder died): refresh with the token it wraps.
    const current = lease ? lease.stored : stored;
    if (!current) throw new RefreshFailure("no refresh token is stored (ask the provider for offline access)");
    const opened = await openProviderTokens({ ...row, refresh_token: current }, secret);
    if (!opened.refresh_token) throw new RefreshFailure("the stored refresh token does not open with the configured secrets");
    // Discovery (cached after the first time) before the claim: the claim then only has to outlive
    // the token request itself, never a cold process's discovery plus the token request.
    await prepareClient(provider);
    const claim = leaseMarker(current, LEASE_MS);
    if (!(await adapter.updateAccountTokens!(where, { refresh_token: stored }, { refresh_token: claim }))) continue;

    let fresh: ProviderTokens;
    try {
      fresh = await requestRefreshGrant(provider, opened.refresh_token, tokensOf(opened));
    } catch (error) {
      // Hand the refresh token back as it was, so a later attempt (or a new sign-in) can proceed.
      await Promise.resolve(adapter.updateAccountTokens!(where, { refresh_token: claim }, { refresh_token: current })).catch(() => false);
      throw error;
    }
    if (!(await adapter.updateAccountTokens!(where, { refresh_token: claim }, await storable(adapter, secret, fresh)))) {
      // The claim lapsed or a new sign-in replaced the tokens meanwhile: this request still uses what it got.
      options.logger.debug("refreshed provider tokens were not stored: the account changed meanwhile", { provider: provider.id });
    }
    return fresh;
  }
}

/**
 * After a returning user's sign-in: the new tokens replace the stored ones (a refresh token the
 * provider did not send again stays). Returns false when the account is gone or kept changing.
 */
export async function replaceStoredTokens(adapter: Adapter, secret: string[], account: Account): Promise<boolean> {
  if (!canShareRefresh(adapter) || typeof account.access_token !== "string") return false;
  const where = { provider: account.provider, providerAccountId: account.providerAccountId };
  const next = await storable(adapter, secret, tokensOf(account) as ProviderTokens);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await adapter.getAccount(where.providerAccountId, where.provider);
    if (!row) return false;
    if (await adapter.updateAccountTokens(where, { refresh_token: row.refresh_token ?? null }, next)) return true;
  }
  return false;
}

/** The token fields of an account (or opened row), without the others. */
function tokensOf(account: Partial<Account>): Partial<ProviderTokens> {
  const out: Partial<ProviderTokens> = {};
  for (const field of ["access_token", "refresh_token", "id_token", "token_type", "scope"] as const) {
    const value = account[field];
    if (typeof value === "string" && value !== "") out[field] = value;
  }
  if (typeof account.expires_at === "number") out.expires_at = account.expires_at;
  return out;
}

async function readable(row: AdapterAccount, secret: string[]): Promise<ProviderTokens> {
  const tokens = tokensOf(await openProviderTokens(row, secret));
  if (!tokens.access_token) throw new RefreshFailure("the stored access token does not open with the configured secrets");
  return tokens as ProviderTokens;
}

/**
 * The update that stores `tokens`, sealed when the adapter asked for it. `expires_at` is always
 * written (null when unknown), so an old expiry never outlives the token it belonged to; a field the
 * provider did not send is left as stored.
 */
async function storable(adapter: Adapter, secret: string[], tokens: ProviderTokens): Promise<AccountTokensUpdate> {
  const update: AccountTokensUpdate = { access_token: tokens.access_token, expires_at: tokens.expires_at ?? null };
  if (tokens.refresh_token) update.refresh_token = tokens.refresh_token;
  if (tokens.id_token) update.id_token = tokens.id_token;
  if (tokens.token_type) update.token_type = tokens.token_type;
  if (tokens.scope) update.scope = tokens.scope;
  return adapter.providerTokens === "encrypted" ? ((await sealProviderTokens(update as Partial<Account>, secret)) as AccountTokensUpdate) : update;
}
