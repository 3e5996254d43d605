/**
 * Foyer inside real Express apps (e2e/fixtures/express-server.ts): Express 5 with
 * `app.use("/auth", ExpressAuth(config))` and Express 4 with `app.use("/auth/*", …)`, each reading the
 * session with `getSession` in its own routes — and the Express 4 app's code on `@auth/express`, which
 * passes the same flows: the app migrates by changing its imports. Each test has its own browser
 * context, so its own cookies.
 */
import { expect, test, type Page } from "@playwright/test";
import { message } from "./support/pages.js";
import { EXPRESS4_ORIGIN, EXPRESS_AUTHJS_ORIGIN, EXPRESS_ORIGIN } from "./support/ports.js";

const USER = { email: "ada@example.com", password: "correct horse battery staple", name: "Ada Lovelace" };

const APPS = [
  { name: 'Express 5, app.use("/auth")', origin: EXPRESS_ORIGIN, other: EXPRESS4_ORIGIN },
  { name: 'Express 4, app.use("/auth/*")', origin: EXPRESS4_ORIGIN, other: EXPRESS_ORIGIN },
  { name: 'Express 4, app.use("/auth/*") on @auth/express (before the migration)', origin: EXPRESS_AUTHJS_ORIGIN, other: EXPRESS_ORIGIN },
] as const;

async function fillSignIn(page: Page, password: string): Promise<void> {
  // Auth.js: "Sign in with Credentials"; Foyer: the one form's primary button, "Continue".
  const submit = page.getByRole("button", { name: /^(Continue|Sign in with Credentials)$/ });
  const form = page.locator("form").filter({ has: submit });
  await form.getByLabel("Email", { exact: true }).fill(USER.email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await submit.click();
}

async function sessionEmail(page: Page, origin: string): Promise<string | null> {
  const response = await page.request.get(`${origin}/auth/session`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user?: { email?: string } } | null)?.user?.email ?? null;
}

for (const app of APPS) {
  test.describe(app.name, () => {
    test("protected route → built-in sign-in page, wrong password, sign-in, session on the server, sign-out", async ({ page }) => {
      await page.goto(`${app.origin}/dashboard`);
      await expect(page).toHaveURL(`${app.origin}/auth/signin?callbackUrl=${encodeURIComponent("/dashboard")}`);

      await fillSignIn(page, "wrong password");
      await expect(page).toHaveURL(/\/auth\/signin\?error=CredentialsSignin/);
      expect(await sessionEmail(page, app.origin)).toBeNull();

      await fillSignIn(page, USER.password);
      await expect(page).toHaveURL(`${app.origin}/dashboard`);
      await expect(page.locator("#name")).toHaveText(USER.name);
      await page.goto(`${app.origin}/`);
      await expect(page.locator("#status")).toHaveText(`Signed in as ${USER.email}`);

      await page.goto(`${app.origin}/auth/signout?callbackUrl=${encodeURIComponent("/")}`);
      await page.getByRole("button", { name: message("en", "signout.button") }).click();
      await expect(page).toHaveURL(`${app.origin}/`);
      await expect(page.locator("#status")).toHaveText("Not signed in");
      await page.goto(`${app.origin}/dashboard`);
      await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=/);
    });

    test("a sign-in form posted from another site signs no one in", async ({ page }) => {
      // The other app runs on 127.0.0.1, another site for the browser than localhost.
      await page.goto(`${app.other.replace("localhost", "127.0.0.1")}/evil?target=${encodeURIComponent(app.origin)}`);
      await page.getByRole("button", { name: "Win a prize" }).click();
      await page.waitForLoadState();
      expect(await sessionEmail(page, app.origin)).toBeNull();
      await page.goto(`${app.origin}/`);
      await expect(page.locator("#status")).toHaveText("Not signed in");
    });
  });
}
