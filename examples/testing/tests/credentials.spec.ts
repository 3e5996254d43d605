/** A password sign-in on Foyer's built-in page, and a failing one. */
import { signInPage } from "foyer-auth/testing/playwright";
import { expect, PASSWORD, test, USER } from "./fixtures.js";

test("a wrong password shows CredentialsSignin; the right one signs in", async ({ page }) => {
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withCredentials({ email: USER.email, password: "not the password" });
  expect(await signIn.error()).toBe("CredentialsSignin");

  await signIn.withCredentials({ email: USER.email, password: PASSWORD });
  await expect(page.locator("#status")).toHaveText(`Signed in as ${USER.email}`);
});
