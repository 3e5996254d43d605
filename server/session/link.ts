/**
 * Login-or-register for providers that bring an external identity (OAuth/OIDC; passkeys follow
 * stricter rules of their own in server/webauthn/register.ts), as Auth.js does it. Identities are
 * keyed by (provider, providerAccountId), never matched by e-mail alone (R-OAUTH-10);
 * `allowDangerousEmailAccountLinking` links to an existing user only when both sides have a verified
 * address, and then fires no `createUser` (Auth.js does: docs/compatibility.md#oauth-and-openid-connect).
 */
import type { AdapterAccount, AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { OAuthAccountNotLinked } from "../core/errors.js";
import type { Account, Profile, User } from "../types.js";
import { sessionStrategyOf } from "./strategy.js";
import { sealProviderTokens } from "../oauth/token-seal.js";
import { newUserRecord, presentEmail } from "./new-user.js";

export interface LinkInput {
  /** The user made from the provider's profile (`id` is a fresh UUID). */
  user: User & { id: string };
  account: Account;
  profile: Profile;
  /** The user already linked to this account, looked up before the signIn callback. */
  userByAccount: AdapterUser | null;
  allowDangerousEmailAccountLinking?: boolean;
}

export interface LinkResult {
  user: User & { id: string };
  isNewUser?: boolean;
}

export async function loginOrRegister(ctx: RequestContext, input: LinkInput): Promise<LinkResult> {
  const adapter = ctx.config.adapter;
  if (!adapter) return { user: input.user };
  const { account, profile, userByAccount } = input;
  const current = await sessionStrategyOf(ctx.config).currentUser(ctx);

  if (userByAccount) {
    if (current && current.id !== userByAccount.id) throw new OAuthAccountNotLinked("The account is already associated with another user");
    return { user: userByAccount, isNewUser: false };
  }

  const link = async (user: AdapterUser) => {
    const stored = { ...account, userId: user.id } as AdapterAccount;
    // Provider tokens are sealed for adapters that ask for it (Foyer's own, by default).
    const row = adapter.providerTokens === "encrypted" ? await sealProviderTokens(stored, ctx.config.secret) : stored;
    await adapter.linkAccount!(row);
    await ctx.config.events.linkAccount({ user, account: stored, profile });
  };

  if (current) {
    await link(current);
    return { user: current, isNewUser: false };
  }

  // A profile without an address is looked up by nobody's address and stored without one.
  const email = presentEmail(input.user.email);
  const byEmail = email ? await adapter.getUserByEmail!(email) : null;
  if (byEmail) {
    const providerVerified = profile.email_verified !== false;
    if (!input.allowDangerousEmailAccountLinking || !byEmail.emailVerified || !providerVerified) {
      throw new OAuthAccountNotLinked("Another account already exists with the same e-mail address");
    }
    await link(byEmail);
    return { user: byEmail, isNewUser: false };
  }

  const newUser = newUserRecord(input.user);
  if (adapter.createUserWithAccount) {
    // One transaction: a crash never leaves a user without the account they signed up with.
    const row = adapter.providerTokens === "encrypted" ? await sealProviderTokens(account, ctx.config.secret) : account;
    const { user: created } = await adapter.createUserWithAccount({ user: newUser, account: row as Omit<AdapterAccount, "userId"> });
    await ctx.config.events.createUser({ user: created });
    await ctx.config.events.linkAccount({ user: created, account: { ...account, userId: created.id }, profile });
    return { user: created, isNewUser: true };
  }
  const created = await adapter.createUser!(newUser);
  await ctx.config.events.createUser({ user: created });
  await link(created);
  return { user: created, isNewUser: true };
}
