/**
 * `GET {basePath}/account/accounts`: the OAuth/OIDC accounts connected to the signed-in user, and the
 * configured providers they could still connect (through the normal sign-in flow: signing in with
 * another provider while signed in links it). `POST …/accounts/unlink` disconnects one of the user's
 * own accounts, never the last way in (`409 LastSignInMethod`).
 */
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { LockBusy } from "../stores/lock.js";
import { removals } from "./passkeys.js";
import { storeKey } from "../stores/keys.js";
import type { ResponseInternal } from "../types.js";
import { isAnswer, json, missingCsrf, noRoute, storedUser } from "./respond.js";
import { keepsAWayIn } from "./ways-in.js";

/** One connected account, as `GET {basePath}/account/accounts` lists it. */
export interface ConnectedAccountInfo {
  /** The provider's id (`github`). */
  provider: string;
  /** The provider's name (`GitHub`). */
  name: string;
  /** The user's id at the provider: with `provider`, what `POST …/accounts/unlink` takes. */
  providerAccountId: string;
  /** Whether disconnecting it would leave a way in. */
  canUnlink: boolean;
}

/** What `GET {basePath}/account/accounts` answers. */
export interface ConnectedAccounts {
  accounts: ConnectedAccountInfo[];
  /** Configured OAuth/OIDC providers the user has no account of: `{ id, name }`, to sign in with and link. */
  available: { id: string; name: string }[];
}

const OAUTH = new Set(["oauth", "oidc"]);

/** Why this config cannot manage connected accounts, if it cannot. */
function unavailable(ctx: RequestContext): string | undefined {
  const adapter = ctx.config.adapter;
  if (!adapter || typeof adapter.listAccounts !== "function") return "Connected accounts need an adapter with listAccounts() (Foyer's adapters have it).";
  return undefined;
}

/** The user's connected accounts and the providers left to connect. */
export async function connectedAccounts(ctx: RequestContext, user: AdapterUser): Promise<ConnectedAccounts> {
  const all = await ctx.config.adapter!.listAccounts!(user.id);
  const oauth = all.filter((account) => OAUTH.has(account.type) && ctx.config.providerById.has(account.provider));
  const accounts: ConnectedAccountInfo[] = [];
  for (const account of oauth) {
    const key = { provider: account.provider, providerAccountId: account.providerAccountId };
    accounts.push({ ...key, name: ctx.config.providerById.get(account.provider)!.name, canUnlink: await keepsAWayIn(ctx, user, { accounts: [key] }) });
  }
  const linked = new Set(oauth.map((account) => account.provider));
  const available = ctx.config.providers.filter((provider) => OAUTH.has(provider.type) && !linked.has(provider.id)).map(({ id, name }) => ({ id, name }));
  return { accounts, available };
}

export async function accountsRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  const [sub, ...rest] = segments;
  const isPost = ctx.req.method === "POST";
  const route = sub === undefined && !isPost ? "list" : sub === "unlink" && isPost ? "unlink" : undefined;
  if (!route || rest.length) return noRoute();
  const reason = unavailable(ctx);
  if (reason) return json(404, { error: "NotAvailable", message: reason });
  if (route === "unlink" && !ctx.csrf.verified) return missingCsrf();
  const user = await storedUser(ctx, "manage your connected accounts");
  if (isAnswer(user)) return user;
  if (route === "list") return json(200, await connectedAccounts(ctx, user));
  return unlink(ctx, user);
}

async function unlink(ctx: RequestContext, user: AdapterUser): Promise<ResponseInternal> {
  const { provider, providerAccountId } = ctx.req.body ?? {};
  if (typeof provider !== "string" || typeof providerAccountId !== "string")
    return json(400, { error: "InvalidRequest", message: "Give the account's provider and providerAccountId." });
  if (typeof ctx.config.adapter!.unlinkAccount !== "function")
    return json(404, { error: "NotAvailable", message: "Disconnecting accounts needs an adapter with unlinkAccount()." });
  // The last-way-in check and the unlink must not interleave with another change of the same user:
  // the key is the passkey removals' (server/account/passkeys.ts), so that an unlink and a passkey
  // removal cannot each see "one other way left" and take the last two.
  const key = await storeKey("passkey-removal", user.id);
  return removals
    .run(ctx.config.store, key, async () => {
      const own = (await ctx.config.adapter!.listAccounts!(user.id)).find(
        (account) => OAUTH.has(account.type) && account.provider === provider && account.providerAccountId === providerAccountId,
      );
      if (!own) return json(404, { error: "NotFound", message: "No such connected account." });
      const account = { provider, providerAccountId };
      if (!(await keepsAWayIn(ctx, user, { accounts: [account] }))) {
        return json(409, { error: "LastSignInMethod", message: "This is the last way to sign in to the account; add another before disconnecting it." });
      }
      await ctx.config.adapter!.unlinkAccount!(account);
      await ctx.config.events.accountUnlinked({ user, account });
      return json(200, { unlinked: account });
    })
    .catch((error: unknown) => {
      if (error instanceof LockBusy) return json(409, { error: "Busy", message: "Another change to this account is in progress; try again." });
      throw error;
    });
}
