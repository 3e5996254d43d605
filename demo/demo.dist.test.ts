/**
 * The demo, used the way a person with curl would: real server on a free port, real HTTP, cookies
 * carried by hand, redirects not followed automatically. Sessions live in the demo's SQLite file,
 * which the tests open themselves (a second connection, as another process would) to look.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdapterSessionWithMetadata } from "../server/adapters/types.js";
import SQLiteAdapter from "../server/adapters/sqlite.js";
import { accountScriptPath, elementsScriptPath } from "../server/index.js";
import { CookieJar } from "../server/testing/harness.js";
import { DATABASE_FILE, DEMO_PASSWORD, DEMO_USER } from "./config.js";
import {
  CONTENT_SECURITY_POLICY,
  DEMO_LOGO_SVG,
  EMBEDDED_CONTENT_SECURITY_POLICY,
  accountContentSecurityPolicy,
  accountPage,
  embeddedPage,
  homePage,
} from "./pages.js";
import { startDemo, type Demo } from "./server.js";

const SECRET_VARIABLES = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "AUTH_URL", "NEXTAUTH_URL"];
const savedEnv = new Map(SECRET_VARIABLES.map((name) => [name, process.env[name]]));
const running: Demo[] = [];
let dataDir: string;
let warnings: string[];

beforeAll(async () => {
  for (const name of SECRET_VARIABLES) delete process.env[name];
  dataDir = await mkdtemp(join(tmpdir(), "foyer-demo-"));
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
  // Failed sign-ins are logged by Foyer; keep the test output readable.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(async () => {
  await Promise.all(running.splice(0).map((demo) => demo.close()));
  vi.restoreAllMocks();
  for (const [name, value] of savedEnv) if (value !== undefined) process.env[name] = value;
  await rm(dataDir, { recursive: true, force: true });
});

async function start(dir = dataDir): Promise<Demo> {
  const demo = await startDemo({ port: 0, dataDir: dir });
  running.push(demo);
  return demo;
}

async function stop(demo: Demo): Promise<void> {
  running.splice(running.indexOf(demo), 1);
  await demo.close();
}

/** The user agent every request sends: Foyer records it with the session, and /account shows it. */
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A GET with the jar's cookies; the jar takes what the response sets. */
async function get(jar: CookieJar, url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, { redirect: "manual", headers: { "user-agent": USER_AGENT, ...(jar.header ? { cookie: jar.header } : {}), ...headers } });
  jar.update(response);
  return response;
}

/** Submits a form with the jar's cookies, as a browser would. */
async function post(jar: CookieJar, url: string, fields: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": USER_AGENT, cookie: jar.header },
    body: new URLSearchParams(fields),
  });
  jar.update(response);
  return response;
}

