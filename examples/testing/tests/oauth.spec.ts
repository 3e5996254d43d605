/** OAuth sign-in against the worker's local OpenID provider: offline, with scripted failures. */
import { signInPage } from "foyer-auth/testing/playwright";
import { expect, test } from "./fixtures.js";

test("the IdP signs its user in and the app shows them", async ({ page }) => {
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withProvider("test-idp");
  await expect(page.locator("#status")).toHaveText("Signed in as user@example.test");
});

test("the user cancels at the IdP (error=access_denied): the app shows the error", async ({ page, idp }) => {
  const tokenRequestsBefore = idp.requests.filter((request) => request.path === "/token").length;
  idp.nextSignIn({ outcome: "access_denied" });
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withProvider("test-idp");
  // Foyer, like Auth.js, reports an error the provider sent back to the callback as OAuthCallbackError.
  expect(await signIn.error()).toBe("OAuthCallbackError");
  expect(idp.requests.filter((request) => request.path === "/token")).toHaveLength(tokenRequestsBefore);
  await page.goto("/");
  await expect(page.locator("#status")).toHaveText("Not signed in");
});

test("the IdP's token endpoint fails: the app shows the error and nobody is signed in", async ({ page, idp }) => {
  idp.nextSignIn({ outcome: "token_error" });
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withProvider("test-idp");
  expect(await signIn.error()).toBe("OAuthCallbackError");
  await page.goto("/");
  await expect(page.locator("#status")).toHaveText("Not signed in");
});
