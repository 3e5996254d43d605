/**
 * A half-made passkey account: what a passkey sign-up leaves when the process dies (or the database
 * fails, clean-up included) after the user and its `webauthn` account are written and before the
 * authenticator is. Foyer's own adapters write the three rows in one transaction and never leave
 * one; an adapter without `createUserWithAccount` writes them one by one and can. Such a user has
 * no way in, yet their address refuses every new sign-up.
 *
 * A new passkey sign-up with that address replaces such a user, but only when the adapter shows that
 * the user holds nothing anyone could use or lose:
 *
 * - the e-mail address was never proven (`emailVerified` null), so no e-mail link signed them in;
 * - no authenticator: no passkey can sign them in;
 * - accounts (`listAccounts`): exactly their `webauthn` account(s), no OAuth, e-mail or credentials;
 * - sessions (`listSessions`, when the adapter has it): none, so nobody is signed in as them.
 *
 * Replacing such a user gives the new sign-up nothing the address being free would not have given:
 * the new account is just as unverified, and the first e-mail link to the address proves who owns
 * it and ends the passkey sign-up's hold on it. An adapter that cannot list accounts, or delete
 * users, cannot show this, and the address stays refused (`AccountNotLinked`) as before: a
 * stranger must never take over an account that has any way in.
 *
 * Two sign-ups of the same address in the same moment can see each other's rows between writes;
 * with an adapter without `createUserWithAccount` one of them may then fail. Both were unverified
 * sign-ups of the same address; whichever stays is no more trusted than the other.
 */
import type { Adapter, AdapterUser } from "../adapters/types.js";
import type { LoggerInstance } from "../core/logger.js";

/** Whether `user` is a half-made passkey account that a new sign-up may replace (see above). */
export async function isHalfMadePasskeyAccount(adapter: Adapter, user: AdapterUser): Promise<boolean> {
  if (!adapter.listAccounts || !adapter.deleteUser) return false;
  if (user.emailVerified) return false;
  const accounts = await adapter.listAccounts(user.id);
  if (accounts.length === 0 || accounts.some((account) => account.type !== "webauthn")) return false;
  if ((await adapter.listAuthenticatorsByUserId!(user.id)).length > 0) return false;
  if (adapter.listSessions && (await adapter.listSessions(user.id)).length > 0) return false;
  return true;
}

/**
 * Deletes `user` when it is a half-made passkey account; returns whether it did. The caller then
 * signs up afresh.
 */
export async function clearHalfMadePasskeyAccount(adapter: Adapter, user: AdapterUser, logger: LoggerInstance): Promise<boolean> {
  if (!(await isHalfMadePasskeyAccount(adapter, user))) return false;
  logger.debug("passkey sign-up: replacing a half-made passkey account (user and account stored, passkey not)", { userId: user.id });
  await adapter.deleteUser!(user.id);
  return true;
}
