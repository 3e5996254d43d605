/**
 * Database sessions, side by side: Foyer and `@auth/core` are given the very same adapter object over
 * the same database (the adapter interfaces are compatible) and each reads a session from it. Auth.js
 * refuses credentials sign-in with database sessions, so both sessions are written through the
 * adapter directly: Foyer's row keyed by the SHA-256 of its token (as Foyer stores it), Auth.js's by
 * the raw token.
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
function implementations(adapter: Adapter): Implementation[] {
  const common = { secret: SECRET, trustHost: true, session: { strategy: "database" as const } };
  const foyerConfig = { ...common, adapter, providers: [FoyerGitHub({ clientId: "bench", clientSecret: "bench" })] };
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

export function databaseCase(label: string): BenchCase {
  return {
    name: `session GET (database, ${label})`,
    expectedStatus: 200,
    request: (state) => new Request(`${BASE}/session`, { headers: { Cookie: cookieHeader(state.jar) } }),
  };
}

/** The implementations and signed-in states for one adapter. */
export async function prepareDatabase(adapter: Adapter): Promise<{ implementations: Implementation[]; states: Map<ImplementationName, BrowserState> }> {
  return { implementations: implementations(adapter), states: await sessions(adapter) };
}
