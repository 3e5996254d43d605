/**
 * The demo through a real browser: signing in and out on Foyer's built-in pages, a wrong password,
 * the /protected round trip, and the same in German and Arabic (right-to-left).
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO_EMAIL, DEMO_PASSWORD, SignInPage, message } from "./support/pages.js";

async function expectHomeSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`You are signed in as ${DEMO_EMAIL}.`)).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Demo User" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign out" })).toBeVisible();
}

test.describe("sign-in in English", () => {
  test("signs in from the home page, sees the session, signs out on the sign-out page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();

    const signin = new SignInPage(page);
    await expect(signin.heading).toBeVisible();
    await expect(page).toHaveTitle("Sign In");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expectHomeSignedIn(page);

    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/signout(\?|$)/);
    await expect(page.getByText("Are you sure you want to sign out?")).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("authjs.session-token");
  });

  test("the sign-out page at /auth/signout signs out", async ({ page }) => {
    const signin = new SignInPage(page);
    await signin.goto();
    await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expectHomeSignedIn(page);

    await page.goto("/auth/signout");
    await expect(page.getByRole("heading", { level: 1, name: "Sign out" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
  });

  test("a wrong password shows the error in the alert and signs nobody in", async ({ page }) => {
    const signin = new SignInPage(page);
    await signin.goto();
    await expect(signin.alert).toHaveCount(0);
    await signin.signIn(DEMO_EMAIL, "not-the-password");
    await signin.expectCredentialsError();
    await expect(signin.alert).toHaveText("Sign in failed. Check the details you provided are correct.");

    await page.goto("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
  });

  test("/protected sends a signed-out user to the sign-in page and back after sign-in", async ({ page }) => {
    await page.goto("/protected");
    await expect(page).toHaveURL("/auth/signin?callbackUrl=%2Fprotected");
    const signin = new SignInPage(page);
    await expect(signin.heading).toBeVisible();
    await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL("/protected");
    await expect(page.getByRole("heading", { level: 1, name: "Protected page" })).toBeVisible();
    await expect(page.getByText(DEMO_EMAIL)).toBeVisible();
  });

  test("signing out at /auth/signout after a protected page lands on the home page, not the sign-in page", async ({ page }) => {
    await page.goto("/protected");
    await new SignInPage(page).signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL("/protected");
    // The callback-url cookie still names /protected, which would send a signed-out user to sign in.
    await page.goto("/auth/signout");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
  });
});

test.describe("sign-in in German", () => {
  test.use({ locale: "de-DE" });

  test("the sign-in page, a wrong password and a successful sign-in", async ({ page }) => {
    const signin = new SignInPage(page, "de");
    await signin.goto();
    await expect(page).toHaveTitle("Anmelden");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(signin.submit).toHaveText("Weiter");

    await signin.signIn(DEMO_EMAIL, "falsch");
    await signin.expectCredentialsError();
    await expect(signin.alert).toHaveText(message("de", "signinError.CredentialsSignin"));

    await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expectHomeSignedIn(page);
  });
});

test.describe("sign-in in Arabic", () => {
  test.use({ locale: "ar" });

  test("the page is right-to-left; a wrong password and a successful sign-in", async ({ page }) => {
    const signin = new SignInPage(page, "ar");
    await signin.goto();
    await expect(page).toHaveTitle(message("ar", "signin.title"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    // The layout really is right-to-left: the label's direction, and its text hugging the right edge of its input.
    const label = page.locator('label[for="input-email"]');
    expect(await label.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    const text = await label.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });
    const input = (await signin.email.boundingBox())!;
    expect(Math.abs(text.right - (input.x + input.width))).toBeLessThanOrEqual(2);
    expect(text.left).toBeGreaterThan(input.x + input.width / 2);
    // The submit button's text (Arabic) and the inputs' direction follow too.
    expect(await signin.email.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");

    await signin.signIn(DEMO_EMAIL, "خطأ");
    await signin.expectCredentialsError();
    await expect(signin.alert).toHaveText(message("ar", "signinError.CredentialsSignin"));
    expect(await signin.alert.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");

    await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expectHomeSignedIn(page);
  });
});
