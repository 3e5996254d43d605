/**
 * Sessions kept in a database through the adapter (strategy `database`). The cookie holds a random
 * token; the adapter holds only its SHA-256, or, with `session.storeRawTokens`, the token itself, as
 * Auth.js does. Rows in the other form (Auth.js's, or Foyer's under the other setting) are found too
 * and re-keyed on read, so nobody is logged out by a switch either way (`stored-key.ts`,
 * docs/compatibility.md#rolling-out-over-database-sessions).
 */
import type { Adapter, AdapterSession, AdapterSessionUpdate, AdapterUser, NewAdapterSession } from "../adapters/types.js";
import { deletionCookie } from "../cookies/defaults.js";
import type { RequestContext } from "../context/request-context.js";
import { SessionTokenError, SignOutError } from "../core/errors.js";
import { NO_CACHE_HEADERS } from "../core/response.js";
import type { Cookie, DatabaseCallbackSession, ResponseInternal, Session } from "../types.js";
import { readSessionCache, sessionCacheDeletion, writeSessionCache } from "./database-cache.js";
import { REFRESH_TOKEN_ERROR, refreshUserAccounts } from "./refresh-session.js";
import { rowDeadline } from "./session-lifetime.js";
import { type KeyPolicy, keyFor, locateSession, rekey } from "./stored-key.js";
import type { SessionStrategy, SignInResult, StoredSession } from "./types.js";

/** `lastSeenAt` is written at most this often (milliseconds), not on every request. */
const LAST_SEEN_INTERVAL = 5 * 60 * 1000;

function adapterOf(ctx: RequestContext): Adapter {
  return ctx.config.adapter!;
}

function deletion(ctx: RequestContext): Cookie {
  return deletionCookie(ctx.cookies.sessionToken);
}

/** The cookies that end this browser's database session: the session cookie, and the cache cookie when it sent one. */
function deletions(ctx: RequestContext): Cookie[] {
  return [deletion(ctx), ...sessionCacheDeletion(ctx)];
}

/** The session cookie's raw token, if any. */
function sessionTokenOf(ctx: RequestContext): string | undefined {
  const token = ctx.req.cookies[ctx.cookies.sessionToken.name];
  return token || undefined;
}

/** How this config keys session rows (`session.storeRawTokens`), and whether rows carry metadata. */
function keyPolicy(ctx: RequestContext): KeyPolicy {
  return { rawTokens: ctx.config.session.storeRawTokens, metadata: ctx.config.sessionMetadata };
}

/**
 * The current, unexpired database session, deleting it when it has expired. A live row stored in the
 * other form than this config writes is re-keyed (docs/compatibility.md#live-data-when-you-switch).
 */
async function currentDatabaseSession(ctx: RequestContext): Promise<StoredSession | null> {
  const token = sessionTokenOf(ctx);
  if (!token) return null;
  const adapter = adapterOf(ctx);
  const policy = keyPolicy(ctx);
  const found = await locateSession(adapter, token, policy);
  if (!found) return null;
  const now = Date.now();
  const deadline = absoluteDeadline(ctx, found);
  if (found.session.expires.valueOf() < now || (deadline !== null && deadline <= now)) {
    await adapter.deleteSession!(found.key);
    return null;
  }
  const current = await rekey(adapter, found, token, policy);
  if (current.key !== found.key) ctx.logger.debug("database session re-keyed", { userId: found.session.userId, from: found.form });
  return current;
}

/**
 * The end of the session's absolute lifetime (`session.absoluteMaxAge`, from the row's `createdAt`),
 * ms; `null` without a limit or without a creation time (session-lifetime.ts).
 */
function absoluteDeadline(ctx: RequestContext, found: StoredSession): number | null {
  const { absoluteMaxAge } = ctx.config.session;
  return absoluteMaxAge === undefined ? null : rowDeadline(found.metadata?.createdAt, absoluteMaxAge);
}

/**
 * `GET /session` from the cache cookie (database-cache.ts), without the adapter: the session
 * callback gets what it gets on a database read, as the database had it when the cookie was written.
 */
