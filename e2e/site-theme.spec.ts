/**
 * One theme source: the demo's server `theme` (`brandColor`, demo/config.ts) reaches the built-in
 * pages and, through `{basePath}/assets/theme.json`, every web component on the same site with only
 * `base-path` set, under a strict Content-Security-Policy (no inline styles at all). An element's
 * `theme` attribute overrides it for that element; the page's own `--auth-*` properties win over
 * it; invalid values are refused. The test page is answered by the browser context (`page.route`),
 * on the demo's origin, and loads the self-contained `foyer-elements.<hash>.js` from Foyer.
 */
import { expect, test, type Page } from "@playwright/test";
import { BRAND_COLOR } from "../demo/config.js";
import { elementsScriptPath } from "../server/pages/assets.js";

const NONCE = "e2e-site-theme";
const CSP = `default-src 'self'; script-src 'nonce-${NONCE}'; style-src 'none'; img-src 'self' data:; connect-src 'self'`;
/** demo/config.ts's brand colour as the browser computes it. */
const BRAND = `rgb(${[1, 3, 5].map((i) => parseInt(BRAND_COLOR.slice(i, i + 2), 16)).join(", ")})`;
const DEFAULT_BLUE = "rgb(29, 78, 216)";

/** Serves `body` at `/themed` with the elements bundle and the strict policy; returns CSP console messages. */
async function openPage(page: Page, body: string): Promise<string[]> {
  const script = elementsScriptPath();
  expect(script, "dist/browser/foyer-elements.js is built (npm run build)").toMatch(/^foyer-elements\.[0-9a-f]{10}\.js$/);
  const violations: string[] = [];
  page.on("console", (entry) => {
    if (/Content Security Policy/i.test(entry.text())) violations.push(entry.text());
  });
  await page.route("**/themed", (route) =>
    route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Themed</title>
<script type="module" nonce="${NONCE}" src="/auth/assets/${script}"></script></head><body>${body}</body></html>`,
    }),
  );
  await page.goto("/themed");
  return violations;
}

/** The background colour of `auth-signout`'s button (in its shadow root). */
const signoutBackground = (page: Page, selector: string) =>
  page.locator(selector).evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector("button")!).backgroundColor);

test.describe("the server's theme on pages and elements of one site", () => {
  test("the sign-in page and the elements show the configured brand colour; a theme attribute overrides it per element", async ({ page }) => {
    await page.goto("/auth/signin");
    // The page's stylesheet carries the theme as the system token every page rule reads.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--auth-color-brand").trim())).toBe(BRAND_COLOR);

    const violations = await openPage(
      page,
      `<auth-signout id="plain" base-path="/auth"></auth-signout>
       <auth-signout id="own" base-path="/auth" theme='{"brandColor":"#0f766e"}'></auth-signout>
       <auth-signin base-path="/auth"></auth-signin>`,
    );
    await expect.poll(() => signoutBackground(page, "#plain")).toBe(BRAND);
    await expect.poll(() => signoutBackground(page, "#own")).toBe("rgb(15, 118, 110)");
    // <auth-signin>'s light-DOM submit buttons read the same token.
    const submit = page.locator("auth-signin .auth-submit").first();
    await expect(submit).toBeVisible();
    expect(await submit.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(BRAND);
    expect(violations).toEqual([]);
  });

  test("the page's --auth-* custom properties win over the server's theme", async ({ page }) => {
    // Set through a stylesheet of the page's own origin would need `style-src 'self'`; the CSSOM needs nothing.
    await openPage(page, `<section id="custom"><auth-signout base-path="/auth"></auth-signout></section>`);
    await page.locator("#custom").evaluate((section) => (section as HTMLElement).style.setProperty("--auth-color-brand", "rgb(1, 2, 3)"));
    await expect.poll(() => signoutBackground(page, "#custom auth-signout")).toBe("rgb(1, 2, 3)");
  });

  test("invalid values from theme.json never reach CSS", async ({ page }) => {
    await page.route("**/auth/assets/theme.json", (route) =>
      route.fulfill({
        status: 200,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ brandColor: "red;}:host{background:url(/x)}", logo: "javascript:alert(1)" }),
      }),
    );
    const warnings: string[] = [];
    page.on("console", (entry) => {
      if (entry.type() === "warning") warnings.push(entry.text());
    });
    await openPage(page, `<auth-signout base-path="/auth"></auth-signout><auth-signin base-path="/auth"></auth-signin>`);
    await expect.poll(() => warnings.some((text) => text.includes("ignored invalid server theme brandColor, logo"))).toBe(true);
    expect(await signoutBackground(page, "auth-signout")).toBe(DEFAULT_BLUE);
    await expect(page.locator("auth-signin .auth-submit").first()).toBeVisible();
    await expect(page.locator("auth-signin").locator('[part~="logo"]')).toHaveCount(0);
  });
});
