/**
 * Passkey sign-in, step two (`action: "authenticate"`): the signed assertion is checked against the
 * challenge cookie and the stored credential, the signature counter must move forward, and the
 * credential's user gets a session (jwt or database).
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { AdapterAuthenticator } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { AccountNotLinked, WebAuthnVerificationError } from "../core/errors.js";
import { runSignInCallback } from "../context/signin-callback.js";
import { storeKey } from "../stores/keys.js";
import { LockBusy, StoreLock } from "../stores/lock.js";
import type { WebAuthnConfig } from "../providers/webauthn.js";
import { signedInRedirect } from "../session/signed-in-redirect.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";
import { openChallenge, spendVerifiedChallenge, type OpenedChallenge } from "./challenge.js";
import { storedCredentialId } from "./encoding.js";
import { expectedRelyingParty } from "./relying-party.js";
import { verifyAssertion } from "./verify.js";

/**
 * The counter rule (WebAuthn §6.1.1, R-WEBAUTHN-01): a counter that did not increase — unless both
 * are 0, which is how synced passkeys report — means a cloned authenticator or a replay. SimpleWebAuthn
 * applies the same rule; it is checked here too so that Foyer's guarantee never rests on a library
 * option or version alone.
 */
function counterMovedForward(stored: number, received: number): boolean {
  return (stored === 0 && received === 0) || received > stored;
}

/**
 * A passkey's counter is read, checked and written one assertion at a time per credential, in every
 * instance that shares the store: two parallel assertions from a cloned authenticator would otherwise
 * both read the old counter and both pass. The lock outlives any honest verification; a sign-in that
 * cannot get it within a few seconds (another one of the same passkey is stuck) is refused.
 */
const counterUpdates = new StoreLock({ ttlMs: 15_000, waitMs: 5_000 });

/** Runs the counter step under the credential's lock; a lock held too long refuses the sign-in. */
async function underCounterLock<T>(ctx: RequestContext, credentialID: string, task: () => Promise<T>): Promise<T> {
  try {
    return await counterUpdates.run(ctx.config.store, await storeKey("webauthn-counter", credentialID), task);
  } catch (error) {
    if (error instanceof LockBusy) throw new WebAuthnVerificationError("Another sign-in with this passkey is still being checked; the sign-in was refused");
    throw error;
  }
}

/**
 * Verifies the assertion against the stored credential, spends the challenge (only now: a bogus
 * assertion must not use it up) and moves the counter; returns the credential as it was read.
 */
async function checkAndAdvanceCounter(
  ctx: RequestContext,
  provider: WebAuthnConfig,
  response: AuthenticationResponseJSON,
  opened: OpenedChallenge,
  credentialID: string,
): Promise<AdapterAuthenticator> {
  const adapter = ctx.config.adapter!;
  const authenticator = await adapter.getAuthenticator!(credentialID);
  if (!authenticator) throw new WebAuthnVerificationError("The passkey is not known here (no authenticator with this credential id)");
  const info = await verifyAssertion(provider, response, opened.challenge, expectedRelyingParty(ctx, provider), authenticator);
  await spendVerifiedChallenge(ctx, opened);
  const stored = Number(authenticator.counter) || 0;
  if (!counterMovedForward(stored, info.newCounter)) {
    throw new WebAuthnVerificationError(
      `The passkey's signature counter went from ${stored} to ${info.newCounter}: a cloned authenticator or a replayed assertion; the sign-in was refused`,
    );
  }
  await adapter.updateAuthenticatorCounter!(credentialID, info.newCounter);
  return authenticator;
}

export async function authenticateWithPasskey(ctx: RequestContext, provider: WebAuthnConfig, response: AuthenticationResponseJSON): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  const opened = await openChallenge(ctx, "authenticate");
  const credentialID = storedCredentialId(response.id);
  const authenticator = await underCounterLock(ctx, credentialID, () => checkAndAdvanceCounter(ctx, provider, response, opened, credentialID));

  const account = await adapter.getAccount!(authenticator.providerAccountId, provider.id);
  if (!account || account.userId !== authenticator.userId) {
    throw new WebAuthnVerificationError(`The passkey has no "${provider.id}" account (it was registered with another provider)`);
  }
  const user = await adapter.getUser!(account.userId);
  if (!user) throw new WebAuthnVerificationError("The passkey's user no longer exists");
  const sessions = sessionStrategyOf(ctx.config);
  const current = await sessions.currentUser(ctx);
  if (current && current.id !== user.id) throw new AccountNotLinked("The passkey belongs to another user than the one signed in");

  const redirect = await runSignInCallback(ctx, { user, account });
  if (redirect) return { redirect };

  // Foyer's passkey list shows when each passkey was last used; Auth.js adapters simply lack this.
  if (adapter.updateAuthenticator) await adapter.updateAuthenticator(credentialID, { lastUsedAt: new Date() });
  const cookies = await sessions.issue(ctx, { user, account, isNewUser: false, userId: user.id });
  await ctx.config.events.signIn({ user, account, isNewUser: false });
  return { redirect: signedInRedirect(ctx, false), cookies };
}
