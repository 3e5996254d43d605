/**
 * Child process of crash.test.ts, run as `node --import tsx crash-child.ts <sqlite|postgres> <path-or-url> <userId>`
 * (directly under node, so a SIGKILL hits this very process and not a wrapper).
 *
 * 1. Prints READY, then waits for the line MIGRATE on stdin, so the parent can migrate at the same moment.
 * 2. Migrates the (fresh) database; prints MIGRATED.
 * 3. Waits for the line CRASH (on SQLite the open transaction would hold the write lock, so the
 *    parent must be done with the database first).
 * 4. Runs createUserWithAccount and pauses inside its transaction, after the user and account rows
 *    are written and before the session row; prints IN_TRANSACTION and waits to be killed.
 */
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import PostgresAdapter from "../postgres.js";
import SQLiteAdapter from "../sqlite.js";
import { transactionHooks, type SqlAdapter } from "../sql/adapter.js";

/** The rows the flow writes for `userId`; crash.test.ts checks for exactly these. */
export function crashFixture(userId: string) {
  return {
    user: { id: userId, email: `${userId}@example.com`, emailVerified: null, name: "Crash Test" },
    account: { provider: "github", type: "oauth" as const, providerAccountId: `gh-${userId}`, access_token: "token" },
    session: { sessionToken: createHash("sha256").update(`session-${userId}`).digest("hex"), expires: new Date(Date.now() + 86_400_000) },
  };
}

async function main(): Promise<void> {
  const [kind, target, userId] = process.argv.slice(2);
  if (!kind || !target || !userId) throw new Error("usage: crash-child.ts <sqlite|postgres> <path-or-url> <userId>");
  const adapter: SqlAdapter = kind === "sqlite" ? SQLiteAdapter({ url: target }) : PostgresAdapter({ connectionString: target, max: 2 });

  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const expect = async (command: string) => {
    const { value } = await lines.next();
    if (value !== command) throw new Error(`expected ${command} on stdin, got ${JSON.stringify(value)}`);
  };

  process.stdout.write("READY\n");
  await expect("MIGRATE");
  await adapter.migrate();
  process.stdout.write("MIGRATED\n");
  await expect("CRASH");

  transactionHooks.inTransaction = async () => {
    process.stdout.write("IN_TRANSACTION\n");
    // Keep the process (and its open transaction) alive until the parent kills it.
    setInterval(() => {}, 60_000);
    await new Promise(() => {});
  };
  await adapter.createUserWithAccount(crashFixture(userId));
  throw new Error("the transaction hook returned: the crash test expects to be killed inside it");
}

// Run only as a script: crash.test.ts imports this module for `crashFixture`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
