/**
 * Pre-hijack defence (account pre-hijacking: an attacker signs up with a passkey under the victim's
 * address before the victim ever signs in). The first time an e-mail link proves the address of an
 * existing user whose address was never verified, nothing so far showed that whoever used the
 * account owns the address. So, before the link's own session is created:
 *
 * - every session the user already had ends, on adapters that can (`deleteSessions`);
 * - when the account has no other proven way in (no OAuth/OIDC or credentials account — it was made
 *   by a passkey sign-up), its passkeys are removed too (`deleteAuthenticator`), so the squatter
 *   cannot simply sign in again. The owner, signed in by the link, registers a passkey of their own.
 *   An account established through another provider keeps its passkeys: they were added by someone
 *   who had signed in with that provider.
 *
 * Limits (docs/passkeys.md): cookie (jwt) sessions cannot be revoked server-side and live until they
 * expire; adapters without these capabilities (Auth.js adapters) keep what they cannot remove, and
 * Foyer logs it.
 */
import type { Adapter, AdapterUser } from "../adapters/types.js";
import type { LoggerInstance } from "../core/logger.js";

/** What securing an account uses: the config's adapter and logger. */
export interface FirstProofDeps {
  adapter: Adapter;
  logger: LoggerInstance;
}

/** Secures `user`'s account when this sign-in is the first proof of their address (see above). */
export async function secureAccountOnFirstProof(deps: FirstProofDeps, user: AdapterUser): Promise<void> {
  if (user.emailVerified) return;
  await endEarlierSessions(deps, user);
  await removeUnprovenPasskeys(deps, user);
}

async function endEarlierSessions(deps: FirstProofDeps, user: AdapterUser): Promise<void> {
  const { adapter } = deps;
  if (typeof adapter.deleteSessions !== "function") {
    deps.logger.debug("first proof of an address: the adapter has no deleteSessions(), earlier sessions stay", { userId: user.id });
    return;
  }
  const ended = await adapter.deleteSessions(user.id);
  deps.logger.debug("first proof of an address: earlier sessions ended", { userId: user.id, ended });
}

async function removeUnprovenPasskeys(deps: FirstProofDeps, user: AdapterUser): Promise<void> {
  const { adapter } = deps;
  if (typeof adapter.listAuthenticatorsByUserId !== "function") return;
  const passkeys = await adapter.listAuthenticatorsByUserId(user.id);
  if (!passkeys.length) return;
  if (typeof adapter.listAccounts !== "function" || typeof adapter.deleteAuthenticator !== "function") {
    deps.logger.debug("first proof of an address: the adapter cannot list accounts or delete passkeys; the passkeys stay", { userId: user.id });
    return;
  }
  const accounts = await adapter.listAccounts(user.id);
  if (accounts.some((account) => account.type === "oauth" || account.type === "oidc" || account.type === "credentials")) return;
  for (const passkey of passkeys) await adapter.deleteAuthenticator(passkey.credentialID);
  deps.logger.debug("first proof of an address: passkeys registered before it were removed", { userId: user.id, removed: passkeys.length });
}
