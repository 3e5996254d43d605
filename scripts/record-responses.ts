/**
 * Records the JSON answers of the REAL server (`Auth()` from server/index.ts) that the element stories
 * and element tests replay through `stories/support/stub-fetch.ts` (ui-kit §13: "recorded JSON
 * responses of the real actions, not invented shapes").
 *
 *   npm run record        # or: npx tsx scripts/record-responses.ts
 *
 * Writes one file per answer into stories/support/recorded/. Each file is the response body as the
 * server sent it (URLs carry the origin http://localhost:3000; the stub rewrites them to the page's
 * origin where that matters). Re-run it whenever the wire shape of an action changes.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { CookieJar } from "../server/testing/harness.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Auth } from "../server/index.js";
import Credentials from "../server/providers/credentials.js";
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


async function call(jar: CookieJar, method: "GET" | "POST", path: string, fields?: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (jar.header) headers.cookie = jar.header;
  let body: string | undefined;
  if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers["x-auth-return-redirect"] = "1";
    body = new URLSearchParams(fields).toString();
  }
  const response = await Auth(new Request(`${ORIGIN}${path}`, { method, headers, body }), config);
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
record("signin-credentials-wrong-password", await call(browser, "POST", "/auth/callback/credentials", { csrfToken, callbackUrl, username: "ada", password: "wrong" }));
expectUrl("signin-credentials-wrong-password", /[?&]error=CredentialsSignin/);
record("signin-credentials-success", await call(browser, "POST", "/auth/callback/credentials", { csrfToken, callbackUrl, username: "ada", password: PASSWORD }));
expectUrl("signin-credentials-success", /\/account$/);
record("session-signed-in", await call(browser, "GET", "/auth/session"));

// An OAuth sign-in start. Recorded without network access, the server cannot reach GitHub's metadata
// and answers with its error URL: the answer stories replay, so a provider button never navigates away.
record("signin-github", await call(browser, "POST", "/auth/signin/github", { csrfToken, callbackUrl }));
expectUrl("signin-github", /\/auth\/error\?error=/);

// Sign out.
record("signout", await call(browser, "POST", "/auth/signout", { csrfToken, callbackUrl }));
expectUrl("signout", /\/account$/);
const after = await call(browser, "GET", "/auth/session");
if (after.body !== null) throw new Error("still signed in after signing out");

// A POST whose token does not match the CSRF cookie (a browser that lost the cookie): MissingCSRF.
record("missing-csrf", await call(new CookieJar(), "POST", "/auth/callback/credentials", { csrfToken, callbackUrl, username: "ada", password: PASSWORD }));
expectUrl("missing-csrf", /[?&]error=MissingCSRF/);

await mkdir(OUT, { recursive: true });
for (const [name, body] of recorded) {
  await writeFile(join(OUT, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  console.log(`recorded ${name}.json`);
}
