/**
 * Passkey registration, step two (`action: "register"`), with rules stricter than Auth.js's
 * (docs/compatibility.md#passkeys-webauthn):
 *
 * - Signed in: the passkey joins the signed-in user — the one the options were issued to. A session
 *   that changed in between (signed out, another user) refuses the registration.
 * - Signed out (a sign-up): a new user `{email, emailVerified: null}`, its `webauthn` account and the
 *   authenticator, all or nothing where the adapter can (`createUserWithAccount`). A sign-up never
 *   attaches to or takes over an existing account: an address that already has one fails with
 *   `AccountNotLinked` and nothing is stored — except a half-made passkey account that holds no way
 *   in, which the sign-up replaces (half-made.ts). The typed address stays unverified, so no
 *   e-mail-based linking trusts it until an e-mail link proves it (server/email/first-proof.ts).
 * - A credential already registered to another user fails with `AccountNotLinked`.
 *
 * Events in Auth.js's order: createUser → linkAccount → signIn (signed in: linkAccount → signIn).
 */
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { AccountNotLinked, WebAuthnVerificationError } from "../core/errors.js";
import { runSignInCallback } from "../context/signin-callback.js";
import { crypto } from "../jwt/crypto.js";
import type { WebAuthnConfig } from "../providers/webauthn.js";
import { signedInRedirect } from "../session/signed-in-redirect.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";
import { openChallenge, spendVerifiedChallenge, type RegistrationIntent } from "./challenge.js";
import { storedCredentialId, toBase64 } from "./encoding.js";
import { clearHalfMadePasskeyAccount } from "./half-made.js";
import { expectedRelyingParty } from "./relying-party.js";
import { verifyAttestation, type RegistrationInfo } from "./verify.js";
import { authenticatorName } from "./aaguid.js";

/** The row to store; `name` only for adapters that keep Foyer's passkey metadata. */
type NewAuthenticator = Omit<AdapterAuthenticator, "userId"> & { name?: string };
/** The `webauthn` account a passkey signs in (written out: `Omit` over Account's index signature loses the keys). */
interface NewAccount {
  provider: string;
  type: "webauthn";
  providerAccountId: string;
}

const TRANSPORT = /^[a-z-]{1,32}$/;

/**
 * The authenticator row exactly as Auth.js writes it (base64 ids and key, comma-joined transports).
 * With an adapter that keeps passkey metadata, the passkey is also named after its provider, from the
 * AAGUID ("iCloud Keychain"), which nothing else keeps; the user can rename it.
 */
function authenticatorRow(info: RegistrationInfo, adapter: Adapter): NewAuthenticator {
  const credentialID = storedCredentialId(info.credential.id);
  const transports = (info.credential.transports ?? []).filter((t) => typeof t === "string" && TRANSPORT.test(t)).slice(0, 8);
  return {
    providerAccountId: credentialID,
    credentialID,
    credentialPublicKey: toBase64(info.credential.publicKey),
    counter: info.credential.counter,
    credentialDeviceType: info.credentialDeviceType,
    credentialBackedUp: info.credentialBackedUp,
    transports: transports.length ? transports.join(",") : null,
    ...providerName(info, adapter),
  };
}

function providerName(info: RegistrationInfo, adapter: Adapter): { name?: string } {
  if (typeof adapter.listAuthenticatorsWithMetadata !== "function") return {};
  const name = authenticatorName(info.aaguid);
  return name ? { name } : {};
}

export async function registerPasskey(ctx: RequestContext, provider: WebAuthnConfig, response: RegistrationResponseJSON): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  const opened = await openChallenge(ctx, "register");
  const intent = opened.user as RegistrationIntent;
  const current = await sessionStrategyOf(ctx.config).currentUser(ctx);
  if ((current?.id ?? null) !== intent.userId) {
    throw new WebAuthnVerificationError("The session changed between the registration options and the callback; start the registration again");
  }

  const info = await verifyAttestation(provider, response, opened.challenge, expectedRelyingParty(ctx, provider));
  // Spent only now that the attestation verified (a bogus one must not use it up), before anything is stored.
  await spendVerifiedChallenge(ctx, opened);
  const row = authenticatorRow(info, adapter);
  const account: NewAccount = { provider: provider.id, type: "webauthn", providerAccountId: row.credentialID };
  const known = await adapter.getAuthenticator!(row.credentialID);
  if (known && known.userId !== current?.id) throw new AccountNotLinked("This passkey is already registered to another user");

  return current ? addToSignedInUser(ctx, current, account, row, Boolean(known)) : signUp(ctx, intent, account, row);
}

