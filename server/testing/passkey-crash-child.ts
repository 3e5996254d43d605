/**
 * Child process of server/adapters/crash.test.ts, run as
 * `node --import tsx passkey-crash-child.ts <sqlite|postgres> <path-or-url> <email>`: an app doing a
 * passkey sign-up through `Auth()` (software authenticator, database sessions) that stops at the
 * last moment before the authenticator row is written — user and `webauthn` account written — so
 * the parent can SIGKILL it there.
 *
 * 1. Migrates the (fresh) database; prints READY; waits for the line SIGNUP (on SQLite an open
 *    transaction would hold the write lock, so the parent must be done with the database first).
 * 2. Signs up with `email`. The pause comes wherever the authenticator is about to be written: inside
 *    `createUserWithAccount`'s transaction (the `createUserWithAccount+authenticator` hook), or at a
 *    separate `createAuthenticator` call when the sign-up writes its rows one by one. Prints
 *    `PAUSED <credential id as stored>` and waits to be killed.
 */
import { createInterface } from "node:readline";
import PostgresAdapter from "../adapters/postgres.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import { transactionHooks, type SqlAdapter } from "../adapters/sql/adapter.js";
import type { Adapter } from "../adapters/types.js";
import Passkey from "../providers/passkey.js";
import { testConfig } from "./harness.js";
import { newBrowser, registerPasskey } from "./passkey-flow.js";
import { storedCredentialId } from "./passkey-setup.js";

async function main(): Promise<void> {
  const [kind, target, email] = process.argv.slice(2);
  if (!kind || !target || !email) throw new Error("usage: passkey-crash-child.ts <sqlite|postgres> <path-or-url> <email>");
  const sql: SqlAdapter = kind === "sqlite" ? SQLiteAdapter({ url: target }) : PostgresAdapter({ connectionString: target, max: 2 });
  await sql.migrate();

  const browser = newBrowser();
  const pause = async (): Promise<never> => {
    process.stdout.write(`PAUSED ${storedCredentialId(browser.authenticator.credentials.at(-1)!.id)}\n`);
    // Keep the process (and any open transaction) alive until the parent kills it.
    setInterval(() => {}, 60_000);
    return new Promise<never>(() => {});
  };
  transactionHooks.inTransaction = async (flow) => {
    if (flow === "createUserWithAccount+authenticator") await pause();
  };
  const adapter: Adapter = { ...sql, createAuthenticator: () => pause() };
  const config = testConfig({ adapter, session: { strategy: "database" }, providers: [Passkey()] });

  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  process.stdout.write("READY\n");
  const { value } = await lines.next();
  if (value !== "SIGNUP") throw new Error(`expected SIGNUP on stdin, got ${JSON.stringify(value)}`);
  const response = await registerPasskey(config, browser, { email });
  throw new Error(`the sign-up finished (${response.status} ${response.headers.get("location")}) without reaching the authenticator write`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
