/**
 * axe-core on every built-in page of the fixture server (e2e/fixtures/pages-server.ts): light and
 * dark (OS setting), the forced dark theme, the brand theme, and Arabic (right-to-left). Every rule
 * axe runs by default is on; the expectation is zero violations.
 */
// The named export: under NodeNext the package's CommonJS typings make the default import look un-constructable.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import {
  BRAND,
  BRAND_DARK,
  DARK_MEDIA,
  DARK_THEME,
  ERROR_ACCESS_DENIED,
  ERROR_CONFIGURATION,
  LIGHT,
  RTL,
  RTL_DARK,
  SIGNIN_WITH_ERROR,
  SIGNOUT,
  VERIFY_REQUEST,
  openBuiltInPage,
} from "./support/pages.js";

const PAGES = [SIGNIN_WITH_ERROR, SIGNOUT, ERROR_ACCESS_DENIED, ERROR_CONFIGURATION, VERIFY_REQUEST];
const VARIANTS = [LIGHT, DARK_MEDIA, DARK_THEME, BRAND, BRAND_DARK, RTL, RTL_DARK];

for (const variant of VARIANTS) {
  test.describe(`axe: ${variant.name} (/${variant.mount}, ${variant.colorScheme}, ${variant.locale})`, () => {
    test.use({ locale: variant.locale });

    for (const builtIn of PAGES) {
      test(`${builtIn.name} has no violations`, async ({ page }) => {
        await openBuiltInPage(page, builtIn, variant);
        const { violations } = await new AxeBuilder({ page }).analyze();
        // Readable on failure: rule, impact, and where (selector and the HTML of each node).
        const found = violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.map((node) => ({ target: node.target.join(" "), html: node.html, summary: node.failureSummary })),
        }));
        expect(found, `axe violations on ${page.url()}`).toEqual([]);
      });
    }
  });
}

test.describe("axe: the demo's sign-in page (brand #4f46e5)", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`signin with an error, ${colorScheme}, has no violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/auth/signin?error=CredentialsSignin");
      await expect(page.getByRole("alert")).toBeVisible();
      // With its passkey section shown (its script reveals it), as visitors see it.
      await expect(page.locator("#passkey-section")).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
    });
  }
});
