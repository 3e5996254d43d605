/**
 * Full-page screenshots of the built-in pages for a person to look at, written to
 * test-results/screenshots/<page>-<variant>.png. Nothing is compared pixel by pixel (Debian's
 * Chromium and fonts differ from machine to machine); the tests only check the page rendered.
 */
import { join } from "node:path";
import { test } from "@playwright/test";
import { BRAND, DARK_THEME, ERROR_ACCESS_DENIED, LIGHT, RTL, SIGNOUT, VERIFY_REQUEST, openBuiltInPage, type BuiltInPage } from "./support/pages.js";

const SIGNIN: BuiltInPage = { name: "signin", path: "/signin", heading: "signin.heading", status: 200 };
const PAGES = [SIGNIN, SIGNOUT, { ...ERROR_ACCESS_DENIED, name: "error" }, VERIFY_REQUEST];
const VARIANTS = [LIGHT, DARK_THEME, BRAND, RTL];

for (const variant of VARIANTS) {
  test.describe(`screenshots: ${variant.name}`, () => {
    test.use({ locale: variant.locale });

    for (const builtIn of PAGES) {
      test(`${builtIn.name}-${variant.name}`, async ({ page }, testInfo) => {
        await openBuiltInPage(page, builtIn, variant);
        await page.screenshot({ path: join(testInfo.project.outputDir, "screenshots", `${builtIn.name}-${variant.name}.png`), fullPage: true });
      });
    }
  });
}
