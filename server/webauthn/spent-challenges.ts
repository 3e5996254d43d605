/**
 * Challenges of VERIFIED ceremonies, remembered until their cookie would have expired.
 *
 * Why remember at all: the challenge lives in a stateless sealed cookie. Deleting the cookie stops
 * an honest browser from reusing it, but a captured request (cookie and body) could be replayed
 * within the cookie's 15 minutes — and passkeys that always report signature counter 0 cannot be
 * caught by the counter rule. This per-config, in-process memory refuses the second verified use.
 *
 * Why only verified ceremonies: options, and so challenges, are free — `GET webauthn-options` needs
 * no session. If every callback were remembered, one client posting well-formed but bogus responses
 * could fill the memory. Only a response signed by an authenticator registered here is remembered,
 * and a bogus one never touches it.
 *
 * Why it may forget: it is still bounded, and a client holding a registered passkey (sign-up is
 * open) can complete verified ceremonies in bulk. When full it forgets the challenges closest to
 * expiry instead of refusing new ones: refusing would lock every passkey user out for up to 15
 * minutes. Forgetting is safe enough: a challenge is only good together with its sealed cookie,
 * which expires with the entry, so the forgotten ones are those whose replay window is nearly over;
 * a replay also needs the victim's captured request (cookie and signed body); and authenticators
 * that count are still caught by the counter rule. Per process only: with several server
 * instances a replay on another instance is refused by the counter rule alone (docs/passkeys.md).
 */
const DEFAULT_CAPACITY = 100_000;

/** `[expiresAt, challenge]`, ordered by expiry in a binary min-heap. */
type Entry = [number, string];

export class SpentChallenges {
  /** challenge → expiry (epoch ms). */
  readonly #spent = new Map<string, number>();
  /** The same entries, soonest expiry first, so that expired and nearly expired ones are found in O(log n). */
  readonly #byExpiry: Entry[] = [];

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  get size(): number {
    return this.#spent.size;
  }

  /**
   * Records `challenge` as used until `expiresAt` (epoch ms). Returns false when it is remembered as
   * used (a replay). Synchronous, so two callbacks of one challenge can never both be told true.
   */
  spend(challenge: string, expiresAt: number, now = Date.now()): boolean {
    const previous = this.#spent.get(challenge);
    if (previous !== undefined && previous > now) return false;
    // Expired entries go first (this also removes `previous`): their cookies no longer open.
    while (this.#byExpiry.length && this.#byExpiry[0]![0] <= now) this.#forgetSoonest();
    // Still full of live challenges: forget the ones whose cookies expire first.
    while (this.#spent.size >= this.capacity && this.#byExpiry.length) this.#forgetSoonest();
    this.#spent.set(challenge, expiresAt);
    this.#push([expiresAt, challenge]);
    return true;
  }

  #forgetSoonest(): void {
    const [, challenge] = this.#pop();
    this.#spent.delete(challenge);
  }

  #push(entry: Entry): void {
    const heap = this.#byExpiry;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]![0] <= entry[0]) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  #pop(): Entry {
    const heap = this.#byExpiry;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]![0] < heap[left]![0] ? right : left;
      if (heap[child]![0] >= last[0]) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
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
