/**
 * foyer-auth/hono in Chromium: the Hono test app (e2e/fixtures/hono-server.ts) on @hono/node-server,
 * once on foyer-auth/hono and once on @hono/auth-js (the same app, only the module changed), through
 * the same flows: the built-in sign-in page, verifyAuth(), getAuthUser() in a route, sign-out, a wrong
 * password, and a form another site posts to the credentials callback. Each server listens on the
 * port in FOYER_E2E_HONO_PORT / FOYER_E2E_HONO_AUTHJS_PORT, or on a free one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";

const PASSWORD = "correct horse battery staple";

function startServer(module: string, port: string | undefined): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn("npx", ["tsx", "e2e/fixtures/hono-server.ts"], {
    env: { ...process.env, HONO_AUTH: module, PORT: port ?? "0", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${module} server did not start`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: `http://localhost:${match[1]}` });
      }
    });
    child.once("exit", (code) => reject(new Error(`${module} server exited with ${code}`)));
  });
}

async function signIn(page: Page, origin: string, password: string) {
  await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent("/whoami")}`);
  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill(password);
  // Auth.js: "Sign in with Credentials"; Foyer: the one form's primary button, "Continue".
  await page.getByRole("button", { name: /^(Continue|Sign in with Credentials)$/ }).click();
}

const implementations = [
  { module: "foyer-auth/hono", port: process.env.FOYER_E2E_HONO_PORT },
  { module: "@hono/auth-js", port: process.env.FOYER_E2E_HONO_AUTHJS_PORT },
];

for (const { module, port } of implementations) {
  test.describe(`Hono on ${module}`, () => {
    test.describe.configure({ mode: "serial" });
    let server: { child: ChildProcess; origin: string };
    test.beforeAll(async () => {
      server = await startServer(module, port);
    });
    test.afterAll(() => {
      server?.child.kill();
    });

    test("signs in on the built-in page, reads the user in routes and behind verifyAuth(), signs out", async ({ page }) => {
      const { origin } = server;
      expect((await page.request.get(`${origin}/api/protected/me`)).status()).toBe(401);
      await signIn(page, origin, PASSWORD);
      await expect(page).toHaveURL(`${origin}/whoami`);
      await expect(page.locator("body")).toContainText('"email":"ada@example.com"');

      const me = await page.request.get(`${origin}/api/protected/me`);
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ session: { user: { email: "ada@example.com" } } });
      await page.goto(`${origin}/plain`);
      await expect(page.locator("body")).toHaveText("signed in");

      await page.goto(`${origin}/api/auth/signout`);
      await page.getByRole("button", { name: /sign out/i }).click();
      await page.goto(`${origin}/whoami`);
      await expect(page.locator("body")).toContainText('"email":null');
      expect((await page.request.get(`${origin}/api/protected/me`)).status()).toBe(401);
    });

    test("a wrong password stays on the sign-in page with the error, signed out", async ({ page }) => {
      const { origin } = server;
      await signIn(page, origin, "wrong password");
      await expect(page).toHaveURL(/\/api\/auth\/signin\?.*error=CredentialsSignin/);
      expect((await page.request.get(`${origin}/api/protected/me`)).status()).toBe(401);
    });

    test("a sign-in form posted from another origin signs nobody in", async ({ page }) => {
      const { origin } = server;
      // The visitor has been to the app (so holds its CSRF cookie), then opens the other site.
      await page.goto(`${origin}/api/auth/signin`);
      const other = origin.replace("localhost", "127.0.0.1");
      await page.goto(`${other}/evil?target=${encodeURIComponent(`${origin}/api/auth/callback/credentials`)}`);
      await page.getByRole("button", { name: "Win a prize" }).click();
      await page.waitForLoadState();
      await page.goto(`${origin}/whoami`);
      await expect(page.locator("body")).toContainText('"email":null');
      expect((await page.request.get(`${origin}/api/protected/me`)).status()).toBe(401);
    });
  });
}