async function readCachedSession(ctx: RequestContext, token: string): Promise<ResponseInternal<Session | null> | null> {
  const cached = await readSessionCache(ctx, token);
  if (!cached) return null;
  const { user, expires } = cached;
  const sessionInput: DatabaseCallbackSession = { userId: user.id, expires, user };
  if (await refreshUserAccounts(ctx, user.id)) sessionInput.error = REFRESH_TOKEN_ERROR;
  const body = (await ctx.config.callbacks.session({ session: sessionInput, user } as never)) as Session;
  await ctx.config.events.session({ session: body });
  return { body, headers: { ...NO_CACHE_HEADERS }, cookies: [] };
}

/** `GET /session` and `POST /session` for database sessions. */
export async function readDatabaseSession(ctx: RequestContext, update?: { data: unknown }): Promise<ResponseInternal<Session | null>> {
  const response: ResponseInternal<Session | null> = { body: null, headers: { ...NO_CACHE_HEADERS }, cookies: [] };
  const token = sessionTokenOf(ctx);
  if (!token) return response;
  const caching = ctx.config.session.cacheMaxAge !== undefined;
  try {
    // An update always goes to the database (and refreshes the cache cookie).
    if (caching && !update) {
      const cached = await readCachedSession(ctx, token);
      if (cached) return cached;
    }
    const found = await currentDatabaseSession(ctx);
    if (!found) {
      response.cookies = deletions(ctx);
      return response;
    }
    const { session, user, key, metadata } = found;
    const now = Date.now();
    const changes: Omit<AdapterSessionUpdate, "sessionToken"> = {};
    const { maxAge, updateAge } = ctx.config.session;
    const deadline = absoluteDeadline(ctx, found);
    // With an absolute limit, a row without a creation time (Auth.js's) is not extended at all.
    const extendable = !(maxAge instanceof Date) && (ctx.config.session.absoluteMaxAge === undefined || deadline !== null);
    if (extendable) {
      // Sliding expiry, written at most once per updateAge, never past the absolute deadline.
      const due = session.expires.valueOf() - maxAge * 1000 + updateAge * 1000;
      const extended = Math.min(now + maxAge * 1000, deadline ?? Infinity);
      // At the deadline there is nothing left to extend.
      if (due <= now && (deadline === null || extended > session.expires.valueOf())) changes.expires = new Date(extended);
    }
    if (ctx.config.sessionMetadata && (!metadata || now - metadata.lastSeenAt.valueOf() >= LAST_SEEN_INTERVAL)) {
      changes.lastSeenAt = new Date(now);
    }
    if (Object.keys(changes).length) await adapterOf(ctx).updateSession!({ sessionToken: key, ...changes });
    if (changes.expires) response.cookies = [sessionCookie(ctx, token, changes.expires)];
    if (caching) {
      const entry = { user, expires: changes.expires ?? session.expires, deadline };
      const cacheCookie = await writeSessionCache(ctx, token, entry).catch((error: Error) => {
        ctx.logger.debug("session cache cookie not written", { reason: error.name });
        return null;
      });
      if (cacheCookie) response.cookies = [...(response.cookies ?? []), cacheCookie];
    }

    // As Auth.js: the stored session merged with its user, `expires` the stored Date (before this
    // request's extension), and the user again beside it. The stored key is left out: it is a hash
    // nobody can use, or (with `session.storeRawTokens`) a live token that a callback returning
    // `session` whole would put in the JSON (docs/compatibility.md#sessions-and-tokens).
    const sessionInput = callbackSession(session, user);
    // Providers with `refreshTokens`: due access tokens are refreshed in the account rows.
    if (await refreshUserAccounts(ctx, user.id)) sessionInput.error = REFRESH_TOKEN_ERROR;
    const body = (await ctx.config.callbacks.session({
      session: sessionInput,
      user,
      newSession: update?.data,
      ...(update ? { trigger: "update" } : {}),
    } as never)) as Session;
    response.body = body;
    await ctx.config.events.session({ session: body });
    return response;
  } catch (error) {
    ctx.logger.error(new SessionTokenError("The database session could not be read", error as Error));
    response.body = null;
    response.cookies = [];
    return response;
  }
}

