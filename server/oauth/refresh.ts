/**
 * Refreshing a provider's access token (`refreshTokens` on an OAuth/OIDC provider): when it is due,
 * and the refresh token grant itself, done by openid-client with the provider's client
 * configuration (client authentication, ID-token checks and response normalisers included).
 *
 * Where the tokens live and who may refresh them is decided elsewhere: refresh-stored.ts (through the
 * adapter, shared by processes) and session/refresh-session.ts (the session reads).
 */
import * as client from "openid-client";
import type { InternalProvider, OAuthProvider } from "../config/types.js";
import { clientConfiguration } from "./client.js";
import { tokenSet } from "./profile.js";

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
 * One refresh token grant at the provider's token endpoint. A provider that answers without a new
 * refresh token keeps the old one usable (it does not rotate), so the old one is carried over; one
 * that rotates returns a new one, which replaces it. Throws `RefreshFailure` (`invalid_grant`, an
 * unreachable provider, an invalid answer).
 */
export async function refreshGrant(provider: OAuthProvider, refreshToken: string, previous: Partial<ProviderTokens> = {}): Promise<ProviderTokens> {
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
