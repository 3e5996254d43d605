/**
 * Migration from `@auth/qwik`: one Qwik City app written for `@auth/qwik` (e2e/fixtures/qwik-app),
 * built as it is and with only its import paths switched to Foyer (e2e/support/qwik-apps.ts), passes
 * the same browser flows on both. Then the one place they differ on purpose: a sign-in form posted
 * from another site.
 */
import { expect, test } from "@playwright/test";
import { QWIK_AUTHJS_ORIGIN, QWIK_ORIGIN } from "./support/ports.js";
import {
  expectProtectedPage,
  expectSignedIn,
  expectSignedOut,
  postFromAnotherSite,
  QWIK_USER,
  signInOnBuiltInPage,
  signInWithUseSignIn,
  signOutWithUseSignOut,
} from "./support/qwik-flows.js";

const APPS = [
  ["@auth/qwik", QWIK_AUTHJS_ORIGIN],
  ["foyer-auth/qwik (imports switched)", QWIK_ORIGIN],
] as const;

for (const [library, origin] of APPS) {
  test.describe(`the @auth/qwik app on ${library}`, () => {
    test("the protected route sends a visitor to the built-in sign-in page; a wrong password is refused, the right one signs in", async ({ page }) => {
      await expectSignedOut(page, origin);
      await page.goto(`${origin}/protected/`);
      await signInOnBuiltInPage(page, "wrong password");
      await expect(page).toHaveURL(/[?&]error=CredentialsSignin/);
      await expectSignedOut(page, origin);

      await page.goto(`${origin}/protected/`);
      await signInOnBuiltInPage(page);
      await expect(page).toHaveURL(`${origin}/protected/`);
      await expectSignedIn(page, origin);
    });

    test("useSignIn signs in, the session is read on the server, useSignOut signs out", async ({ page }) => {
      await signInWithUseSignIn(page, origin);
      await page.waitForLoadState("load");
      await expectSignedIn(page, origin);
      await expectProtectedPage(page, origin);
      await signOutWithUseSignOut(page, origin);
      await expectSignedOut(page, origin);
    });
  });
}

test.describe("a sign-in form posted from another site (login CSRF)", () => {
  const fields = { username: QWIK_USER.username, password: QWIK_USER.password, csrfToken: "forged" };

  test("signs the visitor in on @auth/qwik, which turns Auth.js's CSRF check off (a documented difference)", async ({ page }) => {
    await postFromAnotherSite(page, `${QWIK_AUTHJS_ORIGIN}/auth/callback/credentials`, fields);
    await expectSignedIn(page, QWIK_AUTHJS_ORIGIN);
  });

  test("signs no one in on foyer-auth/qwik, whose routes keep Foyer's CSRF check", async ({ page }) => {
    await postFromAnotherSite(page, `${QWIK_ORIGIN}/auth/callback/credentials`, fields);
    await expect(page).toHaveURL(/[?&]error=MissingCSRF/);
    await expectSignedOut(page, QWIK_ORIGIN);
  });
});

test.describe("the app's CredentialsSignin subclass (imported from the library), thrown by authorize()", () => {
  test("keeps its code on foyer-auth/qwik", async ({ page }) => {
    await page.goto(`${QWIK_ORIGIN}/auth/signin`);
    await signInOnBuiltInPage(page, "any password", "locked");
    await expect(page).toHaveURL(`${QWIK_ORIGIN}/auth/signin?error=CredentialsSignin&code=account_locked`);
  });

  test("becomes error=Configuration on @auth/qwik, whose CredentialsSignin is a bundled copy @auth/core does not recognise (a documented difference)", async ({
    page,
  }) => {
    await page.goto(`${QWIK_AUTHJS_ORIGIN}/auth/signin`);
    await signInOnBuiltInPage(page, "any password", "locked");
    await expect(page).toHaveURL(`${QWIK_AUTHJS_ORIGIN}/auth/error?error=Configuration`);
  });
});
