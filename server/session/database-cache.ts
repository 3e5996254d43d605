/**
 * The database session cache (`session.cache`): after a read from the database, the session and its
 * user go into a short-lived encrypted cookie beside the session cookie, and reads within
 * `cache.maxAge` seconds are answered from it without asking the adapter.
 *
 * Why a cookie and not the shared store: a hit costs no round trip to anything, on any instance,
 * and needs no invalidation protocol between instances. The price is bounded and documented
 * (docs/sessions.md#session-cache): a session ended elsewhere is still accepted from a cache cookie
 * written before, for at most `cache.maxAge` seconds, after which every instance asks the database.
 *
 * What keeps a cache cookie from standing for anything else:
 * - It is sealed (JWE, A256CBC-HS512) under the app's secrets with its own salt, the cache cookie's
 *   name: a session token does not open as a cache entry, nor the other way round. A tampered or
 *   foreign value does not open and is ignored (the database is asked, and the cookie rewritten).
 * - It names the SHA-256 of the session token it was written for and is used only beside that token:
 *   a new sign-in (a new token), or a session cookie that Auth.js or the app deleted, leaves it inert.
 * - It holds its own deadline in milliseconds, checked strictly, and the session's stored expiry and
 *   absolute deadline, so it never outlives the session it copies.
 *
 * The cookie's name is outside Auth.js's `authjs.` namespace, so Auth.js, sharing the domain during a
 * rollout, neither reads nor chunks it; the session cookie itself is unchanged.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { deletionCookie } from "../cookies/defaults.js";
import { encode } from "../jwt/index.js";
import { crypto } from "../jwt/crypto.js";
import type { Cookie, CookieOption } from "../types.js";
import { openCachedToken } from "./token-cache.js";

/** The cache cookie's name after the `__Secure-` prefix (when the session cookie is secure). */
export const SESSION_CACHE_COOKIE = "foyer.session-cache";

/** Above this a cache cookie is not written (browsers drop cookies over 4096 bytes); reads go to the database. */
const MAX_COOKIE_LENGTH = 3800;

/** What a cache cookie holds (short keys: the cookie travels with every request). */
interface CachedEntry {
  /** SHA-256 (hex) of the session token this entry belongs to. */
  h: string;
  /** The user as the adapter returned it; `d` lists its fields that were Dates. */
  u: Record<string, unknown>;
  d: string[];
  /** The session's stored expiry, ms. */
  e: number;
  /** The session's absolute deadline, ms, when there is one. */
  a?: number;
  /** The entry is used until this time, ms. */
  v: number;
}

/** A session answered from the cache: what the session callback needs. */
export interface CachedSession {
  user: AdapterUser;
  expires: Date;
}

/** The cache cookie's name and options: the session cookie's attributes, Foyer's own name. */
export function sessionCacheCookie(ctx: RequestContext): CookieOption {
  const session = ctx.cookies.sessionToken;
  const prefix = session.options.secure ? "__Secure-" : "";
  return { name: `${prefix}${SESSION_CACHE_COOKIE}`, options: { ...session.options } };
}

/** The cookie that deletes the cache cookie, when this request carries one. */
export function sessionCacheDeletion(ctx: RequestContext): Cookie[] {
  const option = sessionCacheCookie(ctx);
  return ctx.req.cookies[option.name] ? [deletionCookie(option)] : [];
}

const tokenHash = (token: string) => crypto.sha256Hex(`foyer.session-cache:${token}`);

/**
 * The cached session for the session cookie's `token`, or `null` (no cache cookie, one that does not
 * open, belongs to another token, or has run out). Never throws: a bad cache cookie only means a miss.
 */
export async function readSessionCache(ctx: RequestContext, token: string): Promise<CachedSession | null> {
  const option = sessionCacheCookie(ctx);
  const sealed = ctx.req.cookies[option.name];
  if (!sealed) return null;
  try {
    const opened = await openCachedToken(ctx.config, sealed, ctx.config.secret, option.name);
    const entry = opened?.payload as unknown as CachedEntry | undefined;
    if (!entry || typeof entry.h !== "string" || typeof entry.v !== "number" || typeof entry.e !== "number") return null;
    const now = Date.now();
    if (entry.v <= now || entry.e <= now || (typeof entry.a === "number" && entry.a <= now)) return null;
    if (entry.h !== (await tokenHash(token))) return null;
    const user = { ...entry.u } as Record<string, unknown>;
    for (const key of Array.isArray(entry.d) ? entry.d : []) {
      if (typeof user[key] === "string") user[key] = new Date(user[key]);
    }
    return { user: user as unknown as AdapterUser, expires: new Date(entry.e) };
  } catch {
    ctx.logger.debug("session cache cookie ignored: it does not open");
    return null;
  }
}

/**
 * The cache cookie for a session just read from the database: valid `cache.maxAge` seconds, never
 * past the session's expiry or absolute deadline (`deadline`, ms). `null` when it would be too large.
 */
export async function writeSessionCache(
  ctx: RequestContext,
  token: string,
  session: { user: AdapterUser; expires: Date; deadline: number | null },
): Promise<Cookie | null> {
  const cacheMaxAge = ctx.config.session.cacheMaxAge!;
  const option = sessionCacheCookie(ctx);
  const now = Date.now();
  const expires = session.expires.valueOf();
  const until = Math.min(now + cacheMaxAge * 1000, expires, session.deadline ?? Infinity);
  if (until <= now) return null;
  const user = { ...session.user } as Record<string, unknown>;
  const dates = Object.keys(user).filter((key) => user[key] instanceof Date);
  const entry: CachedEntry = { h: await tokenHash(token), u: user, d: dates, e: expires, v: until };
  if (session.deadline !== null) entry.a = session.deadline;
  const sealed = await encode({ token: entry as never, secret: ctx.config.secret, salt: option.name, maxAge: Math.ceil((until - now) / 1000) });
  if (sealed.length > MAX_COOKIE_LENGTH) {
    ctx.logger.debug("session cache cookie not written: too large", { size: sealed.length });
    return null;
  }
  return { ...option, value: sealed, options: { ...option.options, expires: new Date(until) } };
}
