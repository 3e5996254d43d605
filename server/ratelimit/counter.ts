/**
 * Counting against one rule in the shared store: fixed windows aligned to the clock (the window's
 * number is part of the key, so one `increment` both counts and tells the window's end), and for
 * rules with back-off a lock that doubles each time the limit is hit again within a day.
 */
import type { ResolvedRule } from "../config/rate-limits.js";
import { storeKey } from "../stores/keys.js";
import type { Store } from "../stores/types.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one request for `subject` (already a route and scope specific string) against `rule`:
 * `0` when it is allowed, else the milliseconds until the next one would be.
 */
export async function consume(store: Store, subject: string, rule: ResolvedRule, now = Date.now()): Promise<number> {
  const lockKey = rule.backoff ? await storeKey("rate-limit-lock", subject) : undefined;
  if (lockKey) {
    const until = Number(await store.get(lockKey));
    if (until > now) return until - now;
  }
  const window = Math.floor(now / rule.windowMs);
  const windowEnd = (window + 1) * rule.windowMs;
  const count = await store.increment(await storeKey("rate-limit", subject, String(rule.windowMs), String(window)), windowEnd - now);
  if (count <= rule.max) return 0;
  if (!lockKey || count !== rule.max + 1) return windowEnd - now;
  // The first request over the limit in this window: lock for a window, then 2, 4… (at most a day).
  const strikes = await store.increment(await storeKey("rate-limit-strikes", subject), DAY_MS);
  const lockMs = Math.min(rule.windowMs * 2 ** Math.min(strikes - 1, 20), DAY_MS);
  await store.set(lockKey, String(now + lockMs), lockMs);
  return lockMs;
}

/**
 * Forgets this window's count for `subject` (its back-off strikes stay): a person who typed the
 * password wrong a few times and then right starts again from nothing. Only a successful sign-in
 * does this, and only the identifier's own count: an attacker cannot reset a victim's, nor a
 * client's per-address count.
 */
export async function forgive(store: Store, subject: string, rule: ResolvedRule, now = Date.now()): Promise<void> {
  const window = Math.floor(now / rule.windowMs);
  await store.delete(await storeKey("rate-limit", subject, String(rule.windowMs), String(window)));
}
