/**
 * The testing kit's `signInPage` on `<auth-signin>` (the demo's /embedded page): the same calls as on
 * the built-in page find the element's forms and buttons, and `error()` reads the code the element
 * reported.
 */
import { expect, signInPage, test } from "../server/testing-kit/playwright/index.js";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./support/pages.js";
import { DEMO_ORIGIN, IDP_ORIGIN } from "./support/ports.js";

test("withCredentials: a wrong password is CredentialsSignin, the right one signs in", async ({ page }) => {
  const signIn = signInPage(page);
  await signIn.goto(`${DEMO_ORIGIN}/embedded`);
  await signIn.withCredentials({ email: DEMO_EMAIL, password: "not-the-password" });
  expect(await signIn.error()).toBe("CredentialsSignin");
  await signIn.withCredentials({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
  await expect(page.locator("auth-session")).toHaveAttribute("state", "signed-in");
});

test("withEmail returns once the element says the link was sent; withProvider clicks the provider's button", async ({ page }) => {
  const signIn = signInPage(page);
  await signIn.goto(`${DEMO_ORIGIN}/embedded`);
  await signIn.withEmail(`kit-embedded-${Date.now().toString(36)}@example.test`);
  await expect(page.locator('auth-signin [part~="message"]')).toBeVisible();

  await signIn.goto(`${DEMO_ORIGIN}/embedded`);
  await signIn.withProvider("test-idp");
  await page.waitForURL((url) => url.origin === IDP_ORIGIN);
});
