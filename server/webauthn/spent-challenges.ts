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
const DEFAULT_CAPACITY = 100_000;

export class SpentChallenges {
  readonly #spent = new Map<string, number>();

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  /** Records `challenge` as used until `expiresAt` (epoch ms). Returns false when it was used before (a replay). */
  spend(challenge: string, expiresAt: number, now = Date.now()): boolean {
    const spent = this.#spent;
    const previous = spent.get(challenge);
    if (previous !== undefined && previous > now) return false;
    if (spent.size >= this.capacity) {
      // Only expired entries may go: forgetting a live one would let its captured request be replayed.
      for (const [key, expiry] of spent) if (expiry <= now) spent.delete(key);
      // Still full of live challenges (a flood of options + callbacks): refuse rather than forget.
      if (spent.size >= this.capacity) return false;
    }
    spent.set(challenge, expiresAt);
    return true;
  }
}

const byScope = new WeakMap<object, SpentChallenges>();

/** The memory of `scope` (the normalised config, so two configs never share it). */
export function spentChallengesOf(scope: object): SpentChallenges {
  let memory = byScope.get(scope);
  if (!memory) byScope.set(scope, (memory = new SpentChallenges()));
  return memory;
}

/** Gives `scope` a memory of its own (tests use a small capacity to reach "full" in a few requests). */
export function useSpentChallenges(scope: object, memory: SpentChallenges): void {
  byScope.set(scope, memory);
}

/** Records `challenge` as used in `scope`'s memory; false for a replay. */
export function spendChallenge(scope: object, challenge: string, expiresAt: number): boolean {
  return spentChallengesOf(scope).spend(challenge, expiresAt);
}
