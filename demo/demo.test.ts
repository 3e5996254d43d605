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

/** The hidden inputs of the form posting to `action`. */
function formFields(page: string, action: string): Record<string, string> {
  const form = page.match(new RegExp(`<form method="post" action="${action}">([\\s\\S]*?)</form>`));
  expect(form, `a form posting to ${action}`).not.toBeNull();
  const fields: Record<string, string> = {};
  for (const [, name, value] of form![1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name!] = value!;
  return fields;
}

/** GET /login and POST its form: the response of the sign-in. */
async function signIn(jar: CookieJar, base: string, loginPath: string, password = DEMO_PASSWORD): Promise<Response> {
  const page = await (await get(jar, `${base}${loginPath}`)).text();
  return post(jar, `${base}/auth/callback/credentials`, { ...formFields(page, "/auth/callback/credentials"), email: DEMO_USER.email, password });
}

describe("demo", () => {
  it("protects /protected, signs in through the login form, keeps sessions across a restart, and signs out", async () => {
    let demo = await start();
    const base = demo.url;
    expect(base).toMatch(/^http:\/\/localhost:\d+$/);
    const jar = new CookieJar();

    const guarded = await get(jar, `${base}/protected`);
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe("/login?callbackUrl=/protected");

    const login = await get(jar, `${base}/login?callbackUrl=/protected`);
    expect(login.status).toBe(200);
    expect(login.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await login.text();
    expect(page).toContain('<form method="post" action="/auth/callback/credentials">');
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('<input id="email" name="email" type="email" autocomplete="username" required>');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('<input id="password" name="password" type="password" autocomplete="current-password" required>');
    expect(page).not.toContain('role="alert"');
    const fields = formFields(page, "/auth/callback/credentials");
    expect(fields).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/), callbackUrl: "/protected" });
    expect(jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${fields.csrfToken}\\|[0-9a-f]{64}$`));

    const signedIn = await post(jar, `${base}/auth/callback/credentials`, { ...fields, email: DEMO_USER.email, password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${base}/protected`);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token=eyJ"))).toBe(true);

    const home = await (await get(jar, `${base}/`)).text();
    expect(home).toContain(`You are signed in as <strong>${DEMO_USER.email}</strong>`);
    const protectedPage = await get(jar, `${base}/protected`);
    expect(protectedPage.status).toBe(200);
    expect(await protectedPage.text()).toContain(DEMO_USER.email);

    // Restart with the same data directory: the persisted secret still opens the session cookie.
    const secretFile = await stat(join(dataDir, "secret"));
    expect(secretFile.mode & 0o777).toBe(0o600);
    await stop(demo);
    demo = await start();
    const restarted = demo.url;
    const afterRestart = await (await get(jar, `${restarted}/`)).text();
    expect(afterRestart).toContain(`You are signed in as <strong>${DEMO_USER.email}</strong>`);
    expect(warnings.filter((line) => line.includes("AUTH_SECRET is not set"))).toHaveLength(2);
    expect(warnings.every((line) => !line.includes("\n"))).toBe(true);

    // Another data directory means another secret: the same cookie opens nothing there.
    const otherDir = join(dataDir, "other");
    const other = await start(otherDir);
    const stranger = new CookieJar();
    stranger.cookies.set("authjs.session-token", jar.cookies.get("authjs.session-token")!);
    expect(await (await get(stranger, `${other.url}/`)).text()).toContain("You are not signed in.");
    await stop(other);

    const signOutFields = formFields(afterRestart, "/auth/signout");
    expect(signOutFields).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/), callbackUrl: "/" });
    const signedOut = await post(jar, `${restarted}/auth/signout`, signOutFields);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`${restarted}/`);
    expect(signedOut.headers.getSetCookie()).toContain("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect(await (await get(jar, `${restarted}/`)).text()).toContain("You are not signed in.");
    expect((await get(jar, `${restarted}/protected`)).status).toBe(302);
  });

  it("sends a wrong password back to /login with a readable error", async () => {
    const demo = await start();
    const jar = new CookieJar();
    const failed = await signIn(jar, demo.url, "/login?callbackUrl=/protected", "not-the-password");
    expect(failed.status).toBe(302);
    const location = failed.headers.get("location")!;
    expect(location).toBe(`${demo.url}/login?error=CredentialsSignin&code=credentials`);
    expect(jar.get("authjs.session-token")).toBeUndefined();

    const page = await (await get(jar, location)).text();
    expect(page).toContain('<p role="alert" class="alert">That email and password do not match. Check them and try again.</p>');

    // The retry from the error page still lands where the user was going (the callback-URL cookie).
    const retry = await post(jar, `${demo.url}/auth/callback/credentials`, {
      ...formFields(page, "/auth/callback/credentials"),
      email: DEMO_USER.email,
      password: DEMO_PASSWORD,
    });
    expect(retry.headers.get("location")).toBe(`${demo.url}/protected`);
  });

  it("escapes what it shows from the query and ignores foreign callback URLs", async () => {
    const demo = await start();
    const jar = new CookieJar();
    const page = await (await get(jar, `${demo.url}/login?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E&code=%22%3E%3Cb%3E`)).text();
    expect(page).not.toContain("<script>");
    expect(page).not.toContain('"><b>');
    expect(page).toContain("Sign-in did not work (&lt;script&gt;alert(1)&lt;/script&gt;). (Code: &quot;&gt;&lt;b&gt;)");

    const foreign = await (await get(jar, `${demo.url}/login?callbackUrl=//evil.example/x`)).text();
    expect(formFields(foreign, "/auth/callback/credentials").callbackUrl).toBe("");
  });
});
