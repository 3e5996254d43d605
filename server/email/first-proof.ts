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
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../core/context.js";

/** Secures `user`'s account when this sign-in is the first proof of their address (see above). */
export async function secureAccountOnFirstProof(ctx: RequestContext, user: AdapterUser): Promise<void> {
  if (user.emailVerified) return;
  await endEarlierSessions(ctx, user);
  await removeUnprovenPasskeys(ctx, user);
}

async function endEarlierSessions(ctx: RequestContext, user: AdapterUser): Promise<void> {
  const adapter = ctx.config.adapter!;
  if (typeof adapter.deleteSessions !== "function") {
    ctx.logger.debug("first proof of an address: the adapter has no deleteSessions(), earlier sessions stay", { userId: user.id });
    return;
  }
  const ended = await adapter.deleteSessions(user.id);
  ctx.logger.debug("first proof of an address: earlier sessions ended", { userId: user.id, ended });
}

async function removeUnprovenPasskeys(ctx: RequestContext, user: AdapterUser): Promise<void> {
  const adapter = ctx.config.adapter!;
  if (typeof adapter.listAuthenticatorsByUserId !== "function") return;
  const passkeys = await adapter.listAuthenticatorsByUserId(user.id);
  if (!passkeys.length) return;
  if (typeof adapter.listAccounts !== "function" || typeof adapter.deleteAuthenticator !== "function") {
    ctx.logger.debug("first proof of an address: the adapter cannot list accounts or delete passkeys; the passkeys stay", { userId: user.id });
    return;
  }
  const accounts = await adapter.listAccounts(user.id);
  if (accounts.some((account) => account.type === "oauth" || account.type === "oidc" || account.type === "credentials")) return;
  for (const passkey of passkeys) await adapter.deleteAuthenticator(passkey.credentialID);
  ctx.logger.debug("first proof of an address: passkeys registered before it were removed", { userId: user.id, removed: passkeys.length });
}