/** A passkey for the signed-in user (nothing to store when this very passkey is theirs already). */
async function addToSignedInUser(
  ctx: RequestContext,
  user: AdapterUser,
  account: NewAccount,
  row: NewAuthenticator,
  alreadyTheirs: boolean,
): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  const linked: AdapterAccount = { ...account, userId: user.id };
  const redirect = await runSignInCallback(ctx, { user, account: linked });
  if (redirect) return { redirect };
  if (!alreadyTheirs) {
    await adapter.linkAccount!(linked);
    await undoOnFailure(
      () => adapter.createAuthenticator!({ ...row, userId: user.id }),
      () => adapter.unlinkAccount?.(account),
    );
    await ctx.config.events.linkAccount({ user, account: linked, profile: user });
  }
  const cookies = await sessionStrategyOf(ctx.config).issue(ctx, { user, account: linked, isNewUser: false, userId: user.id });
  await ctx.config.events.signIn({ user, account: linked, isNewUser: false });
  return { redirect: signedInRedirect(ctx, false), cookies };
}

/** A new user for the address typed at sign-up — never an existing one. */
async function signUp(ctx: RequestContext, intent: RegistrationIntent, account: NewAccount, row: NewAuthenticator): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  if (!intent.email) throw new WebAuthnVerificationError("A passkey sign-up needs an e-mail address");
  const candidate: AdapterUser = { id: crypto.randomUUID(), email: intent.email, emailVerified: null, ...(intent.name ? { name: intent.name } : {}) };
  const redirect = await runSignInCallback(ctx, { user: candidate, account: { ...account, userId: candidate.id } });
  if (redirect) return { redirect };
  const taken = await adapter.getUserByEmail!(intent.email);
  if (taken && !(await clearHalfMadePasskeyAccount(adapter, taken, ctx.logger))) {
    throw new AccountNotLinked("A passkey sign-up used an address that already has an account; nothing was stored (sign in to that account to add a passkey)");
  }

  const user = await storeNewUser(adapter, candidate, account, row);
  const linked: AdapterAccount = { ...account, userId: user.id };
  await ctx.config.events.createUser({ user });
  await ctx.config.events.linkAccount({ user, account: linked, profile: user });
  const cookies = await sessionStrategyOf(ctx.config).issue(ctx, { user, account: linked, isNewUser: true, userId: user.id });
  await ctx.config.events.signIn({ user, account: linked, isNewUser: true });
  return { redirect: signedInRedirect(ctx, true), cookies };
}

/**
 * Writes the user, the account and the authenticator. With `createUserWithAccount` (Foyer's
 * adapters) the three are one transaction: a crash or failure leaves none of them. Otherwise they
 * are written one by one, and if a later write fails the new user is deleted again when the adapter
 * can; what a crash between the writes leaves, the next sign-up with the address may replace
 * (half-made.ts).
 */
async function storeNewUser(adapter: Adapter, candidate: AdapterUser, account: NewAccount, row: NewAuthenticator): Promise<AdapterUser> {
  if (adapter.createUserWithAccount) {
    const created = await adapter.createUserWithAccount({ user: candidate, account: { ...account } as Omit<AdapterAccount, "userId">, authenticator: row });
    // An adapter written before `authenticator` was part of the input stores user and account only.
    if (!created.authenticator) {
      await undoOnFailure(
        () => adapter.createAuthenticator!({ ...row, userId: created.user.id }),
        () => adapter.deleteUser?.(created.user.id),
      );
    }
    return created.user;
  }
  const user = await adapter.createUser!(candidate);
  await undoOnFailure(
    () => adapter.linkAccount!({ ...account, userId: user.id }),
    () => adapter.deleteUser?.(user.id),
  );
  await undoOnFailure(
    () => adapter.createAuthenticator!({ ...row, userId: user.id }),
    () => adapter.deleteUser?.(user.id),
  );
  return user;
}

/** Runs `write`; when it throws, runs `undo` (best effort) and re-throws the original error. */
async function undoOnFailure(write: () => unknown, undo: () => unknown): Promise<void> {
  try {
    await write();
  } catch (error) {
    await Promise.resolve()
      .then(undo)
      .catch(() => undefined);
    throw error;
  }
}
