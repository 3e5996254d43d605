/**
 * `{basePath}/account/passkeys`: a signed-in user lists, renames and removes their passkeys (jwt or
 * database sessions). Mutations need the CSRF token (`csrfToken` in the JSON body), as
 * `/account/sessions`. A passkey is only ever found among the signed-in user's own, so another user's
 * id is simply "not found"; and the last way in cannot be removed (`409 LastSignInMethod`).
 *
 * The public `id` of a passkey is its stored credential id (standard base64, as Auth.js stores it).
 */
import { listAuthenticators, type AuthenticatorWithAnyMetadata } from "../adapters/metadata.js";
import type { AdapterUser } from "../adapters/types.js";
import type { WebAuthnProvider } from "../config/types.js";
import type { RequestContext } from "../context/request-context.js";
import { JSON_HEADERS } from "../core/response.js";
import { storeKey } from "../stores/keys.js";
import { LockBusy, StoreLock } from "../stores/lock.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";
import { transportsOf } from "../webauthn/encoding.js";
import { relyingPartyFor } from "../webauthn/relying-party.js";
import { userHandleFor } from "../webauthn/user-handle.js";

/**
 * One of the signed-in user's passkeys, as `GET {basePath}/account/passkeys` lists it. The browser
 * client (ui/client/passkey-types.ts) re-exports this type, so the wire shape is declared once.
 */
export interface PasskeyInfo {
  /** The credential id (what `renamePasskey()` and `removePasskey()` take). */
  id: string;
  /** The name the user gave it, or `null` (always `null` with an adapter without `listAuthenticatorsWithMetadata`). */
  name: string | null;
  /** When it was registered (ISO 8601), when the adapter records it (`listAuthenticatorsWithMetadata`). */
  createdAt: string | null;
  /** When it was last used to sign in (ISO 8601), when the adapter records it (`listAuthenticatorsWithMetadata`). */
  lastUsedAt: string | null;
  /** How the browser reaches the authenticator: `"internal"`, `"hybrid"`, `"usb"`, `"nfc"`, `"ble"`, … */
  transports: string[];
  /** `"multiDevice"` for a synced passkey, `"singleDevice"` for one bound to its authenticator. */
  deviceType: "singleDevice" | "multiDevice";
  /** Whether the passkey is backed up (synced). */
  backedUp: boolean;
}

/**
 * What the browser needs to tell its passkey manager which of the user's passkeys the site still
 * accepts (WebAuthn's Signal API: `signalAllAcceptedCredentials` and `signalCurrentUserDetails`).
 * Listed only for a user with an e-mail address, the input of the account's derived user handle.
 */
export interface PasskeySignal {
  /** The RP ID passkeys are registered under. */
  rpId: string;
  /** The account's WebAuthn user handle (base64url), the one registrations send. */
  userId: string;
  /** The account's name on its passkeys, as registrations send it (the address). */
  name: string;
  /** The name shown with it (the user's name, or the address). */
  displayName: string;
}

const MAX_NAME_LENGTH = 64;

const json = (status: number, body: unknown): ResponseInternal => ({ status, headers: { ...JSON_HEADERS, "Cache-Control": "no-store" }, body });
const notFound = () => json(404, { error: "NotFound", message: "No such passkey." });

function iso(date: Date | string | null | undefined): string | null {
  if (!date) return null;
  const value = new Date(date);
  return Number.isNaN(value.valueOf()) ? null : value.toISOString();
}

function describe(authenticator: AuthenticatorWithAnyMetadata): PasskeyInfo {
  return {
    id: authenticator.credentialID,
    name: authenticator.name ?? null,
    createdAt: iso(authenticator.createdAt),
    lastUsedAt: iso(authenticator.lastUsedAt),
    transports: transportsOf(authenticator.transports),
    deviceType: authenticator.credentialDeviceType === "multiDevice" ? "multiDevice" : "singleDevice",
    backedUp: Boolean(authenticator.credentialBackedUp),
  };
}

/** Why this config cannot manage passkeys for `route`, if it cannot. */
function unavailable(ctx: RequestContext, route: "list" | "rename" | "remove"): string | undefined {
  const adapter = ctx.config.adapter;
  if (!adapter || !ctx.config.providers.some((p) => p.type === "webauthn")) return "Passkeys need a WebAuthn or Passkey provider and an adapter.";
  if (typeof adapter.listAuthenticatorsByUserId !== "function") return "Listing passkeys needs an adapter with listAuthenticatorsByUserId().";
  if (route === "rename" && typeof adapter.updateAuthenticator !== "function")
    return "Renaming passkeys needs an adapter with updateAuthenticator() (Foyer's adapters have it).";
  if (route === "remove" && typeof adapter.deleteAuthenticator !== "function")
    return "Removing passkeys needs an adapter with deleteAuthenticator() (Foyer's adapters have it).";
  return undefined;
}

/** `GET {basePath}/account/passkeys`, `POST …/rename`, `POST …/remove`. */
export async function passkeysRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  const [sub, ...rest] = segments;
  const isPost = ctx.req.method === "POST";
  const route = sub === undefined && !isPost ? "list" : (sub === "rename" || sub === "remove") && isPost ? sub : undefined;
  if (!route || rest.length) return json(404, { error: "NotFound", message: "No such route." });
  const reason = unavailable(ctx, route);
  if (reason) return json(404, { error: "NotAvailable", message: reason });
  if (route !== "list" && !ctx.csrf.verified) return json(403, { error: "MissingCSRF", message: "A valid csrfToken is required." });
  const sessions = sessionStrategyOf(ctx.config);
  const user = await sessions.currentUser(ctx);
  if (!user && (await sessions.signedInButNotStored(ctx))) {
    return json(409, {
      error: "NotAvailable",
      message:
        "This account is not stored by the adapter (credentials sign-in with jwt sessions), so it cannot have passkeys. Use database sessions to store credentials users.",
    });
  }
  if (!user) return json(401, { error: "SessionRequired", message: "Sign in to manage your passkeys." });
  if (route === "list") return listRoute(ctx, user);
  return route === "rename" ? renameRoute(ctx, user) : removeRoute(ctx, user);
}

