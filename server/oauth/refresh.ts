/**
 * Refreshing a provider's access token (`refreshTokens` on an OAuth/OIDC provider): when it is due,
 * and the refresh token grant itself, done by openid-client with the provider's client
 * configuration (client authentication, ID-token checks and response normalisers included).
 *
 * Where the tokens live and who may refresh them is decided elsewhere: refresh-stored.ts (through the
 * adapter, shared by processes) and session/refresh-session.ts (the session reads). A refresh token
 * that only a session cookie holds is spent once across instances through the shared store
 * (`refreshGrant` below).
 */
import * as client from "openid-client";
import type { InternalProvider, OAuthProvider } from "../config/types.js";
import { StoreError } from "../core/errors.js";
import { crypto } from "../jwt/crypto.js";
import { storeKey } from "../stores/keys.js";
import { storeOf } from "../stores/scope.js";
import { clientConfiguration, endpointUrl } from "./client.js";
import { tokenSet } from "./profile.js";
import { acrossInstances, type FlightOutcome } from "./single-flight.js";

/** What the option defaults to: refresh a minute before the access token expires. */
export const DEFAULT_LEEWAY_SECONDS = 60;

/** The provider tokens a refresh works with (values readable, not sealed). */
export interface ProviderTokens {
  access_token: string;
  /** Seconds since the epoch; absent when the provider gave no `expires_in` (never due then). */
  expires_at?: number;
  refresh_token?: string;
  id_token?: string;
  token_type?: string;
  scope?: string;
}

/** Why a refresh failed, in words fit for the log: never a token value. */
export class RefreshFailure extends Error {
  override name = "RefreshFailure";
}

/** A provider that keeps its access tokens fresh, and how early (seconds before expiry) it refreshes them. */
export interface RefreshPolicy {
  provider: OAuthProvider;
  leewaySeconds: number;
}

/** The provider's refresh policy, or `undefined` when it has not opted in (only OAuth/OIDC providers can). */
export function refreshPolicy(provider: InternalProvider | undefined): RefreshPolicy | undefined {
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) return undefined;
  const option = provider.refreshTokens;
  if (!option) return undefined;
  return { provider, leewaySeconds: option === true ? DEFAULT_LEEWAY_SECONDS : (option.leewaySeconds ?? DEFAULT_LEEWAY_SECONDS) };
}

/** True when an access token expiring at `expiresAt` (seconds) should be refreshed now. */
export function isDue(expiresAt: unknown, leewaySeconds: number): boolean {
  return typeof expiresAt === "number" && Number.isFinite(expiresAt) && expiresAt - leewaySeconds <= Date.now() / 1000;
}

/**
 * One refresh token grant at the provider's token endpoint, once across every instance that shares
 * the config's store (`AuthConfig.store`): the first caller claims the refresh token in the store
 * and asks the provider; callers in other instances holding the same refresh token wait for its
 * outcome and reuse it, for 30 seconds after it settled — they still carry the old session cookie,
 * and a provider that rotates refresh tokens would reject (or revoke) a second use. The outcome is
 * kept sealed with a key derived from the refresh token itself, so only holders of that token can
 * read the tokens it brought. A store that cannot be reached fails the refresh (`RefreshFailure`):
 * spending the token twice is what it must never risk. Throws `RefreshFailure`, as
 * {@link requestRefreshGrant}.
 */
export async function refreshGrant(provider: OAuthProvider, refreshToken: string, previous: Partial<ProviderTokens> = {}): Promise<ProviderTokens> {
  const store = storeOf(provider);
  if (!store) return requestRefreshGrant(provider, refreshToken, previous);
  const identity = [provider.issuer ?? endpointUrl(provider.token) ?? provider.id, provider.clientId ?? "", refreshToken];
  try {
    return await acrossInstances<ProviderTokens>(
      {
        store,
        claimKey: await storeKey("oauth-refresh-claim", ...identity),
        resultKey: await storeKey("oauth-refresh-result", ...identity),
        leaseMs: REFRESH_LEASE_MS,
        keepForMs: REFRESH_KEEP_MS,
        waitMs: REFRESH_WAIT_MS,
        seal: (outcome) => sealOutcome(refreshToken, outcome),
        open: (sealed) => openOutcome(refreshToken, sealed),
        failure: (message) => new RefreshFailure(message),
      },
      () => requestRefreshGrant(provider, refreshToken, previous),
    );
  } catch (error) {
    if (error instanceof StoreError) throw new RefreshFailure("the shared store could not be reached, so the refresh token was not spent");
    throw error;
  }
}

