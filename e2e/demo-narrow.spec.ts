/**
 * The demo on a 390 px phone screen: no page scrolls sideways (the document is no wider than the
 * viewport), signed out and signed in (the demo's /account with Foyer's `<auth-account>` too); and, on
 * the built-in pages, the error page keeps room between its message and its button. (Foyer's hosted
 * account page is checked in e2e/account.spec.ts.)
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO_EMAIL, DEMO_PASSWORD, PAGES_ORIGIN, SignInPage } from "./support/pages.js";

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

/** How far the page's content reaches past the viewport's width (0: no horizontal scroll). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The web components render after the page loads: wait for what they show.
  if (path === "/embedded") await expect(page.locator("auth-session")).toBeVisible();
  if (path === "/account") await expect(page.locator("auth-account")).toHaveAttribute("state", "ready");
  await page.waitForLoadState("networkidle");
  expect(await horizontalOverflow(page), `${path} scrolls sideways at 390 px`).toBe(0);
}

test.describe("the demo at 390 px", () => {
  test("signed out: home, embedded (sign-in form), and the sign-in page a protected page leads to", async ({ page }) => {
    for (const path of ["/", "/embedded", "/protected"]) await expectNoSidewaysScroll(page, path);
  });

  test("signed in: home, protected, account, embedded (user and sign-out)", async ({ page }) => {
    const signin = new SignInPage(page);
    await signin.goto();
    await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL("/");
    for (const path of ["/", "/protected", "/account", "/embedded"]) await expectNoSidewaysScroll(page, path);
    await expect(page.locator("auth-user")).toBeVisible();
  });
});

test("the error page has room between its message and its button", async ({ page }) => {
  await page.goto(`${PAGES_ORIGIN}/plain/auth/error?error=Verification`);
  const message = await page.locator(".message").boundingBox();
  const button = await page.locator("a.button").boundingBox();
  expect(button!.y - (message!.y + message!.height)).toBeGreaterThanOrEqual(16);
});
