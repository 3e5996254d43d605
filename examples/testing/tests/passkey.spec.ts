/** A passkey sign-up and sign-in, with Chromium's virtual authenticator. */
import { signInPage, signOut } from "foyer-auth/testing/playwright";
import { expect, test } from "./fixtures.js";

test("a fresh user creates an account with a passkey, signs out, and signs in with it", async ({ page, context, authenticator, testUser, baseURL }) => {
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withNewPasskey(testUser.email);
  await expect(page.locator("#status")).toHaveText(`Signed in as ${testUser.email}`);
  expect(await authenticator.credentials()).toHaveLength(1);

  await signOut(context, { url: baseURL! });
  await page.goto("/");
  await expect(page.locator("#status")).toHaveText("Not signed in");

  // The sign-in page offers passkeys in autofill too; with the authenticator answering by itself that
  // would sign the user in on arrival. Held back until the page is there, it answers the button instead.
  await authenticator.setUserPresence(false);
  await signIn.goto();
  await authenticator.setUserPresence(true);
  await signIn.withPasskey();
  await expect(page.locator("#status")).toHaveText(`Signed in as ${testUser.email}`);
});

test("when the browser's passkey autofill signs the user in before the button is clicked, withPasskey still succeeds", async ({
  page,
  context,
  authenticator,
  testUser,
  baseURL,
}) => {
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withNewPasskey(testUser.email);
  await expect(page.locator("#status")).toHaveText(`Signed in as ${testUser.email}`);
  await signOut(context, { url: baseURL! });

  // The authenticator answers the page's autofill request by itself; its sign-in post is held for a
  // moment, and the button takes no clicks meanwhile, so the autofill is sure to sign in first.
  await page.route("**/callback/passkey", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await signIn.goto();
  await page.locator('[data-passkey-action="signin"]').evaluate((button) => void ((button as HTMLElement).style.pointerEvents = "none"));
  await signIn.withPasskey();
  await expect(page.locator("#status")).toHaveText(`Signed in as ${testUser.email}`);
  expect(await authenticator.credentials()).toHaveLength(1);
});
