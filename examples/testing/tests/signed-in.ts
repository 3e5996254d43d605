/**
 * Starting signed in, without the sign-in page: `signedIn` (a fresh user per test) and `signInAs`.
 * signed-in-jwt.spec.ts and signed-in-database.spec.ts run these tests with each session strategy.
 */
import { signInAs, signOut } from "foyer-auth/testing/playwright";
import { expect, test } from "./fixtures.js";

export function signedInTests(strategy: "jwt" | "database"): void {
  test.describe(`${strategy} sessions`, () => {
    test("signedIn: the protected page greets a fresh user", async ({ signedIn, testUser }) => {
      await signedIn.goto("/dashboard");
      await expect(signedIn.locator("#name")).toHaveText(testUser.name!);
    });

    test("signInAs a chosen user, then signOut through Foyer: the protected page sends them to sign in", async ({ page, context, authConfig, baseURL }) => {
      const session = await signInAs(context, { url: baseURL!, config: authConfig!, user: { email: "grace@example.test", name: "Grace Hopper" } });
      expect(session.session.user?.email).toBe("grace@example.test");
      await page.goto("/");
      await expect(page.locator("#status")).toHaveText("Signed in as grace@example.test");

      await signOut(context, { url: baseURL! });
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=/);
    });
  });
}
