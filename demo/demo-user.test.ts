/**
 * The demo's credentials user is in the database from the start, so its address is taken: a passkey
 * sign-up for demo@foyer.dev is refused like any sign-up for an address that has an account, and the
 * demo user's password sign-in still lands on the one account (no second user with the same address).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import SQLiteAdapter from "../server/adapters/sqlite.js";
import { CookieJar } from "../server/testing-kit/cookie-jar.js";
import { registerPasskey } from "../server/testing-kit/passkeys.js";
import { SoftAuthenticator } from "../server/testing-kit/soft-authenticator.js";
import { DATABASE_FILE, DEMO_PASSWORD, DEMO_USER } from "./config.js";
import { startDemo, type Demo } from "./server.js";

let dataDir: string;
let demo: Demo | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "foyer-demo-user-"));
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(async () => {
  await demo?.close();
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

/** The users of the demo's database with `email`, read through a connection of our own. */
async function usersWithEmail(email: string): Promise<string[]> {
  const adapter = SQLiteAdapter({ url: join(dataDir, DATABASE_FILE) });
  try {
    const user = await adapter.getUserByEmail!(email);
    return user ? [user.id] : [];
  } finally {
    await adapter.close();
  }
}

/** How many sessions the user `id` has in the demo's database. */
async function sessionsOf(id: string): Promise<number> {
  const adapter = SQLiteAdapter({ url: join(dataDir, DATABASE_FILE) });
  try {
    return (await adapter.listSessions!(id)).length;
  } finally {
    await adapter.close();
  }
}

/** Signs in with the demo user's password on Foyer's sign-in page; the callback's response. */
async function signInWithPassword(base: string, jar: CookieJar): Promise<Response> {
  const page = await fetch(`${base}/auth/signin`, { headers: { cookie: jar.header } });
  jar.update(page);
  const html = await page.text();
  const csrfToken = /name="csrfToken" value="([0-9a-f]+)"/.exec(html)?.[1];
  expect(csrfToken).toBeDefined();
  const response = await fetch(`${base}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams({ csrfToken: csrfToken!, email: DEMO_USER.email, password: DEMO_PASSWORD }),
  });
  jar.update(response);
  return response;
}

describe("the demo user", () => {
  it("is stored at start, so a passkey sign-up with its address is refused and creates no second account", async () => {
    demo = await startDemo({ port: 0, dataDir });
    // Before anyone has signed in, the address already belongs to the demo user.
    expect(await usersWithEmail(DEMO_USER.email)).toEqual([DEMO_USER.id]);

    const authenticator = new SoftAuthenticator({ origin: demo.url });
    const { response, jar } = await registerPasskey(authenticator, { url: demo.url, email: DEMO_USER.email });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${demo.url}/auth/signin?error=AccountNotLinked`);
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect(await usersWithEmail(DEMO_USER.email)).toEqual([DEMO_USER.id]);

    // The password still signs in to the same, single account.
    const owner = new CookieJar();
    const signedIn = await signInWithPassword(demo.url, owner);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(demo.url);
    const session = await fetch(`${demo.url}/auth/session`, { headers: { cookie: owner.header } });
    expect(await session.json()).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(await sessionsOf(DEMO_USER.id)).toBe(1);

    // Seeding is idempotent: a restart on the same database keeps the one user.
    await demo.close();
    demo = await startDemo({ port: 0, dataDir });
    expect(await usersWithEmail(DEMO_USER.email)).toEqual([DEMO_USER.id]);
  });
});
