/**
 * The ways a user can still sign in, so that no change in the account area locks them out: a
 * verified address while an e-mail provider is configured, and each account of a configured provider
 * (OAuth/OIDC, credentials, and passkeys while a WebAuthn provider is configured). A configured
 * credentials provider alone does not count: a user who signed up with a passkey has no password.
 */
import type { AdapterAccount, AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";

/** An account by its key, as `unlinkAccount` takes it. */
export interface AccountKey {
  provider: string;
  providerAccountId: string;
}

const sameAccount = (a: AccountKey, b: AccountKey) => a.provider === b.provider && a.providerAccountId === b.providerAccountId;

/**
 * Whether the user keeps at least one way in without the `without` accounts and passkeys. Adapters
 * without `listAccounts` cannot tell; then only a verified address counts.
 */
export async function keepsAWayIn(ctx: RequestContext, user: AdapterUser, without: { accounts?: AccountKey[]; passkeys?: string[] } = {}): Promise<boolean> {
  const types = new Set<string>(ctx.config.providers.map((provider) => provider.type));
  if (types.has("email") && user.email && user.emailVerified) return true;
  const adapter = ctx.config.adapter!;
  const accounts: AdapterAccount[] = typeof adapter.listAccounts === "function" ? await adapter.listAccounts(user.id) : [];
  const ways = new Set(["oauth", "oidc", "credentials"].filter((type) => types.has(type)));
  const removed = without.accounts ?? [];
  if (
    accounts.some((account) => ways.has(account.type) && ctx.config.providerById.has(account.provider) && !removed.some((key) => sameAccount(key, account)))
  ) {
    return true;
  }
  if (!types.has("webauthn") || typeof adapter.listAuthenticatorsByUserId !== "function") return false;
  const passkeys = await adapter.listAuthenticatorsByUserId(user.id);
  const gone = new Set(without.passkeys ?? []);
  return passkeys.some((passkey) => !gone.has(passkey.credentialID));
}
