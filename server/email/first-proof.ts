/**
 * Pre-hijack defence (account pre-hijacking, e.g. an attacker signing up with a passkey under the
 * victim's address before the victim ever signs in). The first time an e-mail link proves the
 * address of an existing user whose address was never verified, every session that user already
 * had was made by someone who had not proven the address — so all of them end, on adapters that can
 * list them away (`deleteSessions`, Foyer's adapters). The link's own session is created after this.
 *
 * Limits (docs/passkeys.md): cookie (jwt) sessions cannot be revoked server-side and live until they
 * expire; and a passkey the attacker registered stays on the account until the owner removes it in
 * the passkey list — which is why the e-mail link never silently merges anything else.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../core/context.js";

/** Ends every session of `user` when this sign-in is the first proof of their address. */
export async function endSessionsOnFirstProof(ctx: RequestContext, user: AdapterUser): Promise<void> {
  if (user.emailVerified) return;
  const adapter = ctx.config.adapter!;
  if (typeof adapter.deleteSessions !== "function") {
    ctx.logger.debug("first proof of an address: the adapter has no deleteSessions(), earlier sessions stay", { userId: user.id });
    return;
  }
  const ended = await adapter.deleteSessions(user.id);
  ctx.logger.debug("first proof of an address: earlier sessions ended", { userId: user.id, ended });
}
