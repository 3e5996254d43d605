/**
 * Child process of server/adapters/postgres-fault.test.ts, run as
 * `node --import tsx postgres-fault-child.ts <url|pool> <postgres-url> <application_name>`
 * (directly under node, so an uncaught error ends this very process and the parent sees it die).
 *
 * It is an app: `Auth()` with database sessions, a Credentials provider that accepts any
 * `username`, the Passkey provider, and a `PostgresAdapter` whose connections carry
 * `application_name`, so the parent can terminate exactly this process's backends. With `pool`, the app owns the pool and, as the
 * adapter's documentation asks, listens for the pool's `error` event itself.
 *
 * Protocol: prints READY once the schema is migrated. Each stdin line `RUN <tag> <count>` runs
 * `count` sign-ins (four at a time), each with a user of its own (`<tag>-<n>`): even `n` a
 * credentials sign-in (CSRF token, `POST callback/credentials`), odd `n` a passkey sign-up (options,
 * the software authenticator's answer, `POST callback/passkey`); then `GET session` with the cookie. One JSON line per sign-in
 * (see {@link Attempt}), then `DONE <tag>`. `RECHECK <tag>` reads the session of every sign-in of
 * that run that was answered as signed in, again, and prints `RECHECKED <tag> <json>` with the
 * attempts whose session did not read back. No handler for uncaught errors: a crash is a crash.
 */
import { createInterface } from "node:readline";
import pg from "pg";
import PostgresAdapter from "../adapters/postgres.js";
import { Auth } from "../auth.js";
import Credentials from "../providers/credentials.js";
import Passkey from "../providers/passkey.js";
import type { AuthConfig } from "../types.js";
import { type CookieJar, csrf, get, postForm, SECRET } from "./harness.js";
import { newBrowser, postCeremony } from "./passkey-flow.js";
import type { SoftCreationOptions } from "./soft-authenticator.js";

/** What one sign-in got, as the parent reads it. */
export interface Attempt {
  tag: string;
  n: number;
  kind: "credentials" | "passkey";
  /** The answer to the sign-in POST, or to the passkey options when those failed (0 when `Auth()` itself threw). */
  status: number;
  /** The passkey options' answer (0 for credentials). */
  optionsStatus: number;
  location: string | null;
  /** The answer to `GET session` with the cookie, after a sign-in that was not refused (0: not read). */
  sessionStatus: number;
  /** The session the cookie reads back: the user's e-mail, or null. */
  sessionEmail: string | null;
  /** Set when a step answered 5xx, or `Auth()` threw: the status and the start of the body or error. */
  failure: string | null;
}

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
}

/** The cookie jars of the sign-ins answered as signed in, by tag, for RECHECK. */
const signedIn = new Map<string, { n: number; jar: CookieJar }[]>();

async function readSession(config: AuthConfig, jar: CookieJar): Promise<{ status: number; email: string | null; body: string }> {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  const body = await response.text();
  const email = response.status === 200 ? ((JSON.parse(body) as { user?: { email?: string } } | null)?.user?.email ?? null) : null;
  return { status: response.status, email, body };
}

/** A credentials sign-in; the jar and the POST's answer. */
async function credentialsSignIn(config: AuthConfig, username: string): Promise<{ jar: CookieJar; response: Response }> {
  const { jar, csrfToken } = await csrf(config);
  const response = await Auth(postForm("/auth/callback/credentials", { csrfToken, username }, { cookie: jar.header }), config);
  jar.update(response);
  return { jar, response };
}

/** A passkey sign-up with `email`; the jar, the options' status and the last answer (the options' when they failed). */
async function passkeySignUp(config: AuthConfig, email: string): Promise<{ jar: CookieJar; optionsStatus: number; response: Response }> {
  const browser = newBrowser();
  const options = await Auth(
    get(`/auth/webauthn-options/passkey?${new URLSearchParams({ action: "register", email })}`, { cookie: browser.jar.header }),
    config,
  );
  browser.jar.update(options);
  if (options.status !== 200) return { jar: browser.jar, optionsStatus: options.status, response: options };
  const { options: creation } = (await options.json()) as { options: SoftCreationOptions };
  const data = await browser.authenticator.register(creation);
  const response = await postCeremony(config, "passkey", { action: "register", data }, browser.jar);
  return { jar: browser.jar, optionsStatus: options.status, response };
}

