/**
 * Records the JSON answers of the REAL server (`Auth()` from server/index.ts) that the element stories
 * and element tests replay through `stories/support/stub-fetch.ts` (recorded JSON
 * responses of the real actions, not invented shapes).
 *
 *   npm run record        # or: npx tsx scripts/record-responses.ts
 *
 * Writes one file per answer into stories/support/recorded/. Each file is the response body as the
 * server sent it (URLs carry the origin http://localhost:3000; the stub rewrites them to the page's
 * origin where that matters). Re-run it whenever the wire shape of an action changes.
 *
 * The passkey recordings (`providers-passkey`, `webauthn-options-*`, `callback-passkey-*`,
 * `account-passkeys-*`) come from the same server with a Passkey provider and a memory adapter, driven
 * by the software authenticator of server/testing/soft-authenticator.ts: real registrations, a real
 * sign-in, a replay, a sign-up for a taken address, renames and removals.
 *
 * The account recordings (`account-profile*`, `account-sessions*`, `account-accounts*`) come from the
 * same server with database sessions and account deletion on, over the memory adapter the pages
 * fixture server uses (e2e/fixtures/account-data.ts): one user with three sessions from fixed user
 * agents and dates, two passkeys and a connected GitHub account, signed in through that user's
 * session cookie. They are the answers of `GET {base}/account/profile`, `/sessions` and `/accounts`,
 * and of signing other sessions out and disconnecting the account.
 *
 * Arguments, when given, are name prefixes: only the recordings whose names start with one of them
 * are written (`npm run record -- account-profile account-sessions account-accounts` leaves the
 * others, whose dates and ids change on every run, as they are).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { CookieJar } from "../server/testing/harness.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Auth } from "../server/index.js";
import MemoryAdapter from "../server/adapters/memory.js";
import Credentials from "../server/providers/credentials.js";
import GitHub from "../server/providers/github.js";
import Passkey from "../server/providers/passkey.js";
import { ACCOUNT_SESSION_COOKIE, ACCOUNT_SESSION_TOKEN, accountFixtureAdapter } from "../e2e/fixtures/account-data.js";
import { SoftAuthenticator, type SoftCreationOptions, type SoftRequestOptions } from "../server/testing/soft-authenticator.js";
import type { AuthConfig } from "../server/types.js";

const ORIGIN = "http://localhost:3000";
const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "stories", "support", "recorded");

/** The user the credentials provider signs in (the stories show this user). */
const USER = { id: "user-1", name: "Ada Lovelace", email: "ada@example.com", image: "https://example.com/ada.png" };
const PASSWORD = "correct horse battery staple";

/** One provider of each kind the sign-in surface renders. */
const config: AuthConfig = {
  secret: "record-responses-secret-record-responses-secret",
  trustHost: true,
  // What the server logs is printed in one line each: it explains the failures being recorded.
  logger: { error: (error: Error) => console.log(`  (server log) ${error.name}: ${error.message}`), warn() {}, debug() {} },
  // An e-mail provider needs an adapter with these methods (the server checks they exist); nothing
  // recorded here sends an e-mail, so they never run. Sessions stay in the JWT cookie.
  adapter: {
    createVerificationToken: (token) => token,
    useVerificationToken: () => null,
    getUserByEmail: () => null,
  },
  session: { strategy: "jwt" },
  providers: [
    { id: "github", name: "GitHub", type: "oauth", issuer: "https://github.com" },
    { id: "acme", name: "Acme ID", type: "oidc", issuer: "https://id.acme.test" },
    { id: "email", name: "Email", type: "email" },
    Credentials({
      // No autocomplete given: the server's defaults (username / current-password) are what is recorded.
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize(credentials) {
        return credentials.username === "ada" && credentials.password === PASSWORD ? { ...USER } : null;
      },
    }),
  ] as AuthConfig["providers"],
};

async function call(
  jar: CookieJar,
  method: "GET" | "POST",
  path: string,
  fields?: Record<string, string>,
  server: AuthConfig = config,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (jar.header) headers.cookie = jar.header;
  let body: string | undefined;
  if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers["x-auth-return-redirect"] = "1";
    body = new URLSearchParams(fields).toString();
  }
  const response = await Auth(new Request(`${ORIGIN}${path}`, { method, headers, body }), server);
  jar.update(response);
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : (JSON.parse(text) as unknown) };
}

