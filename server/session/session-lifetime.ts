/**
 * The absolute session lifetime (`session.absoluteMaxAge`): beside the sliding `maxAge`, which every
 * use pushes further out, a limit counted from the sign-in that nothing pushes (ASVS V7.3.2).
 *
 * - Cookie sessions carry the sign-in time as the claim `foyer_auth_time` (seconds since the epoch).
 *   It is set when the session is issued, put back when a jwt callback returns a token without it,
 *   and every re-sealed token's `exp` is held to the limit. A token sealed before the limit was
 *   configured (or by Auth.js) has no claim: its clock starts at its `iat`, the earliest time the
 *   token itself vouches for.
 * - Database sessions count from the row's `createdAt` (Foyer's session metadata). A row without one
 *   (written by Auth.js) is no longer extended, so it ends at its stored expiry.
 *
 * The claim's name is Foyer's own: `auth_time` is an OpenID Connect claim that apps copy from their
 * provider's profile, whose time may be much older than this sign-in.
 */
import type { JWT } from "../types.js";

/** The claim of a cookie session that holds its sign-in time, in seconds since the epoch. */
export const AUTH_TIME_CLAIM = "foyer_auth_time";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * When the cookie session of `payload` started, for the absolute limit: its claim, else (a token
 * written without it) its `iat`, else now.
 */
export function authTimeOf(payload: JWT): { authTime: number; claimed: boolean } {
  const claim = payload[AUTH_TIME_CLAIM];
  if (typeof claim === "number" && Number.isFinite(claim)) return { authTime: claim, claimed: true };
  return { authTime: typeof payload.iat === "number" ? payload.iat : nowSeconds(), claimed: false };
}

/** Whether a session that started at `authTime` (seconds) has outlived `absoluteMaxAge` (seconds). */
export function pastAbsoluteLimit(authTime: number, absoluteMaxAge: number): boolean {
  return nowSeconds() >= authTime + absoluteMaxAge;
}

/**
 * A token lifetime (`maxAge` seconds from now, ending at `expires`) held to the absolute limit of a
 * session that started at `authTime`. At least one second: a token past its limit is refused on read,
 * before anything re-seals it.
 */
export function capTokenLifetime(lifetime: { maxAge: number; expires: Date }, authTime: number, absoluteMaxAge: number): { maxAge: number; expires: Date } {
  const now = nowSeconds();
  const left = Math.max(1, authTime + absoluteMaxAge - now);
  if (left >= lifetime.maxAge) return lifetime;
  return { maxAge: left, expires: new Date((now + left) * 1000) };
}

/**
 * The end of a database session's absolute lifetime in milliseconds, or `null` when its row has no
 * creation time to count from.
 */
export function rowDeadline(createdAt: Date | null | undefined, absoluteMaxAge: number): number | null {
  if (!createdAt) return null;
  const created = new Date(createdAt).valueOf();
  return Number.isNaN(created) ? null : created + absoluteMaxAge * 1000;
}
