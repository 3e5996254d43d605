/**
 * The testing kit against the Express integration (e2e/fixtures/express-server.ts): `signInAs` puts a
 * session made by `createTestSession` into the browser, the app's `getSession` reads it on a protected
 * page, `signInPage` signs in with credentials and shows a failure's code, and `signOut` ends it.
 */
import Credentials from "../server/providers/credentials.js";
import { expect, signInAs, signInPage, signOut, test } from "../server/testing-kit/playwright/index.js";
import type { AuthConfig } from "../server/types.js";
import { EXPRESS_ORIGIN } from "./support/ports.js";

/** The Express app's config as far as a session needs it: the same secret (the app's default). */
const config: AuthConfig = {
  secret: "e2e-express-secret-e2e-express-secret-0123",
  trustHost: true,
  providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => null })],
};

test("signInAs: the Express app's protected page sees the test user; signOut ends it", async ({ page, context }) => {
  const session = await signInAs(context, { url: EXPRESS_ORIGIN, config, user: { email: "kit-user@example.test", name: "Kit User" } });
  expect(session.cookies.map((cookie) => cookie.name)).toEqual(["authjs.session-token"]);
  await page.goto(`${EXPRESS_ORIGIN}/dashboard`);
  await expect(page.locator("#name")).toHaveText("Kit User");
  await page.goto(`${EXPRESS_ORIGIN}/`);
  await expect(page.locator("#status")).toHaveText("Signed in as kit-user@example.test");

  await signOut(context, { url: EXPRESS_ORIGIN });
  await page.goto(`${EXPRESS_ORIGIN}/`);
  await expect(page.locator("#status")).toHaveText("Not signed in");
});

test("signInPage on the Express app's built-in page: a wrong password shows CredentialsSignin, the right one signs in", async ({ page }) => {
  const signIn = signInPage(page);
  await signIn.goto(`${EXPRESS_ORIGIN}/auth/signin`);
  await signIn.withCredentials({ email: "ada@example.com", password: "wrong" });
  expect(await signIn.error()).toBe("CredentialsSignin");
  await signIn.withCredentials({ email: "ada@example.com", password: "correct horse battery staple" });
  await page.waitForURL(`${EXPRESS_ORIGIN}/`);
  await expect(page.locator("#status")).toHaveText("Signed in as ada@example.com");
});
