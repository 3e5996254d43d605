/**
 * E-mail sign-in, step two: `GET {basePath}/callback/<id>?token&email&callbackUrl`. The token is
 * single-use and must match the address too (R-VTOK-01…06): the adapter's `useVerificationToken`
 * matches identifier AND hash and deletes the row. Then the user is created or marked verified, a
 * session is issued, and events fire in Auth.js's order. The first proof of an
 * existing user's address ends that user's earlier sessions (pre-hijack defence, first-proof.ts).
 */
import type { AdapterUser } from "../../adapters/types.js";
import type { RequestContext } from "../../context/request-context.js";
import { InvalidConfiguration, Verification } from "../../core/errors.js";
import { runSignInCallback } from "../../context/signin-callback.js";
import { secureAccountOnFirstProof } from "../../email/first-proof.js";
import { hashVerificationToken } from "../../email/tokens.js";
import { crypto } from "../../jwt/crypto.js";
import { signedInRedirect } from "../../session/signed-in-redirect.js";
import { sessionStrategyOf } from "../../session/strategy.js";
import type { EmailProvider } from "../../config/types.js";
import type { Account, ResponseInternal } from "../../types.js";

export async function emailCallback(ctx: RequestContext, provider: EmailProvider): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  const { token, email } = ctx.req.query;
  if (!token) throw new InvalidConfiguration("The e-mail sign-in link has no token");
  // Both must be given and both must match (Auth.js compares the address only when present).
  if (!email) throw new Verification("The e-mail sign-in link has no address");

  const hashed = await hashVerificationToken(token, provider.secret ?? ctx.config.secret);
  const invite = await adapter.useVerificationToken!({ identifier: email, token: hashed });
  if (!invite || invite.identifier !== email) throw new Verification("The e-mail sign-in link is unknown, already used, or for another address");
  if (new Date(invite.expires).valueOf() < Date.now()) throw new Verification("The e-mail sign-in link has expired");

  const existing = await adapter.getUserByEmail!(invite.identifier);
  const candidate: AdapterUser = existing ?? { id: crypto.randomUUID(), email: invite.identifier, emailVerified: null };
  const account: Account = { providerAccountId: invite.identifier, userId: candidate.id, type: "email", provider: provider.id };
  const redirect = await runSignInCallback(ctx, { user: candidate, account });
  if (redirect) return { redirect };

  const sessions = sessionStrategyOf(ctx.config);
  let user: AdapterUser;
  let isNewUser: boolean;
  if (existing) {
    // Signed in as someone else in this browser (a stored session only): end that session first.
    const current = await sessions.storedSession(ctx).catch(() => null);
    if (current && current.user.id !== existing.id) await adapter.deleteSession!(current.key);
    // An unproven address (e.g. typed at a passkey sign-up) is proven now: secure what was made before.
    await secureAccountOnFirstProof({ adapter: ctx.config.adapter!, logger: ctx.logger }, existing);
    user = await adapter.updateUser!({ id: existing.id, emailVerified: new Date() });
    await ctx.config.events.updateUser({ user });
    isNewUser = false;
  } else {
    user = await adapter.createUser!({ id: candidate.id, email: invite.identifier, emailVerified: new Date() });
    await ctx.config.events.createUser({ user });
    isNewUser = true;
  }
  const finalAccount = { ...account, userId: user.id };
  const cookies = await sessions.issue(ctx, { user, account: finalAccount, isNewUser, userId: user.id });
  await ctx.config.events.signIn({ user, account: finalAccount, isNewUser });
  return { redirect: signedInRedirect(ctx, isNewUser), cookies };
}