/** A claim outlives openid-client's default 30-second request timeout, so it never lapses mid-refresh. */
const REFRESH_LEASE_MS = 45_000;
/** As long as the session reads of one process hand a settled refresh to reads with the old cookie. */
const REFRESH_KEEP_MS = 30_000;
/** How long a read waits for another instance's refresh before reporting a failure for this read. */
const REFRESH_WAIT_MS = 10_000;

/** The AES-256-GCM key for outcomes of `refreshToken`: only its holders can open them. */
async function outcomeKey(refreshToken: string): Promise<Uint8Array> {
  return crypto.hkdfSha256(refreshToken, "foyer-refresh-outcome", "Foyer refresh outcome key", 32);
}

const OUTCOME_AAD = new TextEncoder().encode("foyer-refresh-outcome");

async function sealOutcome(refreshToken: string, outcome: FlightOutcome<ProviderTokens>): Promise<string> {
  const iv = crypto.randomBytes(12);
  const { ciphertext, tag } = await crypto.aesGcmEncrypt(await outcomeKey(refreshToken), iv, new TextEncoder().encode(JSON.stringify(outcome)), OUTCOME_AAD);
  return Buffer.concat([iv, tag, ciphertext]).toString("base64url");
}

async function openOutcome(refreshToken: string, sealed: string): Promise<FlightOutcome<ProviderTokens> | undefined> {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const plain = await crypto.aesGcmDecrypt(await outcomeKey(refreshToken), bytes.subarray(0, 12), bytes.subarray(28), bytes.subarray(12, 28), OUTCOME_AAD);
    const outcome = JSON.parse(new TextDecoder().decode(plain)) as FlightOutcome<ProviderTokens>;
    if (outcome.ok ? typeof outcome.value?.access_token === "string" : typeof outcome.message === "string") return outcome;
  } catch {
    // Not ours, or tampered with: this caller refreshes (or waits) as if nothing were kept.
  }
  return undefined;
}

/**
 * One refresh token grant at the provider's token endpoint, in this process, now. A provider that answers without a new
 * refresh token keeps the old one usable (it does not rotate), so the old one is carried over; one
 * that rotates returns a new one, which replaces it. Throws `RefreshFailure` (`invalid_grant`, an
 * unreachable provider, an invalid answer).
 */
export async function requestRefreshGrant(provider: OAuthProvider, refreshToken: string, previous: Partial<ProviderTokens> = {}): Promise<ProviderTokens> {
  let response: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
  try {
    response = await client.refreshTokenGrant(await clientConfiguration(provider), refreshToken);
  } catch (error) {
    throw new RefreshFailure(describe(error));
  }
  const set = tokenSet(response);
  if (typeof set.access_token !== "string" || set.access_token === "") throw new RefreshFailure("the token endpoint answered without an access token");
  const tokens: ProviderTokens = {
    access_token: set.access_token,
    refresh_token: typeof set.refresh_token === "string" && set.refresh_token !== "" ? set.refresh_token : refreshToken,
  };
  if (typeof set.expires_at === "number") tokens.expires_at = set.expires_at;
  const idToken = typeof set.id_token === "string" ? set.id_token : previous.id_token;
  if (idToken) tokens.id_token = idToken;
  const tokenType = typeof set.token_type === "string" ? set.token_type : previous.token_type;
  if (tokenType) tokens.token_type = tokenType;
  const scope = typeof set.scope === "string" ? set.scope : previous.scope;
  if (scope) tokens.scope = scope;
  return tokens;
}

/**
 * The failure in a few words: the OAuth error code (and the provider's description, shortened) for
 * an error answer, else the error's own message. Token values never appear in either.
 */
function describe(error: unknown): string {
  if (error instanceof client.ResponseBodyError) {
    const description = error.error_description ? ` (${error.error_description.slice(0, 120)})` : "";
    return `the provider answered ${error.error}${description}`;
  }
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : "";
  return `${(error as Error).message ?? String(error)}${detail}`.slice(0, 300);
}