const recorded = new Map<string, unknown>();
function record(name: string, answer: { status: number; body: unknown }, expectStatus = 200): void {
  if (answer.status !== expectStatus) throw new Error(`${name}: expected status ${expectStatus}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  recorded.set(name, answer.body);
}

function expectUrl(name: string, pattern: RegExp): void {
  const body = recorded.get(name) as { url?: unknown } | null;
  if (typeof body?.url !== "string" || !pattern.test(body.url)) throw new Error(`${name}: unexpected answer ${JSON.stringify(body)}`);
}

// A signed-out browser: providers, a token, no session.
const browser = new CookieJar();
record("providers", await call(browser, "GET", "/auth/providers"));
const csrf = await call(browser, "GET", "/auth/csrf");
record("csrf", csrf);
const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
record("session-signed-out", await call(browser, "GET", "/auth/session"));

// A wrong password, then a real sign-in and the session it gives.
const callbackUrl = `${ORIGIN}/account`;
record(
  "signin-credentials-wrong-password",
  await call(browser, "POST", "/auth/callback/credentials", { csrfToken, callbackUrl, username: "ada", password: "wrong" }),
);
expectUrl("signin-credentials-wrong-password", /[?&]error=CredentialsSignin/);
record(
  "signin-credentials-success",
  await call(browser, "POST", "/auth/callback/credentials", { csrfToken, callbackUrl, username: "ada", password: PASSWORD }),
);
expectUrl("signin-credentials-success", /\/account$/);
record("session-signed-in", await call(browser, "GET", "/auth/session"));

// An OAuth sign-in start. Recorded without network access, the server cannot reach GitHub's metadata
// and answers with its error URL: the answer stories replay, so a provider button never navigates away.
record("signin-github", await call(browser, "POST", "/auth/signin/github", { csrfToken, callbackUrl }));
expectUrl("signin-github", /\/auth\/error\?error=/);
// The same start with the GitHub provider of the catalogue, whose endpoints are configured (no
// metadata to fetch): the provider's authorization URL, the answer that makes the browser leave.
const withGitHub: AuthConfig = { ...config, providers: [GitHub({ clientId: "record-client", clientSecret: "record-secret" }), ...config.providers.slice(1)] };
record("signin-github-redirect", await call(browser, "POST", "/auth/signin/github", { csrfToken, callbackUrl }, withGitHub));
expectUrl("signin-github-redirect", /^https:\/\/github\.com\/login\/oauth\/authorize\?/);

// Sign out.
record("signout", await call(browser, "POST", "/auth/signout", { csrfToken, callbackUrl }));
expectUrl("signout", /\/account$/);
const after = await call(browser, "GET", "/auth/session");
if (after.body !== null) throw new Error("still signed in after signing out");

// A POST whose token does not match the CSRF cookie (a browser that lost the cookie): MissingCSRF.
record("missing-csrf", await call(new CookieJar(), "POST", "/auth/callback/credentials", { csrfToken, callbackUrl, username: "ada", password: PASSWORD }));
expectUrl("missing-csrf", /[?&]error=MissingCSRF/);

// ---------------------------------------------------------------------------------------------
// Passkeys (the passkey elements' stories and tests): the same providers plus Passkey, on a memory
// adapter, with real WebAuthn responses from the software authenticator of server/testing/.
// ---------------------------------------------------------------------------------------------

/** The server above with a Passkey provider (after the credentials form, as an app would list it). */
const passkeyServer: AuthConfig = { ...config, adapter: MemoryAdapter(), providers: [...config.providers, Passkey()] };
/** A server whose only way in is a passkey: its users' last passkey cannot be removed. */
const passkeyOnlyServer: AuthConfig = { ...config, adapter: MemoryAdapter(), providers: [Passkey()] };

/** `GET /account/passkeys`, or a JSON POST to `…/rename` / `…/remove` with the CSRF token, as the browser client sends them. */
async function account(
  jar: CookieJar,
  server: AuthConfig,
  route: "" | "/rename" | "/remove",
  payload?: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...(jar.header ? { cookie: jar.header } : {}) };
  let body: string | undefined;
  if (payload) {
    const token = ((await call(jar, "GET", "/auth/csrf", undefined, server)).body as { csrfToken: string }).csrfToken;
    headers["content-type"] = "application/json";
    body = JSON.stringify({ ...payload, csrfToken: token });
  }
  const response = await Auth(new Request(`${ORIGIN}/auth/account/passkeys${route}`, { method: payload ? "POST" : "GET", headers, body }), server);
  jar.update(response);
  return { status: response.status, body: (await response.json()) as unknown };
}

/**
 * A whole ceremony as ui/client/passkey.ts runs it: the CSRF token, `GET webauthn-options/passkey`,
 * the authenticator, then the form POST of `action` and `data` to `callback/passkey`.
 */
async function ceremony(jar: CookieJar, server: AuthConfig, authenticator: SoftAuthenticator, action: "register" | "authenticate", email?: string) {
  const token = ((await call(jar, "GET", "/auth/csrf", undefined, server)).body as { csrfToken: string }).csrfToken;
  const query = new URLSearchParams({ action, ...(email ? { email } : {}) });
  const options = await call(jar, "GET", `/auth/webauthn-options/passkey?${query}`, undefined, server);
  const { options: optionsJSON } = options.body as { options: SoftCreationOptions & SoftRequestOptions };
  const data = action === "register" ? await authenticator.register(optionsJSON) : await authenticator.authenticate(optionsJSON);
  const answer = await call(jar, "POST", "/auth/callback/passkey", { action, data: JSON.stringify(data), csrfToken: token, callbackUrl }, server);
  return { options, answer, data };
}

const visitor = new CookieJar();
record("providers-passkey", await call(visitor, "GET", "/auth/providers", undefined, passkeyServer));
record("webauthn-options-authenticate", await call(visitor, "GET", "/auth/webauthn-options/passkey?action=authenticate", undefined, passkeyServer));
// A sign-up without an e-mail address is refused.
record("webauthn-options-invalid", await call(visitor, "GET", "/auth/webauthn-options/passkey?action=register", undefined, passkeyServer), 400);
record("account-passkeys-signed-out", await call(visitor, "GET", "/auth/account/passkeys", undefined, passkeyServer), 401);

// A sign-up with a passkey (this phone), then two more passkeys added while signed in.
const phone = new SoftAuthenticator({ origin: ORIGIN, transports: ["hybrid", "internal"], backedUp: true });
const laptop = new SoftAuthenticator({ origin: ORIGIN, transports: ["internal"] });
const key = new SoftAuthenticator({ origin: ORIGIN, transports: ["usb", "nfc"] });
const signUp = await ceremony(visitor, passkeyServer, phone, "register", "grace@example.com");
record("webauthn-options-register", signUp.options);
record("callback-passkey-success", signUp.answer);
expectUrl("callback-passkey-success", /\/account$/);
const added = await ceremony(visitor, passkeyServer, laptop, "register");
if (!/\/account$/.test((added.answer.body as { url: string }).url)) throw new Error(`adding a passkey failed: ${JSON.stringify(added.answer.body)}`);
await ceremony(visitor, passkeyServer, key, "register");
// A sign-in with the laptop's passkey gives it a "last used" date.
const signIn = await ceremony(visitor, passkeyServer, laptop, "authenticate");
record("callback-passkey-signin", signIn.answer);
expectUrl("callback-passkey-signin", /\/account$/);
// The phone's passkey gets a name; the other two keep none (the list shows a default name for them).
const before = ((await account(visitor, passkeyServer, "")).body as { passkeys: { id: string }[] }).passkeys;
if (before.length !== 3) throw new Error(`expected 3 passkeys, got ${JSON.stringify(before)}`);
await account(visitor, passkeyServer, "/rename", { id: before[0]!.id, name: "Pixel 9" });
record("account-passkeys-full", await account(visitor, passkeyServer, ""));
const listed = (recorded.get("account-passkeys-full") as { passkeys: { id: string }[] }).passkeys;
record("account-passkeys-rename", await account(visitor, passkeyServer, "/rename", { id: listed[1]!.id, name: "Work laptop" }));
record("account-passkeys-remove", await account(visitor, passkeyServer, "/remove", { id: listed[2]!.id }));

// The same assertion again (a replay): its challenge was used up, so the server refuses it.
record(
  "callback-passkey-verification-error",
  await call(visitor, "POST", "/auth/callback/passkey", { action: "authenticate", data: JSON.stringify(signIn.data), callbackUrl }, passkeyServer),
);
expectUrl("callback-passkey-verification-error", /[?&]error=WebAuthnVerificationError/);
// A sign-up for an address that already has an account.
const taken = await ceremony(new CookieJar(), passkeyServer, new SoftAuthenticator({ origin: ORIGIN }), "register", "grace@example.com");
record("callback-passkey-account-not-linked", taken.answer);
expectUrl("callback-passkey-account-not-linked", /[?&]error=AccountNotLinked/);

// The credentials provider is another way in, so every passkey may go: the empty list.
for (const { id } of listed.slice(0, 2)) await account(visitor, passkeyServer, "/remove", { id });
record("account-passkeys-empty", await account(visitor, passkeyServer, ""));

// A passkey-only server: the user's only passkey cannot be removed.
const only = new CookieJar();
await ceremony(only, passkeyOnlyServer, new SoftAuthenticator({ origin: ORIGIN }), "register", "alan@example.com");
record("account-passkeys-last", await account(only, passkeyOnlyServer, ""));
const last = (recorded.get("account-passkeys-last") as { passkeys: { id: string }[] }).passkeys[0]!;
record("account-passkeys-last-method", await account(only, passkeyOnlyServer, "/remove", { id: last.id }), 409);

// ---------------------------------------------------------------------------------------------
// The account area (`<auth-account>`'s stories): database sessions over the fixture user's adapter.
// ---------------------------------------------------------------------------------------------

const accountServer: AuthConfig = {
  ...config,
  adapter: await accountFixtureAdapter(),
  session: { strategy: "database" },
  account: { deletion: true },
  providers: [...config.providers, Passkey()],
};

/** A GET of `{base}/account/<path>`, or a JSON POST with the CSRF token, as ui/client/account.ts sends them. */
async function accountRoute(jar: CookieJar, path: string, payload?: Record<string, string>): Promise<{ status: number; body: unknown }> {
  let body: string | undefined;
  const headers: Record<string, string> = {};
  if (payload) {
    const token = ((await call(jar, "GET", "/auth/csrf", undefined, accountServer)).body as { csrfToken: string }).csrfToken;
    headers["content-type"] = "application/json";
    body = JSON.stringify({ ...payload, csrfToken: token });
  }
  if (jar.header) headers.cookie = jar.header;
  const response = await Auth(new Request(`${ORIGIN}/auth/account/${path}`, { method: payload ? "POST" : "GET", headers, body }), accountServer);
  jar.update(response);
  return { status: response.status, body: (await response.json()) as unknown };
}

record("account-profile-signed-out", await accountRoute(new CookieJar(), "profile"), 401);
record("account-sessions-signed-out", await accountRoute(new CookieJar(), "sessions"), 401);
record("account-accounts-signed-out", await accountRoute(new CookieJar(), "accounts"), 401);
const ada = new CookieJar();
ada.cookies.set(ACCOUNT_SESSION_COOKIE, ACCOUNT_SESSION_TOKEN);
record("account-profile", await accountRoute(ada, "profile"));
record("account-sessions", await accountRoute(ada, "sessions"));
record("account-accounts", await accountRoute(ada, "accounts"));
const sessions = (recorded.get("account-sessions") as { sessions: { id: string; current: boolean }[] }).sessions;
const other = sessions.find((session) => !session.current);
if (sessions.length !== 3 || !other) throw new Error(`expected three sessions, one current: ${JSON.stringify(sessions)}`);
record("account-sessions-revoke", await accountRoute(ada, "sessions/revoke", { id: other.id }));
record("account-sessions-revoke-others", await accountRoute(ada, "sessions/revoke-others", {}));
// Only this browser is left: the sessions' empty state.
record("account-sessions-single", await accountRoute(ada, "sessions"));
record("account-accounts-unlink", await accountRoute(ada, "accounts/unlink", { provider: "github", providerAccountId: "1815" }));
// No account connected: the connected accounts' empty state, with the providers left to connect.
record("account-accounts-none", await accountRoute(ada, "accounts"));

const prefixes = process.argv.slice(2);
await mkdir(OUT, { recursive: true });
for (const [name, body] of recorded) {
  if (prefixes.length && !prefixes.some((prefix) => name.startsWith(prefix))) continue;
  await writeFile(join(OUT, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  console.log(`recorded ${name}.json`);
}