async function listRoute(ctx: RequestContext, user: AdapterUser): Promise<ResponseInternal> {
  const passkeys = await listAuthenticators(ctx.config.adapter!, user.id);
  const canRemove = passkeys.length > 1 || (await hasOtherWayIn(ctx, user));
  const signal = await signalFor(ctx, user);
  return json(200, { passkeys: passkeys.map(describe), canRemove, ...(signal ? { signal } : {}) });
}

/**
 * The Signal API's data for the signed-in user, as registrations name the account (server/webauthn/options.ts):
 * none without an address, or when the relying party cannot be worked out (registration would fail
 * then too; the list itself still answers).
 */
async function signalFor(ctx: RequestContext, user: AdapterUser): Promise<PasskeySignal | undefined> {
  const email = typeof user.email === "string" && user.email !== "" ? user.email : undefined;
  const handle = await userHandleFor(ctx.config.secret, email);
  const provider = ctx.config.providers.find((p): p is WebAuthnProvider => p.type === "webauthn");
  if (!email || !handle || !provider) return undefined;
  let rpId: string;
  try {
    rpId = relyingPartyFor(ctx, provider).id;
  } catch {
    return undefined;
  }
  return { rpId, userId: Buffer.from(handle).toString("base64url"), name: email, displayName: user.name || email };
}

/** The user's own passkey with this id, or `undefined`. */
async function ownPasskey(
  ctx: RequestContext,
  user: AdapterUser,
  id: unknown,
): Promise<{ passkey?: AuthenticatorWithAnyMetadata; all: AuthenticatorWithAnyMetadata[] }> {
  const all = await ctx.config.adapter!.listAuthenticatorsByUserId!(user.id);
  return { passkey: typeof id === "string" ? all.find((authenticator) => authenticator.credentialID === id) : undefined, all };
}

async function renameRoute(ctx: RequestContext, user: AdapterUser): Promise<ResponseInternal> {
  const body = ctx.req.body ?? {};
  if (typeof body.id !== "string" || typeof body.name !== "string") return json(400, { error: "InvalidRequest", message: "Give the passkey's id and a name." });
  const name = body.name.normalize("NFC").trim();
  const length = [...name].length;
  if (length < 1 || length > MAX_NAME_LENGTH || /[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) {
    return json(400, { error: "InvalidRequest", message: `A passkey name is 1 to ${MAX_NAME_LENGTH} characters of text.` });
  }
  const { passkey } = await ownPasskey(ctx, user, body.id);
  if (!passkey) return notFound();
  const updated = await ctx.config.adapter!.updateAuthenticator!(passkey.credentialID, { name });
  if (!updated) return notFound();
  await ctx.config.events.passkeyRenamed({ user, passkeyId: passkey.credentialID, name });
  return json(200, { passkey: describe(updated) });
}

async function removeRoute(ctx: RequestContext, user: AdapterUser): Promise<ResponseInternal> {
  const id = ctx.req.body?.id;
  if (typeof id !== "string") return json(400, { error: "InvalidRequest", message: "Give the passkey's id." });
  // The last-way-in check and the delete must not interleave with another removal of the same user:
  // two parallel removals of a user's two passkeys would each see "one other left" and delete both.
  const key = await storeKey("passkey-removal", user.id);
  return removals
    .run(ctx.config.store, key, async () => {
      const { passkey, all } = await ownPasskey(ctx, user, id);
      if (!passkey) return notFound();
      if (all.length <= 1 && !(await hasOtherWayIn(ctx, user))) {
        return json(409, { error: "LastSignInMethod", message: "This is the last way to sign in to the account; add another before removing it." });
      }
      await ctx.config.adapter!.deleteAuthenticator!(passkey.credentialID);
      await ctx.config.events.passkeyRemoved({ user, passkeyId: passkey.credentialID });
      return json(200, { removed: passkey.credentialID });
    })
    .catch((error: unknown) => {
      if (error instanceof LockBusy) return json(409, { error: "Busy", message: "Another change to this account's passkeys is in progress; try again." });
      throw error;
    });
}

/**
 * Removals run one at a time per user, in every instance that shares the store. A removal that
 * cannot get the lock within a few seconds is answered 409 `Busy` (nothing was removed).
 */
export const removals = new StoreLock({ ttlMs: 15_000, waitMs: 5_000 });

/**
 * Whether the user can still sign in without any passkey: a verified address while an e-mail
 * provider is configured, or an OAuth/OIDC or credentials account of a configured provider (adapters
 * with `listAccounts`; without it Foyer cannot tell, and assumes not). A configured credentials
 * provider alone does not count: a user who signed up with a passkey has no password.
 */
async function hasOtherWayIn(ctx: RequestContext, user: AdapterUser): Promise<boolean> {
  const types = new Set(ctx.config.providers.map((provider) => provider.type));
  if (types.has("email") && user.email && user.emailVerified) return true;
  const adapter = ctx.config.adapter!;
  if (typeof adapter.listAccounts !== "function") return false;
  const accounts = await adapter.listAccounts(user.id);
  const ways = new Set(["oauth", "oidc", "credentials"].filter((type) => types.has(type as never)));
  return accounts.some((account) => ways.has(account.type) && ctx.config.providerById.has(account.provider));
}
