/**
 * Credentials sign-in: `POST {basePath}/callback/<id>` with the form fields. CSRF is required. `authorize` decides; a falsy result or a thrown `CredentialsSignin` sends the user back
 * to the sign-in page with `error=CredentialsSignin&code=…`; any other throw is a server error.
 */
import type { RequestContext } from "../../context/request-context.js";
import { CredentialsSignin, InvalidProvider } from "../../core/errors.js";
import { requireCsrf } from "../../context/guards.js";
import { runSignInCallback } from "../../context/signin-callback.js";
import { crypto } from "../../jwt/crypto.js";
import { signedInRedirect } from "../../session/signed-in-redirect.js";
import { newUserRecord, presentEmail } from "../../session/new-user.js";
import { sessionStrategyOf } from "../../session/strategy.js";
import type { Account, ResponseInternal, User } from "../../types.js";
import type { AdapterUser } from "../../adapters/types.js";
import type { CredentialsProvider } from "../../config/types.js";

export async function credentialsCallback(ctx: RequestContext, provider: CredentialsProvider): Promise<ResponseInternal> {
  if (ctx.req.method !== "POST") throw new InvalidProvider("Callback for provider type (credentials) is not supported");
  requireCsrf(ctx);
  const credentials = { ...(ctx.req.body ?? {}) };

  const authorized = await provider.authorize(credentials, authorizeRequest(ctx, credentials));
  if (!authorized) throw new CredentialsSignin("authorize() returned no user");

  const rawUser = authorized as User;
  const user: User = { ...rawUser, id: rawUser.id === undefined || rawUser.id === null ? crypto.randomUUID() : String(rawUser.id) };
  const account: Account = { providerAccountId: user.id!, type: "credentials", provider: provider.id };

  const redirect = await runSignInCallback(ctx, { user, account, credentials });
  if (redirect) return { redirect };

  const sessions = sessionStrategyOf(ctx.config);
  // Sessions that point at a stored user need one (Auth.js refuses credentials with database sessions:
  // docs/compatibility.md#sessions-and-tokens); cookie sessions carry the user as authorize() gave it.
  const stored = sessions.storesSessions ? await findOrCreateUser(ctx, rawUser, user, account) : undefined;
  const cookies = await sessions.issue(ctx, { user, account, isNewUser: false, userId: stored?.user.id ?? user.id! });
  // Like Auth.js, the signIn event gets what authorize() returned, extra fields included.
  await ctx.config.events.signIn(stored ? { user: rawUser, account, isNewUser: stored.isNewUser } : { user: rawUser, account });
  return { redirect: signedInRedirect(ctx, stored?.isNewUser), cookies };
}

/**
 * The stored user for a credentials account, created (with its account link) on first sign-in. The
 * user is found by the id `authorize` returned — through a `credentials` account, never by e-mail —
 * so credentials users can be listed and revoked like everyone else. Two first sign-ins at the same
 * moment both miss the lookup; the one whose create loses (a duplicate id or account) uses the
 * winner's user instead of failing.
 */
async function findOrCreateUser(ctx: RequestContext, rawUser: User, user: User, account: Account): Promise<{ user: AdapterUser; isNewUser: boolean }> {
  const adapter = ctx.config.adapter!;
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  const existing = await adapter.getUserByAccount!(key);
  if (existing) return { user: existing, isNewUser: false };
  const newUser = newUserRecord({ ...pickProfile(user), id: user.id! });
  const linked = { ...account, type: "credentials" as const };
  let stored: AdapterUser;
  try {
    // One transaction where the adapter offers it: no user without their account after a crash.
    if (adapter.createUserWithAccount) stored = (await adapter.createUserWithAccount({ user: newUser, account: linked })).user;
    else stored = await adapter.createUser!(newUser);
  } catch (error) {
    const winner = (await adapter.getUserByAccount!(key)) ?? (await adapter.getUser?.(user.id!));
    if (!winner) throw error;
    ctx.logger.debug("concurrent first sign-in: using the user another request created", { userId: winner.id });
    return { user: winner, isNewUser: false };
  }
  await ctx.config.events.createUser({ user: stored });
  if (!adapter.createUserWithAccount) {
    try {
      await adapter.linkAccount!({ ...linked, userId: stored.id });
    } catch (error) {
      if (!(await adapter.getUserByAccount!(key))) throw error;
    }
  }
  await ctx.config.events.linkAccount({ user: stored, account: { ...linked, userId: stored.id }, profile: rawUser });
  return { user: stored, isNewUser: true };
}

/** The user fields worth storing from an `authorize` result (not passwords or other extras); no address is no `email`. */
function pickProfile(user: User): User {
  const email = presentEmail(user.email);
  return { name: user.name ?? null, ...(email === undefined ? {} : { email }), image: user.image ?? null };
}

/** The request handed to `authorize`: original URL, method and headers; the parsed body as JSON. */
function authorizeRequest(ctx: RequestContext, credentials: Record<string, unknown>): Request {
  const headers = new Headers(ctx.req.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(ctx.req.url, { method: ctx.req.method, headers, body: JSON.stringify(credentials) });
}
