/**
 * Child process of server/stores/instances.test.ts: one instance of an app, run as
 * `node --import tsx store-instance-child.ts <redis-url> <redis-prefix> <postgres-url> <token-endpoint> <closed-port>`.
 * Several of these share one Redis (same prefix) and one PostgreSQL schema, as instances behind a
 * load balancer do. Each serves three Foyer configs over HTTP through the Node integration:
 *
 * - `/auth`: passkeys and e-mail links, PostgreSQL adapter, store `redisStore({ url, prefix })`.
 * - `/tokens`: an OAuth provider with `refreshTokens` whose token endpoint the parent runs, jwt
 *   sessions without an adapter (so only the store can keep two instances from both refreshing).
 * - `/down`: as `/auth`, but its store points at a closed port (Redis down).
 * - `/db`: database sessions on the PostgreSQL adapter with the session cache on
 *   (`session.cache.maxAge` = `SESSION_CACHE_SECONDS`), credentials sign-in (any username,
 *   password `pw`).
 *
 * Prints `LISTENING <port>` when it answers; every e-mail it would send as `SENT <address>`; every
 * error it logs as `LOG <class> <type>` (the StoreError burst count is read from these).
 * AUTH_URL is `http://localhost:3000` (harness.ts's ORIGIN), the origin every instance answers as.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import PostgresAdapter from "../adapters/postgres.js";
import { createAuthHandler } from "../integrations/node.js";
import Credentials from "../providers/credentials.js";
import Email from "../providers/email-alias.js";
import type { OAuthConfig } from "../providers/oauth.js";
import Passkey from "../providers/passkey.js";
import { redisStore } from "../stores/redis.js";
import type { Store } from "../stores/types.js";
import type { AuthConfig, LoggerInstance } from "../types.js";
import { ORIGIN, SECRET } from "./harness.js";

const print = (line: string) => process.stdout.write(`${line}\n`);

/** The `/db` app's session cache lifetime, seconds: short, so the test can wait it out. */
const SESSION_CACHE_SECONDS = 2;

const logger = (base: string): LoggerInstance => ({
  error: (error) => print(`LOG ${base} ${error.name} ${(error as { type?: string }).type ?? ""}`.trimEnd()),
  warn() {},
  debug() {},
});

async function main(): Promise<void> {
  const [redisUrl, prefix, postgresUrl, tokenEndpoint, closedPort] = process.argv.slice(2);
  if (!redisUrl || !prefix || !postgresUrl || !tokenEndpoint || !closedPort) {
    throw new Error("usage: store-instance-child.ts <redis-url> <redis-prefix> <postgres-url> <token-endpoint> <closed-port>");
  }
  // Every instance answers as the one public origin (a load balancer's), whatever port it listens on.
  process.env.AUTH_URL = ORIGIN;
  const adapter = PostgresAdapter({ connectionString: postgresUrl, max: 3 });
  await adapter.migrate();
  const store = redisStore({ url: redisUrl, prefix });
  const downStore = redisStore({ url: `redis://127.0.0.1:${closedPort}`, prefix, timeoutMs: 500 });

  const signInConfig = (basePath: string, shared: Store): AuthConfig => ({
    secret: SECRET,
    trustHost: true,
    basePath,
    adapter,
    store: shared,
    session: { strategy: "jwt" },
    logger: logger(basePath),
    providers: [Passkey(), Email({ resendCooldown: 60, sendVerificationRequest: ({ identifier }) => void print(`SENT ${basePath} ${identifier}`) })],
  });
  const oauth: OAuthConfig = {
    id: "acme",
    name: "Acme",
    type: "oauth",
    clientId: "client-a",
    clientSecret: "secret-a",
    authorization: `${new URL(tokenEndpoint).origin}/authorize`,
    token: tokenEndpoint,
    userinfo: `${new URL(tokenEndpoint).origin}/userinfo`,
    refreshTokens: true,
    profile: (profile) => ({ id: String(profile.sub) }),
  } as OAuthConfig;
  const handlers: [string, ReturnType<typeof createAuthHandler>][] = [
    ["/auth/", createAuthHandler(signInConfig("/auth", store))],
    ["/down/", createAuthHandler(signInConfig("/down", downStore))],
    [
      "/db/",
      createAuthHandler({
        secret: SECRET,
        trustHost: true,
        basePath: "/db",
        adapter,
        store,
        session: { strategy: "database", cache: { maxAge: SESSION_CACHE_SECONDS } },
        logger: logger("/db"),
        providers: [
          Credentials({
            authorize: ({ username, password }) =>
              typeof username === "string" && password === "pw" ? { id: `db-${username}`, name: username, email: `${username}@db.example.com` } : null,
          }),
        ],
      }),
    ],
    [
      "/limited/",
      createAuthHandler({
        secret: SECRET,
        trustHost: true,
        basePath: "/limited",
        store,
        logger: logger("/limited"),
        // Counted per username only: both instances see the test's requests from the same address.
        rateLimits: { credentials: { perIdentifier: { max: 3, window: 60 }, perAddress: false } },
        providers: [
          Credentials({
            authorize: ({ username, password }) => (typeof username === "string" && password === "pw" ? { id: `lim-${username}`, name: username } : null),
          }),
        ],
      }),
    ],
    ["/tokens/", createAuthHandler({ secret: SECRET, trustHost: true, basePath: "/tokens", store, logger: logger("/tokens"), providers: [oauth] })],
  ];
  const server = createServer((req, res) => {
    const handler = handlers.find(([path]) => req.url?.startsWith(path))?.[1];
    if (handler) return void handler(req, res);
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1", () => print(`LISTENING ${(server.address() as AddressInfo).port}`));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
