/**
 * Database sessions, side by side: Foyer and `@auth/core` are given the very same adapter object over
 * the same database (the adapter interfaces are compatible) and each reads a session from it. Auth.js
 * refuses credentials sign-in with database sessions, so both sessions are written through the
 * adapter directly: Foyer's row keyed by the SHA-256 of its token (as Foyer stores it), Auth.js's by
 * the raw token.
 *
 * With `cache`, Foyer runs with its database session cache on (`session.cache`, docs/sessions.md): its
 * browser state then also holds the cache cookie of one read beforehand, as a returning browser's
 * does, so the measured reads are cache hits. `@auth/core` has no such cache; it is the same either way.
 */
import { createHash, randomBytes } from "node:crypto";
import { Auth as AuthjsAuth } from "@auth/core";
import AuthjsGitHub from "@auth/core/providers/github";
import { Auth as FoyerAuth } from "../server/index.js";
import type { Adapter } from "../server/adapters/types.js";
import FoyerGitHub from "../server/providers/github.js";
import type { BenchCase, BrowserState, Implementation, ImplementationName } from "./cases.js";
import { BASE, SECRET, cookieHeader } from "./cases.js";

/**
 * Auth.js refuses the database strategy with credentials-only configs (UnsupportedStrategy), so both
 * configs list an OAuth provider instead; session reads never touch it.
 */
function implementations(adapter: Adapter, cache: boolean): Implementation[] {
  const common = { secret: SECRET, trustHost: true, session: { strategy: "database" as const } };
  const foyerConfig = {
    ...common,
    // An hour: longer than any run, so that every measured read is a hit.
    session: { ...common.session, ...(cache ? { cache: { maxAge: CACHE_SECONDS } } : {}) },
    adapter,
    providers: [FoyerGitHub({ clientId: "bench", clientSecret: "bench" })],
  };
  const authjsConfig = {
    ...common,
    adapter: adapter as never,
    providers: [AuthjsGitHub({ clientId: "bench", clientSecret: "bench" })],
    logger: { error() {}, warn() {}, debug() {} },
  };
  return [
    { name: "foyer", handle: (request) => FoyerAuth(request, foyerConfig) },
    { name: "@auth/core", handle: (request) => AuthjsAuth(request, authjsConfig) },
  ];
}

/** A user and one session per implementation, stored through the adapter. */
async function sessions(adapter: Adapter): Promise<Map<ImplementationName, BrowserState>> {
  const user = await adapter.createUser!({
    id: `bench-${randomBytes(6).toString("hex")}`,
    name: "Ada Lovelace",
    email: `ada-${randomBytes(4).toString("hex")}@example.com`,
    emailVerified: null,
  });
  const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const foyerToken = randomBytes(32).toString("base64url");
  const authjsToken = crypto.randomUUID();
  await adapter.createSession!({ sessionToken: createHash("sha256").update(foyerToken).digest("hex"), userId: user.id, expires, lastSeenAt: new Date() });
  await adapter.createSession!({ sessionToken: authjsToken, userId: user.id, expires, lastSeenAt: new Date() });
  return new Map<ImplementationName, BrowserState>([
    ["foyer", { jar: new Map([["authjs.session-token", foyerToken]]), csrfToken: "" }],
    ["@auth/core", { jar: new Map([["authjs.session-token", authjsToken]]), csrfToken: "" }],
  ]);
}

/** The session cache's lifetime in the cached case, seconds. */
export const CACHE_SECONDS = 3600;
/** The cache cookie's name (plain HTTP: no `__Secure-` prefix). */
export const CACHE_COOKIE = "foyer.session-cache";

export function databaseCase(label: string, cache = false): BenchCase {
  return {
    name: `session GET (database, ${label}${cache ? ", Foyer's session cache on" : ""})`,
    expectedStatus: 200,
    request: (state) => new Request(`${BASE}/session`, { headers: { Cookie: cookieHeader(state.jar) } }),
  };
}

/** The implementations and signed-in states for one adapter; with `cache`, Foyer's session cache on and its cookie in Foyer's state. */
export async function prepareDatabase(
  adapter: Adapter,
  { cache = false }: { cache?: boolean } = {},
): Promise<{ implementations: Implementation[]; states: Map<ImplementationName, BrowserState> }> {
  const impls = implementations(adapter, cache);
  const states = await sessions(adapter);
  if (cache) {
    const foyer = impls.find((impl) => impl.name === "foyer")!;
    const state = states.get("foyer")!;
    const response = await foyer.handle(databaseCase("", true).request(state));
    const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CACHE_COOKIE}=`));
    if (!set) throw new Error("the session read wrote no session cache cookie");
    state.jar.set(CACHE_COOKIE, set.slice(CACHE_COOKIE.length + 1, set.indexOf(";")));
  }
  return { implementations: impls, states };
}