/** What the `session` callback gets as `session` with database sessions: `{ ...session, user }` without the stored key. */
function callbackSession(session: AdapterSession, user: AdapterUser): DatabaseCallbackSession {
  const { sessionToken: _storedKey, ...rest } = session;
  return { ...rest, user };
}

function sessionCookie(ctx: RequestContext, token: string, expires: Date): Cookie {
  const option = ctx.cookies.sessionToken;
  return { ...option, value: token, options: { ...option.options, expires } };
}

/**
 * Creates a database session for `userId` after a successful sign-in and returns its cookie. A
 * session the browser already had is ended first: every authentication gets a new token (ASVS V7.2.4).
 */
export async function issueDatabaseSession(ctx: RequestContext, { userId }: SignInResult): Promise<Cookie[]> {
  const adapter = adapterOf(ctx);
  const previous = sessionTokenOf(ctx);
  if (previous) {
    // Best effort: an unknown or already-deleted previous session is not an error.
    await locateSession(adapter, previous, keyPolicy(ctx))
      .then((found) => found && adapter.deleteSession!(found.key))
      .catch(() => undefined);
  }
  const token = ctx.config.session.generateSessionToken();
  const { maxAge, absoluteMaxAge } = ctx.config.session;
  const now = new Date();
  let expires = maxAge instanceof Date ? maxAge : new Date(now.valueOf() + maxAge * 1000);
  if (absoluteMaxAge !== undefined) expires = new Date(Math.min(expires.valueOf(), now.valueOf() + absoluteMaxAge * 1000));
  const record: NewAdapterSession = { sessionToken: await keyFor(token, keyPolicy(ctx)), userId, expires };
  if (ctx.config.sessionMetadata) {
    record.createdAt = now;
    record.lastSeenAt = now;
    record.userAgent = ctx.req.headers.get("user-agent")?.slice(0, 512) ?? null;
    record.ip = clientIp(ctx);
  }
  await adapter.createSession!(record);
  // A cache cookie of the previous session is inert beside the new token; it goes all the same.
  return [sessionCookie(ctx, token, expires), ...sessionCacheDeletion(ctx)];
}

/**
 * The client address, when the integration reports it in `X-Foyer-Client-IP` (foyer-auth/node sets it
 * from the socket and drops any value the client sent). Never read from client-controlled headers.
 */
function clientIp(ctx: RequestContext): string | null {
  const value = ctx.req.headers.get("x-foyer-client-ip");
  return value ? value.trim().slice(0, 64) : null;
}

/**
 * Sign-out: deletes the session row and fires the `signOut` event with what the adapter returned. The
 * cookie goes whatever the database says: the user asked to sign out.
 */
async function endDatabaseSession(ctx: RequestContext): Promise<Cookie[]> {
  const token = sessionTokenOf(ctx);
  if (!token) return [];
  try {
    // Whichever form the row is in: one written by Auth.js (or by Foyer under the other setting) is
    // deleted too, not left behind with the cookie gone.
    const adapter = adapterOf(ctx);
    const found = await locateSession(adapter, token, keyPolicy(ctx));
    const session = found ? await adapter.deleteSession!(found.key) : null;
    await ctx.config.events.signOut({ session: session ?? null });
  } catch (error) {
    ctx.logger.error(new SignOutError("The database session could not be deleted", error as Error));
  }
  return deletions(ctx);
}

async function currentDatabaseUser(ctx: RequestContext): Promise<AdapterUser | null> {
  try {
    return (await currentDatabaseSession(ctx))?.user ?? null;
  } catch {
    return null;
  }
}

/** Sessions as adapter rows, each pointing at a stored user. */
export const databaseSessions: SessionStrategy = {
  storesSessions: true,
  read: readDatabaseSession,
  issue: issueDatabaseSession,
  signOut: endDatabaseSession,
  currentUser: currentDatabaseUser,
  storedSession: currentDatabaseSession,
  signedInButNotStored: async () => false,
};

export { deletions as databaseSessionDeletions };
