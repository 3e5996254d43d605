/**
 * Session management beyond Auth.js (ASVS V7.5.2, V7.4.2, V7.4.5): a signed-in user lists their
 * sessions and ends one or all others; an app ends all sessions of a user. Needs database sessions
 * and an adapter with Foyer's `listSessions` / `deleteSessions` capabilities.
 */
import type { AdapterSessionWithMetadata } from "../adapters/types.js";
import { hashSessionToken } from "../adapters/wrap.js";
import type { RequestContext } from "../context/request-context.js";
import { crypto } from "../jwt/crypto.js";
import { databaseSessionDeletions } from "../session/database-session.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { StoredSession } from "../session/types.js";
import type { ResponseInternal } from "../types.js";
import { JSON_HEADERS } from "../core/response.js";
import { parseUserAgent } from "./user-agent.js";

/** A session as its owner sees it. `id` is derived from the stored key; it is not the token. */
export interface SessionInfo {
  id: string;
  current: boolean;
  createdAt: string | null;
  lastSeenAt: string | null;
  expires: string;
  userAgent: string | null;
  ip: string | null;
  /** The browser named by the user agent ("Chrome", "Safari", …), or `null` when it cannot be told. */
  browser: string | null;
  /** The operating system named by the user agent ("macOS", "Android", …), or `null`. */
  os: string | null;
}

const json = (status: number, body: unknown): ResponseInternal => ({ status, headers: { ...JSON_HEADERS, "Cache-Control": "no-store" }, body });

/** The public id of a stored session: a hash of its key, so the listing never shows what the database stores. */
export async function sessionId(key: string): Promise<string> {
  return (await crypto.sha256Hex(`foyer.session-id:${key}`)).slice(0, 32);
}

/** Whether this config can manage sessions; otherwise the reason. */
export function managementUnavailable(ctx: RequestContext): string | undefined {
  const adapter = ctx.config.adapter;
  if (!sessionStrategyOf(ctx.config).storesSessions || !adapter) return "Session management needs the database session strategy (an adapter).";
  if (typeof adapter.listSessions !== "function" || typeof adapter.deleteSessions !== "function") {
    return "Session management needs an adapter with listSessions() and deleteSessions() (Foyer's adapters have them).";
  }
  return undefined;
}

async function describe(session: AdapterSessionWithMetadata, current: string): Promise<SessionInfo> {
  const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);
  return {
    id: await sessionId(session.sessionToken),
    current: session.sessionToken === current,
    createdAt: iso(session.createdAt),
    lastSeenAt: iso(session.lastSeenAt),
    expires: new Date(session.expires).toISOString(),
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
    ...parseUserAgent(session.userAgent),
  };
}

/** `GET {basePath}/account/sessions` and the `POST …/revoke`, `POST …/revoke-others` routes. */
export async function sessionsRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  const unavailable = managementUnavailable(ctx);
  if (unavailable) return json(404, { error: "NotAvailable", message: unavailable });
  const [sub, ...rest] = segments;
  if (rest.length) return json(404, { error: "NotFound", message: "No such route." });
  const isPost = ctx.req.method === "POST";
  if (sub === undefined && !isPost) return listRoute(ctx);
  if ((sub === "revoke" || sub === "revoke-others") && isPost) {
    if (!ctx.csrf.verified) return json(403, { error: "MissingCSRF", message: "A valid csrfToken is required." });
    return sub === "revoke" ? revokeRoute(ctx) : revokeOthersRoute(ctx);
  }
  return json(404, { error: "NotFound", message: "No such route." });
}

async function signedIn(ctx: RequestContext): Promise<StoredSession | ResponseInternal> {
  const current = await sessionStrategyOf(ctx.config).storedSession(ctx);
  return current ?? json(401, { error: "SessionRequired", message: "Sign in to manage your sessions." });
}

async function listRoute(ctx: RequestContext): Promise<ResponseInternal> {
  const current = await signedIn(ctx);
  if (!("key" in current)) return current;
  const sessions = await ctx.config.adapter!.listSessions!(current.user.id);
  const live = sessions.filter((session) => new Date(session.expires).valueOf() >= Date.now());
  return json(200, { sessions: await Promise.all(live.map((session) => describe(session, current.key))) });
}

async function revokeRoute(ctx: RequestContext): Promise<ResponseInternal> {
  const current = await signedIn(ctx);
  if (!("key" in current)) return current;
  const wanted = ctx.req.body?.id;
  if (typeof wanted !== "string") return json(400, { error: "InvalidRequest", message: "Give the session's id." });
  // Only the user's own sessions can be found here (security case R-CONF-07).
  const sessions = await ctx.config.adapter!.listSessions!(current.user.id);
  for (const session of sessions) {
    if ((await sessionId(session.sessionToken)) !== wanted) continue;
    await ctx.config.adapter!.deleteSession!(session.sessionToken);
    await ctx.config.events.sessionRevoked({ user: current.user, count: 1, current: session.sessionToken === current.key });
    const response = json(200, { revoked: 1 });
    if (session.sessionToken === current.key) response.cookies = databaseSessionDeletions(ctx);
    return response;
  }
  return json(404, { error: "NotFound", message: "No such session." });
}

async function revokeOthersRoute(ctx: RequestContext): Promise<ResponseInternal> {
  const current = await signedIn(ctx);
  if (!("key" in current)) return current;
  const revoked = await ctx.config.adapter!.deleteSessions!(current.user.id, { except: [current.key] });
  await ctx.config.events.sessionRevoked({ user: current.user, count: Number(revoked) || 0, current: false });
  return json(200, { revoked });
}

/**
 * Ends every session of a user (an administrator's action, or after disabling an account). Works with
 * any adapter that has `deleteSessions`, from server code: there is no route for it. With the session
 * cache on (`session.cache`), a browser's cached copy is still accepted for at most `cache.maxAge`
 * seconds, on every instance (docs/sessions.md#session-cache).
 */
export async function revokeUserSessions(
  adapter: { deleteSessions?: (userId: string, options?: { except?: string[] }) => unknown },
  userId: string,
): Promise<number> {
  if (typeof adapter.deleteSessions !== "function") throw new TypeError("revokeUserSessions needs an adapter with deleteSessions()");
  return Number(await adapter.deleteSessions(userId)) || 0;
}

export { hashSessionToken };
