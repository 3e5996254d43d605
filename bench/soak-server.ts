/**
 * The soak's server (bench/soak.ts), in its own process so that its heap is the one measured: Foyer on
 * plain node:http (`foyer-auth/node`) with database sessions and the session cache on, over
 * PostgreSQL (`SOAK_POSTGRES_URL`) or, without it, an in-memory SQLite database. It stores one user
 * and one session through the adapter, then prints `ready <session token>` once listening on
 * 127.0.0.1:PORT. `GET /heap` runs the garbage collector (the process is started with `--expose-gc`)
 * and answers `{ "heapUsed": <bytes> }`.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import PostgresAdapter from "../server/adapters/postgres.js";
import SQLiteAdapter from "../server/adapters/sqlite.js";
import { createAuthHandler } from "../server/integrations/node.js";
import Credentials from "../server/providers/credentials.js";

const postgresUrl = process.env.SOAK_POSTGRES_URL;
const adapter = postgresUrl ? PostgresAdapter({ connectionString: postgresUrl }) : SQLiteAdapter({ url: ":memory:" });
const user = await adapter.createUser!({ id: `soak-${randomBytes(6).toString("hex")}`, name: "Soak", email: "soak@example.com", emailVerified: null });
const token = randomBytes(32).toString("base64url");
const now = new Date();
await adapter.createSession!({
  sessionToken: createHash("sha256").update(token).digest("hex"),
  userId: user.id,
  expires: new Date(now.valueOf() + 30 * 24 * 3600 * 1000),
  createdAt: now,
  lastSeenAt: now,
});

const auth = createAuthHandler({
  secret: process.env.AUTH_SECRET!,
  trustHost: true,
  adapter,
  // Longer than any soak: every read after the first is a cache hit.
  session: { strategy: "database", cache: { maxAge: 3600 } },
  logger: { error: (error) => console.error(error), warn() {}, debug() {} },
  providers: [Credentials({ authorize: () => null })],
});

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("start the soak server with --expose-gc");

createServer((req, res) => {
  if (req.url === "/heap") {
    // Twice: the first collection may leave work (weak references, finalizers) for the second.
    gc();
    gc();
    return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ heapUsed: process.memoryUsage().heapUsed }));
  }
  void auth(req, res);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`ready ${token}`));
