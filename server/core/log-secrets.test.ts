/**
 * Nothing Foyer logs works as a credential, even at `logLevel: "verbose"` with the default console
 * logger: every line written during sign-ins (credentials, e-mail link, OpenID Connect), session
 * reads and updates, the session list and sign-out — for both session strategies — is collected, and
 *
 * 1. every value that authenticated during the run (session cookies and their stored hashes, CSRF and
 *    check cookies, the e-mailed token and link, the authorization code, the provider's tokens) is
 *    looked for in the lines, and
 * 2. every token-like string in the lines is sent back as the session cookie, to both configs: none
 *    may open a session.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SQLiteAdapter from "../adapters/sqlite.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { followLink, linkIn, requestLink } from "../email/test-helpers.js";
import { startSmtpCapture, type SmtpCapture } from "../email/test-smtp.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "../oauth/test-idp.js";
import Credentials from "../providers/credentials.js";
import Nodemailer from "../providers/nodemailer.js";
import { OIDC } from "../providers/oauth.js";
import { DEMO_USER, ORIGIN, PASSWORD, captureConsole, csrf, get, postForm, postJson, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";

const SESSION = "authjs.session-token";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

let smtp: SmtpCapture;
let idp: TestIdp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  idp = await startTestIdp({
    clients: [{ client_id: "log-client", client_secret: "log-secret", redirect_uris: [`${ORIGIN}/auth/callback/idp`] }],
  });
});
afterAll(async () => {
  await smtp.close();
  await idp.close();
});

/** A verbose config with credentials, e-mail and OIDC sign-in; the default console logger writes every line. */
function verboseConfig(strategy: "jwt" | "database", adapter: Adapter, storeRawTokens = false): AuthConfig {
  const config = testConfig({
    adapter,
    session: { strategy, storeRawTokens },
    logLevel: "verbose",
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) => (username === "ada" && password === PASSWORD ? { ...DEMO_USER } : null),
      }),
      Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true } }),
      OIDC({ id: "idp", name: "Test IdP", issuer: idp.issuer, clientId: "log-client", clientSecret: "log-secret" }),
    ],
  });
  delete (config as { logger?: unknown }).logger; // the default logger: what a deployment prints
  return config;
}

/** Every cookie value a response set (deletions aside). */
function cookieValues(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((header) => decodeURIComponent(header.slice(header.indexOf("=") + 1, header.indexOf(";"))))
    .filter((value) => value !== "");
}

/** A name per config, so that its e-mail and IdP logins are its own. */
function flowName(config: AuthConfig): string {
  return `log-${config.session?.strategy}${config.session?.storeRawTokens ? "-raw" : ""}`;
}

/** Runs every flow against `config`, recording each credential-like value that went over the wire. */
async function everyFlow(config: AuthConfig, secrets: Set<string>): Promise<void> {
  const note = (response: Response) => {
    for (const value of cookieValues(response)) secrets.add(value);
    return response;
  };

  // Credentials: a wrong password, then the right one; reads, an update, the session list, sign-out.
  const { jar, csrfToken } = await csrf(config);
  secrets.add(csrfToken);
  await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: "wrong" }, { cookie: jar.header }), config);
  const signedIn = note(await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), config));
  jar.update(signedIn);
  const token = jar.get(SESSION)!;
  secrets.add(token);
  secrets.add(sha256(token));
  note(await Auth(get("/auth/session", { cookie: jar.header }), config));
  jar.update(note(await Auth(postJson("/auth/session", { csrfToken, data: { theme: "dark" } }, { cookie: jar.header }), config)));
  await Auth(get("/auth/account/sessions", { cookie: jar.header }), config);
  note(await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config));

  // E-mail link: request, follow, read, sign out.
  const email = `${flowName(config)}@example.com`;
  const { jar: mailJar, response: requested } = await requestLink(config, "nodemailer", { email });
  note(requested);
  const link = linkIn((await smtp.waitForMessage(email)).text);
  secrets.add(link);
  secrets.add(new URL(link).searchParams.get("token")!);
  const { response: followed } = await followLink(config, link, mailJar);
  note(followed);
  const mailToken = mailJar.get(SESSION)!;
  secrets.add(sha256(mailToken));
  note(await Auth(get("/auth/session", { cookie: mailJar.header }), config));

  // OpenID Connect: authorization request, the IdP's login, the callback (code exchange, userinfo).
  const start = await startOAuthSignIn(config, "idp");
  for (const value of start.jar.cookies.values()) secrets.add(decodeURIComponent(value));
  const callback = await idp.completeLogin(start.authorizationUrl.toString(), { login: flowName(config) });
  secrets.add(new URL(callback).searchParams.get("code")!);
  const answered = note(await oauthCallback(config, callback, start.jar));
  expect(answered.headers.get("location")).toBe(ORIGIN);
  note(await Auth(get("/auth/session", { cookie: start.jar.header }), config));
}

/** The strings in `lines` that could be a token: long runs of URL- and cookie-safe characters. */
function tokenLike(lines: string[]): string[] {
  const found = new Set<string>();
  for (const line of lines) for (const match of line.matchAll(/[A-Za-z0-9._~%+/=-]{16,}/g)) found.add(match[0]);
  return [...found];
}

describe("verbose logs carry nothing that works as a credential", () => {
  it("sign-in (credentials, e-mail, OIDC), session reads and updates, the session list and sign-out, with jwt and database sessions (hashed and raw keys)", async () => {
    const database = SQLiteAdapter({ url: ":memory:" });
    const rawKeys = SQLiteAdapter({ url: ":memory:" });
    const jwtAdapter = SQLiteAdapter({ url: ":memory:" });
    const configs = [verboseConfig("database", database), verboseConfig("database", rawKeys, true), verboseConfig("jwt", jwtAdapter)];
    const secrets = new Set<string>();
    const { lines } = await captureConsole(async () => {
      for (const config of configs) await everyFlow(config, secrets);
    });

    // The run did log: adapter calls, requests and the failed password.
    expect(lines.some((line) => line.includes("adapter_getSessionAndUser"))).toBe(true);
    expect(lines.some((line) => line.includes("CredentialsSignin"))).toBe(true);
    expect(secrets.size).toBeGreaterThan(15);

    const leaks = [...secrets]
      .filter((secret) => secret.length >= 8)
      .flatMap((secret) => lines.filter((line) => line.includes(secret)).map((line) => `${secret.slice(0, 12)}… in ${line.slice(0, 160)}`));
    expect(leaks).toEqual([]);

    const candidates = tokenLike(lines);
    expect(candidates.length).toBeGreaterThan(0);
    const opened: string[] = [];
    for (const candidate of candidates) {
      for (const config of configs) {
        for (const value of [candidate, decodeURIComponent(candidate.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"))]) {
          const response = await Auth(get("/auth/session", { cookie: `${SESSION}=${encodeURIComponent(value)}` }), { ...config, logLevel: "silent" });
          if ((await response.json()) !== null) opened.push(value);
        }
      }
    }
    expect(opened).toEqual([]);
    await database.close();
    await rawKeys.close();
    await jwtAdapter.close();
  });
});
