/**
 * Challenges already presented to a callback, remembered until their cookie would have expired.
 *
 * Why: the challenge lives in a stateless sealed cookie. Deleting the cookie stops an honest browser
 * from reusing it, but a captured request (cookie and body) could be replayed within the 15 minutes
 * — and passkeys that always report signature counter 0 cannot be caught by the counter rule. This
 * per-config, in-process memory refuses the second use. It is bounded (when it is full of live
 * challenges it refuses new ones — fail closed — rather than forget one) and per process: with several
 * server instances a replay on another instance is still refused by the counter rule only (for
 * authenticators that count), which docs/passkeys.md says.
 */
const MAX_ENTRIES = 100_000;

const byScope = new WeakMap<object, Map<string, number>>();

/**
 * Records `challenge` as used until `expiresAt` (epoch ms). Returns false when it was used before
 * (a replay). `scope` is the normalised config, so two configs never share the memory.
 */
export function spendChallenge(scope: object, challenge: string, expiresAt: number): boolean {
  let spent = byScope.get(scope);
  if (!spent) byScope.set(scope, (spent = new Map()));
  const now = Date.now();
  const previous = spent.get(challenge);
  if (previous !== undefined && previous > now) return false;
  if (spent.size >= MAX_ENTRIES) {
    // Only expired entries may go: forgetting a live one would let its captured request be replayed.
    for (const [key, expiry] of spent) if (expiry <= now) spent.delete(key);
    // Still full of live challenges (a flood of options + callbacks): refuse rather than forget.
    if (spent.size >= MAX_ENTRIES) return false;
  }
  spent.set(challenge, expiresAt);
  return true;
}
