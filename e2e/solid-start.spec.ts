/**
 * Foyer inside real SolidStart production builds (e2e/fixtures/solid-start-server.ts):
 *
 * - a `@solidjs/start` app on `foyer-auth/solid-start`, built on `@solidjs/start` 1.3 and 2: the built-in pages, sign-in through them and
 *   through the app's own Solid form (`foyer-auth/solid-start/client`), the session read by server
 *   functions, a protected route, sign-out, a wrong password, a second config at the non-default
 *   prefix `/auth`, and a form posted from another site;
 * - an app written for `@auth/solid-start` on the old `solid-start` 0.2, as it is and after only its
 *   import paths changed to Foyer's: the same flows pass on both.
 *
 * Each test has its own browser context, so its own cookies.
 */
import { expect, test, type Page } from "@playwright/test";
import { message } from "./support/pages.js";
import { SOLID_START_AUTHJS_ORIGIN, SOLID_START_MIGRATED_ORIGIN, SOLID_START_ORIGIN, SOLID_START_V2_ORIGIN } from "./support/ports.js";

const USER = { email: "ada@example.com", password: "correct horse", name: "Ada Lovelace" };

/** Fills and submits the credentials form of a built-in sign-in page (Foyer's or Auth.js's). */
async function fillBuiltInSignIn(page: Page, password: string): Promise<void> {
  // Auth.js: "Sign in with Credentials"; Foyer: the one form's primary button, "Continue".
  const submit = page.getByRole("button", { name: /^(Continue|Sign in with Credentials)$/ });
  const form = page.locator("form").filter({ has: submit });
  await form.getByLabel("E-mail", { exact: true }).fill(USER.email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await submit.click();
}

/** Signs in through the app's own page (/signin): a Solid form calling the client's `signIn`. */
async function fillAppSignIn(page: Page, origin: string, password: string): Promise<void> {
  await page.goto(`${origin}/signin`);
  // The handler is attached once the page has hydrated.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mail").fill(USER.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** What the home page, rendered on the server from `getSession`, says. */
async function homeStatus(page: Page, origin: string): Promise<string | null> {
  await page.goto(`${origin}/`);
  return page.getByTestId("status").textContent();
}

/**
 * Posts a credentials form with the right password from a page of another site (`attacker.test`).
 * Resolves with the URL the browser was sent to.
 */
async function postFromAnotherSite(page: Page, origin: string): Promise<string> {
  await page.route("http://attacker.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><form method="post" action="${origin}/api/auth/callback/credentials">
        <input name="email" value="${USER.email}"><input name="password" value="${USER.password}">
        <input name="csrfToken" value="guessed"><input name="callbackUrl" value="${origin}/protected">
        <button>Win a prize</button></form>`,
    }),
  );
  // The victim has visited the app before: the browser holds its CSRF cookie.
  await page.goto(`${origin}/api/auth/signin`);
  await page.goto("http://attacker.test/");
  await page.getByRole("button", { name: "Win a prize" }).click();
  // Foyer and Auth.js both refuse it and send the browser to the sign-in page (on solid-start 0.2,
  // Auth.js's on the attacker's host: the adapter takes the request's origin from its Origin header).
  await page.waitForURL(/\/api\/auth\/signin\?error=MissingCSRF$/);
  return page.url();
}

async function hasSessionCookie(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((cookie) => cookie.name.includes("session-token"));
}

const FOYER_APPS = [
  { name: "@solidjs/start 1.3 with foyer-auth/solid-start", origin: SOLID_START_ORIGIN },
  { name: "@solidjs/start 2 with foyer-auth/solid-start", origin: SOLID_START_V2_ORIGIN },
] as const;

for (const app of FOYER_APPS) {
  test.describe(app.name, () => {
    const origin = app.origin;

    test("protected route → built-in sign-in page, wrong password, sign-in, session on the server, sign-out", async ({ page }) => {
      await page.goto(`${origin}/protected`);
      await expect(page).toHaveURL(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent("/protected")}`);

      await fillBuiltInSignIn(page, "wrong password");
      await expect(page).toHaveURL(/\/api\/auth\/signin\?error=CredentialsSignin/);
      expect(await hasSessionCookie(page)).toBe(false);

      await fillBuiltInSignIn(page, USER.password);
      await expect(page).toHaveURL(`${origin}/protected`);
      await expect(page.getByTestId("user")).toHaveText(USER.name);
      expect(await homeStatus(page, origin)).toBe(`Signed in as ${USER.email}`);

      await page.goto(`${origin}/protected`);
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(`${origin}/`);
      await expect(page.getByTestId("status")).toHaveText("Signed out");
      await page.goto(`${origin}/protected`);
      await expect(page).toHaveURL(/\/api\/auth\/signin\?callbackUrl=/);
    });

    test("sign-in through the app's own Solid form (foyer-auth/solid-start/client), and its error for a wrong password", async ({ page }) => {
      await fillAppSignIn(page, origin, "wrong password");
      await expect(page.getByTestId("error")).toHaveText("CredentialsSignin");
      expect(await homeStatus(page, origin)).toBe("Signed out");

      await fillAppSignIn(page, origin, USER.password);
      await expect(page).toHaveURL(`${origin}/protected`);
      await expect(page.getByTestId("user")).toHaveText(USER.name);
      expect(await homeStatus(page, origin)).toBe(`Signed in as ${USER.email}`);
    });

    test("the built-in pages render at the prefix", async ({ page }) => {
      const signin = await page.goto(`${origin}/api/auth/signin`);
      expect(signin?.status()).toBe(200);
      await expect(page.getByRole("button", { name: /^(Continue|Sign in with Credentials)$/ })).toBeVisible();
      expect(await page.locator("form").first().getAttribute("action")).toContain(`${origin}/api/auth/callback/credentials`);

      const signout = await page.goto(`${origin}/api/auth/signout`);
      expect(signout?.status()).toBe(200);
      await expect(page.getByRole("button", { name: message("en", "signout.button") })).toBeVisible();

      const error = await page.goto(`${origin}/api/auth/error?error=AccessDenied`);
      expect(error?.status()).toBe(403);
      await expect(page.locator("h1")).toBeVisible();
    });

    test("a config at the non-default prefix /auth: its own pages, and getSession reads there", async ({ page }) => {
      await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent("/alt")}`);
      expect(await page.locator("form").first().getAttribute("action")).toContain(`${origin}/auth/callback/credentials`);
      await fillBuiltInSignIn(page, USER.password);
      await expect(page).toHaveURL(`${origin}/alt`);
      await expect(page.getByTestId("status")).toHaveText(`Signed in as ${USER.email}`);
      const session = await page.request.get(`${origin}/auth/session`);
      expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(USER.email);
    });

    test("a sign-in form posted from another site signs no one in", async ({ page }) => {
      expect(await postFromAnotherSite(page, origin)).toBe(`${origin}/api/auth/signin?error=MissingCSRF`);
      expect(await hasSessionCookie(page)).toBe(false);
      expect(await homeStatus(page, origin)).toBe("Signed out");
    });
  });
}

const MIGRATION = [
  { name: "solid-start 0.2 app on @auth/solid-start (as written)", origin: SOLID_START_AUTHJS_ORIGIN, foyer: false },
  { name: "the same app after only its imports changed to foyer-auth/solid-start", origin: SOLID_START_MIGRATED_ORIGIN, foyer: true },
] as const;

for (const app of MIGRATION) {
  test.describe(app.name, () => {
    const origin = app.origin;

    test("protected route → built-in sign-in page, wrong password, sign-in, session on the server, sign-out", async ({ page }) => {
      await page.goto(`${origin}/protected`);
      await expect(page).toHaveURL(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent("/protected")}`);

      await fillBuiltInSignIn(page, "wrong password");
      await expect(page).toHaveURL(/\/api\/auth\/signin\?error=CredentialsSignin/);
      expect(await hasSessionCookie(page)).toBe(false);

      await fillBuiltInSignIn(page, USER.password);
      await expect(page).toHaveURL(`${origin}/protected`);
      await expect(page.getByTestId("user")).toHaveText(USER.name);
      expect(await homeStatus(page, origin)).toBe(`Signed in as ${USER.email}`);

      await page.goto(`${origin}/protected`);
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(`${origin}/`);
      await expect(page.getByTestId("status")).toHaveText("Signed out");
      await page.goto(`${origin}/protected`);
      await expect(page).toHaveURL(/\/api\/auth\/signin\?callbackUrl=/);
    });

    test("sign-in through the app's own Solid form (the client's signIn), and its error for a wrong password", async ({ page }) => {
      await fillAppSignIn(page, origin, "wrong password");
      await expect(page.getByTestId("error")).toHaveText("CredentialsSignin");
      expect(await homeStatus(page, origin)).toBe("Signed out");

      await fillAppSignIn(page, origin, USER.password);
      await expect(page).toHaveURL(`${origin}/protected`);
      await expect(page.getByTestId("user")).toHaveText(USER.name);
      expect(await homeStatus(page, origin)).toBe(`Signed in as ${USER.email}`);
    });

    test("a sign-in form posted from another site signs no one in", async ({ page }) => {
      const sentTo = await postFromAnotherSite(page, origin);
      // Foyer answers on the host the app was reached at; Auth.js on the one the Origin header named.
      expect(sentTo).toBe(app.foyer ? `${origin}/api/auth/signin?error=MissingCSRF` : "http://attacker.test/api/auth/signin?error=MissingCSRF");
      expect(await hasSessionCookie(page)).toBe(false);
      expect(await homeStatus(page, origin)).toBe("Signed out");
    });
  });
}