/** The hidden inputs of the form posting to `action` (Foyer's built-in pages post to absolute URLs). */
function formFields(page: string, action: string): Record<string, string> {
  const form = page.match(new RegExp(`<form action="${escapeRegExp(action)}" method="post"[^>]*>([\\s\\S]*?)</form>`));
  expect(form, `a form posting to ${action}`).not.toBeNull();
  const fields: Record<string, string> = {};
  for (const [, name, value] of form![1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) fields[name!] = value!;
  return fields;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** GET the built-in sign-in page at `path` and POST its credentials form: the response of the sign-in. */
async function signIn(jar: CookieJar, base: string, path: string, password = DEMO_PASSWORD): Promise<Response> {
  const page = await (await get(jar, `${base}${path}`)).text();
  const action = `${base}/auth/callback/credentials`;
  return post(jar, action, { ...formFields(page, action), email: DEMO_USER.email, password });
}

/** The demo user's sessions as stored in the SQLite file of `dir`, read through a connection of our own. */
async function storedSessions(dir = dataDir): Promise<AdapterSessionWithMetadata[]> {
  const adapter = SQLiteAdapter({ url: join(dir, DATABASE_FILE) });
  try {
    return await adapter.listSessions!(DEMO_USER.id);
  } finally {
    await adapter.close();
  }
}

/** What the database stores for a session cookie: the SHA-256 hex of the token, never the token. */
function storedKey(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What the home page shows for the demo user. */
function expectSignedInHome(home: string): void {
  expect(home).toContain(`You are signed in as <strong>${DEMO_USER.email}</strong>`);
  expect(home).toContain(`<dt>Name</dt><dd>${DEMO_USER.name}</dd>`);
  expect(home).toContain(`<dt>Email</dt><dd>${DEMO_USER.email}</dd>`);
  expect(home).toContain('<a href="/auth/signout?callbackUrl=%2F">Sign out</a>');
  expect(home).toContain('<a href="/account">your account</a>');
  expect(home).toContain('<a href="/embedded">web components page</a>');
  expect(home).not.toContain(">Sign in</a>");
}

/**
 * What /account shows: Foyer's account area (`<auth-account>`, which lists the sessions, passkeys and
 * connected accounts itself through /auth/account/*) with the passkey register button in its slot,
 * loaded from Foyer's account bundle; the hosted page for browsers without JavaScript. The demo keeps
 * no session list of its own.
 */
function expectAccountPage(page: string, token: string): void {
  expect(page).toContain("<h1>Your account</h1>");
  expect(page).toContain(`You are signed in as <strong>${DEMO_USER.email}</strong>.`);
  expect(page).toContain('<auth-account><auth-passkey-register slot="passkeys"></auth-passkey-register></auth-account>');
  const script = accountScriptPath();
  expect(script).toMatch(/^auth-account\.[0-9a-f]{10}\.js$/);
  expect(page).toContain(`<script type="module" src="/auth/assets/${script}"></script>`);
  expect(page.match(/<script\b/g)).toHaveLength(1);
  expect(page).toContain(`<noscript><p>Without JavaScript, manage your account on <a href="/auth/account">Foyer's account page</a>.</p></noscript>`);
  // No list of the demo's own: no session markup, no session token or its stored key.
  expect(page).not.toMatch(/<li\b|This device|<time\b/);
  expect(page).not.toContain(token);
  expect(page).not.toContain(storedKey(token));
}

describe("demo", () => {
  it("protects /protected, signs in through Foyer's sign-in page, keeps sessions across a restart, and signs out", async () => {
    let demo = await start();
    const base = demo.url;
    expect(base).toMatch(/^http:\/\/localhost:\d+$/);
    const jar = new CookieJar();

    const guarded = await get(jar, `${base}/protected`);
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected");

    const signinPage = await get(jar, `${base}/auth/signin?callbackUrl=%2Fprotected`);
    expect(signinPage.status).toBe(200);
    expect(signinPage.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(signinPage.headers.get("cache-control")).toBe("no-store");
    const page = await signinPage.text();
    // The demo's brand colour reaches the built-in page's buttons.
    expect(page).toContain("--auth-color-brand:#4f46e5;");
    const action = `${base}/auth/callback/credentials`;
    // One form: one e-mail field for credentials, the e-mail link and passkeys, one primary button.
    expect(page).toContain(`<form action="${action}" method="post" id="passkey-form"`);
    expect(page).toContain('<label for="input-email">Email</label>');
    expect(page).toMatch(/<input id="input-email" name="email" type="email" autocomplete="username webauthn"[^>]* required /);
    expect(page).toContain('<label for="input-password-for-credentials-provider">Password</label>');
    expect(page).toContain('<input id="input-password-for-credentials-provider" name="password" type="password" autocomplete="current-password"/>');
    expect(page.match(/<button type="submit" class="button">[^<]*<\/button>/g)).toEqual(['<button type="submit" class="button">Continue</button>']);
    // No error shown: the only alert region is the passkey section's, empty until its script needs it.
    expect(page.match(/<[^>]*role="alert"[^>]*>/g)).toEqual(['<div id="passkey-alert" class="alert" role="alert">']);
    expect(page).toContain('<div id="passkey-alert" class="alert" role="alert"></div>');
    const fields = formFields(page, action);
    // Where to go after sign-in travels in the callback-URL cookie, as in Auth.js, and in the form, which
    // the passkey and e-mail-link actions sharing it need.
    expect(fields).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/), callbackUrl: `${base}/protected` });
    expect(jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${fields.csrfToken}\\|[0-9a-f]{64}$`));
    expect(jar.get("authjs.callback-url")).toBe(`${base}/protected`);

    const signedIn = await post(jar, action, { ...fields, email: DEMO_USER.email, password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${base}/protected`);
    // A database session: the cookie holds a random token (not a JWE), HttpOnly.
    const sessionCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("authjs.session-token="));
    expect(sessionCookie).toMatch(/^authjs\.session-token=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const token = jar.get("authjs.session-token")!;

    // The session row is in the SQLite file, keyed by the token's hash, with the browser's details.
    const [stored, ...more] = await storedSessions();
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ sessionToken: storedKey(token), userId: DEMO_USER.id, userAgent: USER_AGENT, ip: "127.0.0.1" });
    expect(stored!.expires.valueOf()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(Date.now() - stored!.createdAt.valueOf()).toBeLessThan(60_000);

    expectSignedInHome(await (await get(jar, `${base}/`)).text());
    const protectedPage = await get(jar, `${base}/protected`);
    expect(protectedPage.status).toBe(200);
    expect(await protectedPage.text()).toContain(DEMO_USER.email);

    // /account is Foyer's account area in the demo's layout; the element lists the session itself.
    const account = await get(jar, `${base}/account`);
    expect(account.status).toBe(200);
    expect(account.headers.get("content-security-policy")).toBe(accountContentSecurityPolicy());
    expect(account.headers.get("cache-control")).toBe("no-store");
    expectAccountPage(await account.text(), token);
    // The bundle it loads is Foyer's, served under /auth/assets/.
    const bundle = await get(jar, `${base}/auth/assets/${accountScriptPath()}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await bundle.text()).toContain("auth-account");
    // What the element shows comes from Foyer's routes: this session, marked current.
    const listed = await get(jar, `${base}/auth/account/sessions`);
    expect(((await listed.json()) as { sessions: { current: boolean; browser: string; os: string }[] }).sessions).toEqual([
      expect.objectContaining({ current: true, browser: "Chrome", os: "Linux" }),
    ]);

    // Restart with the same data directory: the session is still in the database, so the cookie still works.
    const secretFile = await stat(join(dataDir, "secret"));
    expect(secretFile.mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, DATABASE_FILE))).isFile()).toBe(true);
    await stop(demo);
    demo = await start();
    const restarted = demo.url;
    expectSignedInHome(await (await get(jar, `${restarted}/`)).text());
    expect(warnings.filter((line) => line.includes("AUTH_SECRET is not set"))).toHaveLength(2);
    expect(warnings.every((line) => !line.includes("\n"))).toBe(true);
    expect(jar.get("authjs.session-token")).toBe(token);
    expect((await storedSessions()).map((session) => session.sessionToken)).toEqual([storedKey(token)]);
    const accountAfterRestart = await get(jar, `${restarted}/account`);
    expect(accountAfterRestart.status).toBe(200);
    expectAccountPage(await accountAfterRestart.text(), token);

    // Another data directory means another database (and secret): the same cookie opens nothing there.
    const otherDir = join(dataDir, "other");
    const other = await start(otherDir);
    const stranger = new CookieJar();
    stranger.cookies.set("authjs.session-token", jar.cookies.get("authjs.session-token")!);
    expect(await (await get(stranger, `${other.url}/`)).text()).toContain("You are not signed in.");
    expect((await get(stranger, `${other.url}/account`)).headers.get("location")).toBe("/auth/signin?callbackUrl=%2Faccount");
    await stop(other);
    expect(await storedSessions(otherDir)).toEqual([]);

    // The home page's "Sign out" link: Foyer's sign-out page, whose button posts the sign-out.
    const signoutPage = await get(jar, `${restarted}/auth/signout?callbackUrl=%2F`);
    expect(signoutPage.status).toBe(200);
    const signoutHtml = await signoutPage.text();
    expect(signoutHtml).toContain('<h1 id="heading">Sign out</h1>');
    const signOutFields = formFields(signoutHtml, `${restarted}/auth/signout`);
    // The page's callbackUrl travels in the form: sign-out does not read the callback-url cookie.
    expect(signOutFields).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/), callbackUrl: `${restarted}/` });
    const signedOut = await post(jar, `${restarted}/auth/signout`, signOutFields);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`${restarted}/`);
    expect(signedOut.headers.getSetCookie()).toContain("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    expect(jar.get("authjs.session-token")).toBeUndefined();
    const home = await (await get(jar, `${restarted}/`)).text();
    expect(home).toContain("You are not signed in.");
    expect(home).toContain('<a href="/auth/signin?callbackUrl=%2F">Sign in</a>');
    expect((await get(jar, `${restarted}/protected`)).status).toBe(302);
    // Signing out deleted the row; /account now sends the visitor to sign in.
    expect(await storedSessions()).toEqual([]);
    const accountSignedOut = await get(jar, `${restarted}/account`);
    expect(accountSignedOut.status).toBe(302);
    expect(accountSignedOut.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Faccount");
  });

  it("sends a wrong password back to Foyer's sign-in page with a readable error", async () => {
    const demo = await start();
    const jar = new CookieJar();
    const before = await storedSessions();
    const failed = await signIn(jar, demo.url, "/auth/signin?callbackUrl=%2Fprotected", "not-the-password");
    expect(failed.status).toBe(302);
    const location = failed.headers.get("location")!;
    expect(location).toBe(`${demo.url}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect(await storedSessions()).toEqual(before);

    const page = await (await get(jar, location)).text();
    expect(page).toContain('<div class="alert" role="alert" id="signin-error">Sign in failed. Check the details you provided are correct.</div>');

    // The retry from the error page still lands where the user was going (the callback-URL cookie).
    const action = `${demo.url}/auth/callback/credentials`;
    const retry = await post(jar, action, { ...formFields(page, action), email: DEMO_USER.email, password: DEMO_PASSWORD });
    expect(retry.headers.get("location")).toBe(`${demo.url}/protected`);
    expect(await storedSessions()).toHaveLength(before.length + 1);
  });

  it("escapes what it shows, sends its own CSP, ignores foreign callback URLs and has no /login page any more", async () => {
    const demo = await start();
    const jar = new CookieJar();

    // The demo's own pages escape every value they show (here: a hostile user name and e-mail).
    const hostile = homePage({ session: { user: { name: "<script>alert(1)</script>", email: '"><b>x@y' }, expires: "2030-01-01T00:00:00.000Z" } });
    expect(hostile).not.toContain("<script>");
    expect(hostile).not.toContain('"><b>');
    expect(hostile).toContain("<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>");
    expect(hostile).toContain("<strong>&quot;&gt;&lt;b&gt;x@y</strong>");

    const home = await get(jar, `${demo.url}/`);
    expect(home.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(home.headers.get("cache-control")).toBe("no-store");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");

    // Foyer's page escapes query values too.
    const page = await (await get(jar, `${demo.url}/auth/signin?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E&code=%22%3E%3Cb%3E`)).text();
    expect(page).not.toContain("<script>");
    expect(page).not.toContain('"><b>');
    expect(page).toContain('<div class="alert" role="alert" id="signin-error">Unable to sign in.</div>');

    // A foreign callback URL never becomes the place to return to.
    for (const foreign of ["//evil.example/x", "https://evil.example/x"]) {
      const fresh = new CookieJar();
      const response = await get(fresh, `${demo.url}/auth/signin?callbackUrl=${encodeURIComponent(foreign)}`);
      expect(response.status).toBe(200);
      expect(fresh.get("authjs.callback-url")).toBe(demo.url);
    }

    expect((await get(jar, `${demo.url}/login`)).status).toBe(404);

    // The account page escapes what it shows too (a hostile name), and says what to do without the bundle.
    const unbuilt = accountPage({ session: { user: { name: "<img src=x onerror=alert(1)>" }, expires: "2030-01-01T00:00:00.000Z" }, scriptPath: undefined });
    expect(unbuilt).not.toContain("<img src=x");
    expect(unbuilt).toContain("<strong>&lt;img src=x onerror=alert(1)&gt;</strong>");
    expect(unbuilt).not.toContain("<script");
    expect(unbuilt).toContain("The web components bundle is not built");
    expect(accountContentSecurityPolicy(["http://127.0.0.1:3001"])).toMatch(
      /^default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' https:; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self' http:\/\/127\.0\.0\.1:3001; frame-ancestors 'none'; base-uri 'none'$/,
    );
  });

  it("serves /embedded: the web components in the demo's layout, the bundle from /auth/assets, a CSP that allows only same-origin scripts", async () => {
    const bundle = new URL("../dist/browser/foyer-elements.js", import.meta.url);
    if (!existsSync(bundle)) throw new Error("dist/browser/foyer-elements.js is missing: run `npm run build` first (`npm test` does this for you).");
    const demo = await start();
    const jar = new CookieJar();

    const home = await (await get(jar, `${demo.url}/`)).text();
    expect(home).toContain('<a href="/embedded">web components page</a>');

    const response = await get(jar, `${demo.url}/embedded`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csp = response.headers.get("content-security-policy");
    expect(csp).toBe(EMBEDDED_CONTENT_SECURITY_POLICY);
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    const page = await response.text();
    const script = elementsScriptPath();
    expect(script).toMatch(/^foyer-elements\.[0-9a-f]{10}\.js$/);
    expect(page).toContain(`<script type="module" src="/auth/assets/${script}"></script>`);
    // Only that one script, and no inline ones: script-src 'self' is all the page needs.
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).not.toContain('role="note"');
    expect(page).toContain(
      '<auth-signin slot="signed-out" theme="{&quot;brandColor&quot;:&quot;#0d9488&quot;,&quot;logo&quot;:&quot;/demo-logo.svg&quot;}"></auth-signin>',
    );
    expect(page).toMatch(/<div slot="signed-in" class="signed-in">\s*<auth-user><\/auth-user>\s*<auth-signout><\/auth-signout>\s*<\/div>/);
    // The elements speak the browser's language (the page itself is English).
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<div class="widget" lang="en">');
    expect(await (await get(jar, `${demo.url}/embedded`, { "accept-language": "de-DE,de;q=0.9,en;q=0.5" })).text()).toContain('<div class="widget" lang="de">');

    // Foyer serves the bundle itself, under the same origin.
    const asset = await get(jar, `${demo.url}/auth/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await asset.text()).length).toBeGreaterThan(1000);

    const logo = await get(jar, `${demo.url}/demo-logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/svg+xml");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await logo.text()).toBe(DEMO_LOGO_SVG);
    expect(DEMO_LOGO_SVG).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/);
    expect(DEMO_LOGO_SVG).not.toMatch(/<script|on\w+=|href=/i);
    // The browser's own /favicon.ico request gets the logo too, not a 404 that pages would log as an error.
    const favicon = await get(jar, `${demo.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(await favicon.text()).toBe(DEMO_LOGO_SVG);

    // Without a built bundle, the page says what to do instead of loading nothing.
    const unbuilt = embeddedPage({ scriptPath: undefined, locale: "en" });
    expect(unbuilt).not.toContain("<script");
    expect(unbuilt).toContain('<p class="note" role="note"><strong>The web components bundle is not built.</strong> Run <code>npm run build</code>');
  });

  it("keeps its data in FOYER_DEMO_DATA when set (the e2e suite points it at test-results/)", async () => {
    const envDir = join(dataDir, "from-env");
    const saved = process.env.FOYER_DEMO_DATA;
    process.env.FOYER_DEMO_DATA = envDir;
    try {
      const demo = await startDemo({ port: 0 });
      running.push(demo);
      await stop(demo);
    } finally {
      if (saved === undefined) delete process.env.FOYER_DEMO_DATA;
      else process.env.FOYER_DEMO_DATA = saved;
    }
    expect((await stat(join(envDir, "secret"))).mode & 0o777).toBe(0o600);
    expect((await stat(join(envDir, DATABASE_FILE))).isFile()).toBe(true);
  });

  it("with AUTH_SECRET set, writes no secret but still keeps its database in the data directory", async () => {
    const dir = join(dataDir, "with-secret", "nested");
    process.env.AUTH_SECRET = "a-test-secret-that-is-long-enough-for-foyer-0123456789";
    try {
      const demo = await start(dir);
      const jar = new CookieJar();
      const signedIn = await signIn(jar, demo.url, "/auth/signin");
      expect(signedIn.headers.get("location")).toBe(demo.url);
      await stop(demo);
    } finally {
      delete process.env.AUTH_SECRET;
    }
    expect(existsSync(join(dir, "secret"))).toBe(false);
    expect(await storedSessions(dir)).toHaveLength(1);
  });
});
