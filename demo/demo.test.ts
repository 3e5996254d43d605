/**
 * The demo, used the way a person with curl would: real server on a free port, real HTTP, cookies
 * carried by hand, redirects not followed automatically.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CookieJar } from "../server/testing/harness.js";
import { DEMO_PASSWORD, DEMO_USER } from "./config.js";
import { CONTENT_SECURITY_POLICY, homePage } from "./pages.js";
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

/** A GET with the jar's cookies; the jar takes what the response sets. */
async function get(jar: CookieJar, url: string): Promise<Response> {
  const response = await fetch(url, { redirect: "manual", headers: jar.header ? { cookie: jar.header } : {} });
  jar.update(response);
  return response;
}

/** Submits a form with the jar's cookies, as a browser would. */
async function post(jar: CookieJar, url: string, fields: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams(fields),
  });
  jar.update(response);
  return response;
}

/** The hidden inputs of the form posting to `action` (Foyer's built-in pages post to absolute URLs). */
function formFields(page: string, action: string): Record<string, string> {
  const form = page.match(new RegExp(`<form action="${escapeRegExp(action)}" method="post">([\\s\\S]*?)</form>`));
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

/** What the home page shows for the demo user. */
function expectSignedInHome(home: string): void {
  expect(home).toContain(`You are signed in as <strong>${DEMO_USER.email}</strong>`);
  expect(home).toContain(`<dt>Name</dt><dd>${DEMO_USER.name}</dd>`);
  expect(home).toContain(`<dt>Email</dt><dd>${DEMO_USER.email}</dd>`);
  expect(home).toContain('<a href="/auth/signout?callbackUrl=%2F">Sign out</a>');
  expect(home).not.toContain(">Sign in</a>");
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
    expect(page).toContain(`<form action="${action}" method="post">`);
    expect(page).toContain('<label for="input-email-for-credentials-provider">Email</label>');
    expect(page).toContain('<input id="input-email-for-credentials-provider" name="email" type="email" autocomplete="username"/>');
    expect(page).toContain('<label for="input-password-for-credentials-provider">Password</label>');
    expect(page).toContain('<input id="input-password-for-credentials-provider" name="password" type="password" autocomplete="current-password"/>');
    expect(page).toContain('<button type="submit" class="button">Sign in with Credentials</button>');
    expect(page).not.toContain('role="alert"');
    const fields = formFields(page, action);
    expect(fields).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${fields.csrfToken}\\|[0-9a-f]{64}$`));
    // Where to go after sign-in travels in a cookie (as in Auth.js), not in the form.
    expect(jar.get("authjs.callback-url")).toBe(`${base}/protected`);

    const signedIn = await post(jar, action, { ...fields, email: DEMO_USER.email, password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${base}/protected`);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token=eyJ"))).toBe(true);

    expectSignedInHome(await (await get(jar, `${base}/`)).text());
    const protectedPage = await get(jar, `${base}/protected`);
    expect(protectedPage.status).toBe(200);
    expect(await protectedPage.text()).toContain(DEMO_USER.email);

    // Restart with the same data directory: the persisted secret still opens the session cookie.
    const secretFile = await stat(join(dataDir, "secret"));
    expect(secretFile.mode & 0o777).toBe(0o600);
    await stop(demo);
    demo = await start();
    const restarted = demo.url;
    expectSignedInHome(await (await get(jar, `${restarted}/`)).text());
    expect(warnings.filter((line) => line.includes("AUTH_SECRET is not set"))).toHaveLength(2);
    expect(warnings.every((line) => !line.includes("\n"))).toBe(true);

    // Another data directory means another secret: the same cookie opens nothing there.
    const otherDir = join(dataDir, "other");
    const other = await start(otherDir);
    const stranger = new CookieJar();
    stranger.cookies.set("authjs.session-token", jar.cookies.get("authjs.session-token")!);
    expect(await (await get(stranger, `${other.url}/`)).text()).toContain("You are not signed in.");
    await stop(other);

    // The home page's "Sign out" link: Foyer's sign-out page, whose button posts the sign-out.
    const signoutPage = await get(jar, `${restarted}/auth/signout?callbackUrl=%2F`);
    expect(signoutPage.status).toBe(200);
    const signoutHtml = await signoutPage.text();
    expect(signoutHtml).toContain('<h1 id="heading">Sign out</h1>');
    const signOutFields = formFields(signoutHtml, `${restarted}/auth/signout`);
    expect(signOutFields).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const signedOut = await post(jar, `${restarted}/auth/signout`, signOutFields);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`${restarted}/`);
    expect(signedOut.headers.getSetCookie()).toContain("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    expect(jar.get("authjs.session-token")).toBeUndefined();
    const home = await (await get(jar, `${restarted}/`)).text();
    expect(home).toContain("You are not signed in.");
    expect(home).toContain('<a href="/auth/signin?callbackUrl=%2F">Sign in</a>');
    expect((await get(jar, `${restarted}/protected`)).status).toBe(302);
  });

  it("sends a wrong password back to Foyer's sign-in page with a readable error", async () => {
    const demo = await start();
    const jar = new CookieJar();
    const failed = await signIn(jar, demo.url, "/auth/signin?callbackUrl=%2Fprotected", "not-the-password");
    expect(failed.status).toBe(302);
    const location = failed.headers.get("location")!;
    expect(location).toBe(`${demo.url}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(jar.get("authjs.session-token")).toBeUndefined();

    const page = await (await get(jar, location)).text();
    expect(page).toContain('<div class="alert" role="alert">Sign in failed. Check the details you provided are correct.</div>');

    // The retry from the error page still lands where the user was going (the callback-URL cookie).
    const action = `${demo.url}/auth/callback/credentials`;
    const retry = await post(jar, action, { ...formFields(page, action), email: DEMO_USER.email, password: DEMO_PASSWORD });
    expect(retry.headers.get("location")).toBe(`${demo.url}/protected`);
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
    expect(CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
    expect(home.headers.get("cache-control")).toBe("no-store");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");

    // Foyer's page escapes query values too.
    const page = await (await get(jar, `${demo.url}/auth/signin?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E&code=%22%3E%3Cb%3E`)).text();
    expect(page).not.toContain("<script>");
    expect(page).not.toContain('"><b>');
    expect(page).toContain('<div class="alert" role="alert">Unable to sign in.</div>');

    // A foreign callback URL never becomes the place to return to.
    for (const foreign of ["//evil.example/x", "https://evil.example/x"]) {
      const fresh = new CookieJar();
      const response = await get(fresh, `${demo.url}/auth/signin?callbackUrl=${encodeURIComponent(foreign)}`);
      expect(response.status).toBe(200);
      expect(fresh.get("authjs.callback-url")).toBe(demo.url);
    }

    expect((await get(jar, `${demo.url}/login`)).status).toBe(404);
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
  });
});
