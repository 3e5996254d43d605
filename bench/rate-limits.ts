/**
 * The rate limiter's cost on a sign-in: the credentials sign-in POST of cases.ts, with Foyer's rate
 * limits on (both rules of the `credentials` route counted in the default memory store, a client
 * address given) beside `@auth/core` (which has none). Compared with the plain "sign-in POST
 * (credentials)" line, the difference in Foyer's throughput is what counting costs. The limits are
 * set far above what a run sends, so every request is counted and none is refused.
 */
import { Auth as AuthjsAuth } from "@auth/core";
import AuthjsCredentials from "@auth/core/providers/credentials";
import { Auth as FoyerAuth } from "../server/index.js";
import FoyerCredentials from "../server/providers/credentials.js";
import { memoryStore } from "../server/stores/memory.js";
import type { Store } from "../server/stores/types.js";
import { CASES, SECRET, signIn, type BenchCase, type BrowserState, type Implementation, type ImplementationName } from "./cases.js";

const USER = { id: "42", name: "Ada Lovelace", email: "ada@example.com", image: null };
const credentialFields = { username: { label: "Username" }, password: { label: "Password", type: "password" } };
const authorize = (credentials: Partial<Record<string, unknown>>) =>
  credentials.username === "ada" && credentials.password === "correct horse" ? { ...USER } : null;

const NEVER = { max: 1_000_000_000, window: 3600 };

/** A memory store that counts its `increment` calls (the bench test checks that the limiter ran). */
export function countingStore(): Store & { increments: number } {
  const store = Object.assign(memoryStore(), { increments: 0 });
  const increment = store.increment.bind(store);
  store.increment = (key, ttlMs) => {
    store.increments++;
    return increment(key, ttlMs);
  };
  return store;
}

export const RATE_LIMITED_SIGN_IN: BenchCase = {
  ...CASES.find((benchCase) => benchCase.name === "sign-in POST (credentials)")!,
  name: "sign-in POST (credentials, rate limits on)",
};

/** Foyer with limits on and `@auth/core`, each signed in once. */
export async function prepareRateLimited(
  store: Store = countingStore(),
): Promise<{ implementations: Implementation[]; states: Map<ImplementationName, BrowserState> }> {
  const foyerConfig = {
    providers: [FoyerCredentials({ credentials: credentialFields, authorize })],
    secret: SECRET,
    trustHost: true,
    store,
    rateLimits: { credentials: { perIdentifier: { ...NEVER, backoff: true }, perAddress: NEVER }, clientAddress: () => "203.0.113.7" },
  };
  const authjsConfig = {
    providers: [AuthjsCredentials({ credentials: credentialFields, authorize: (c) => authorize(c as Record<string, unknown>) })],
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
  };
  const implementations: Implementation[] = [
    { name: "foyer", handle: (request) => FoyerAuth(request, foyerConfig) },
    { name: "@auth/core", handle: (request) => AuthjsAuth(request, authjsConfig) },
  ];
  const states = new Map<ImplementationName, BrowserState>();
  for (const impl of implementations) states.set(impl.name, await signIn(impl));
  return { implementations, states };
}