async function signIn(config: AuthConfig, tag: string, n: number): Promise<Attempt> {
  const username = `${tag}-${n}`;
  const kind = n % 2 === 0 ? "credentials" : "passkey";
  const attempt: Attempt = { tag, n, kind, status: 0, optionsStatus: 0, location: null, sessionStatus: 0, sessionEmail: null, failure: null };
  try {
    let jar: CookieJar;
    let response: Response;
    if (kind === "credentials") {
      ({ jar, response } = await credentialsSignIn(config, username));
    } else {
      ({ jar, response, optionsStatus: attempt.optionsStatus } = await passkeySignUp(config, `${username}@example.com`));
      if (attempt.optionsStatus !== 200) {
        attempt.status = response.status;
        attempt.location = response.headers.get("location");
        if (response.status >= 500) attempt.failure = `options ${response.status} ${(await response.text()).slice(0, 500)}`;
        return attempt;
      }
    }
    attempt.status = response.status;
    attempt.location = response.headers.get("location");
    if (response.status >= 500) {
      attempt.failure = `${response.status} ${(await response.text()).slice(0, 500)}`;
      return attempt;
    }
    if (attempt.location === "http://localhost:3000") signedIn.set(tag, [...(signedIn.get(tag) ?? []), { n, jar }]);
    const session = await readSession(config, jar);
    attempt.sessionStatus = session.status;
    attempt.sessionEmail = session.email;
    if (session.status >= 500) attempt.failure = `session ${session.status} ${session.body.slice(0, 500)}`;
  } catch (error) {
    attempt.failure = `threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`.slice(0, 500);
  }
  return attempt;
}

async function run(config: AuthConfig, tag: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const attempt = await signIn(config, tag, next++);
      process.stdout.write(`${JSON.stringify(attempt)}\n`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  process.stdout.write(`DONE ${tag}\n`);
}

async function main(): Promise<void> {
  const [form, url, applicationName] = process.argv.slice(2);
  if ((form !== "url" && form !== "pool") || !url || !applicationName) {
    throw new Error("usage: postgres-fault-child.ts <url|pool> <postgres-url> <application_name>");
  }
  const connectionString = withApplicationName(url, applicationName);
  let adapter;
  if (form === "pool") {
    const pool = new pg.Pool({ connectionString, max: 4 });
    // The app's own duty for a pool it owns: an idle client whose connection dies emits "error"
    // on the pool, and an EventEmitter without a listener throws it.
    pool.on("error", () => {});
    adapter = PostgresAdapter({ pool });
  } else {
    adapter = PostgresAdapter({ connectionString, max: 4 });
  }
  await adapter.migrate();

  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
    adapter,
    session: { strategy: "database" },
    providers: [
      Passkey(),
      Credentials({
        credentials: { username: { label: "Username" } },
        authorize: (credentials) => {
          const username = String(credentials.username ?? "");
          return username ? { id: `id-${username}`, name: username, email: `${username}@example.com` } : null;
        },
      }),
    ],
  };

  process.stdout.write("READY\n");
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, tag, count] = line.split(" ");
    if (command === "RUN" && tag && count) {
      await run(config, tag, Number(count));
    } else if (command === "RECHECK" && tag) {
      const missing: number[] = [];
      for (const { n, jar } of signedIn.get(tag) ?? []) {
        if ((await readSession(config, jar)).email !== `${tag}-${n}@example.com`) missing.push(n);
      }
      process.stdout.write(`RECHECKED ${tag} ${JSON.stringify({ signedIn: signedIn.get(tag)?.length ?? 0, missing })}\n`);
    } else {
      throw new Error(`unexpected line on stdin: ${JSON.stringify(line)}`);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
