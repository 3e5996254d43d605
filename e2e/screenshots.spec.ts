/**
 * Visual regression and accessibility of every built-in page (the hosted account page included) and
 * every element (`<auth-account>` included), in five variants: light, dark (the forced dark theme),
 * brand (#7c3aed and a logo), Arabic (right to left) and a 390 px wide phone screen: 5 pages and 9
 * elements, 70 screenshots. Each test compares a screenshot with its committed baseline and runs
 * axe-core on the same render (zero violations expected).
 *
 * Baselines: e2e/screenshots.spec.ts-snapshots/<name>-<variant>-chromium-linux.png (Playwright's
 * default place; see snapshotPathTemplate in playwright.config.ts), taken with the Debian Chromium
 * (`/usr/bin/chromium`, or CHROMIUM_PATH) that this machine and CI share. After a deliberate visual
 * change, regenerate them all with one command and commit the PNGs after looking at them:
 *
 *   npx playwright test e2e/screenshots.spec.ts --update-snapshots
 *
 * Thresholds (SCREENSHOT below): a pixel counts as changed when its colour differs by more than
 * `threshold` 0.05 (Playwright's YIQ distance, 0–1; its default 0.2 lets a heading turn from
 * near-black to dark red unnoticed), and a screenshot fails when more changed pixels than the
 * smaller of `maxDiffPixels` 40 and `maxDiffPixelRatio` 0.05 % of the image are found. Rendering here
 * is deterministic, so any real change fails: a sign-in page whose heading turned red differs in
 * 285 pixels, a changed brand colour in a quarter of an element's.
 *
 * Deterministic rendering: fonts pinned to Liberation Sans and DejaVu Sans (e2e/support/screenshot.css,
 * applied while shooting), animations stopped and the caret hidden, the clock fixed (FIXED_NOW) and
 * the time zone UTC, so relative dates and the recorded data always read the same. Elements render on
 * a test page of the fixture server's origin (e2e/support/element-renders.ts), signed-in ones with the
 * stories' recorded session and passkeys; they load the web components bundle, so run
 * `npm run build` (or `npm run build:browser`) first. The account page and `<auth-account>` are
 * signed in for real, as the fixture server's seeded user (e2e/fixtures/account-data.ts: fixed
 * sessions, passkeys and a connected account, rows that reads never change); `<auth-account>` loads
 * its built module (dist/ui/elements/auth-account/define.js), so `npm run build` it is.
 */
// The named export: under NodeNext the package's CommonJS typings make the default import look un-constructable.
import { AxeBuilder } from "@axe-core/playwright";
import { resolve } from "node:path";
import { expect, test, type Page, type PageAssertionsToHaveScreenshotOptions } from "@playwright/test";
import { ELEMENT_RENDERS, openElementRender } from "./support/element-renders.js";
import {
  ACCOUNT,
  BRAND,
  DARK_THEME,
  ERROR_ACCESS_DENIED,
  LIGHT,
  RTL,
  SIGNOUT,
  VERIFY_REQUEST,
  PAGES_ORIGIN,
  openBuiltInPage,
  signInFixtureUser,
  type BuiltInPage,
  type Variant,
} from "./support/pages.js";

/** Comparison settings of every screenshot (see the header). */
const SCREENSHOT = {
  threshold: 0.05,
  maxDiffPixelRatio: 0.0005,
  maxDiffPixels: 40,
  animations: "disabled",
  caret: "hide",
  scale: "css",
  stylePath: resolve(import.meta.dirname, "support", "screenshot.css"),
} as const satisfies PageAssertionsToHaveScreenshotOptions;

/** "Now" for every page: the recorded passkeys were created five days earlier. */
const FIXED_NOW = new Date("2026-11-28T12:00:00Z");

/** A variant with the window it is looked at in. */
interface ShotVariant extends Variant {
  viewport: { width: number; height: number };
}

const DESKTOP = { width: 1280, height: 720 };
const VARIANTS: ShotVariant[] = [
  { ...LIGHT, viewport: DESKTOP },
  { ...DARK_THEME, viewport: DESKTOP },
  { ...BRAND, viewport: DESKTOP },
  { ...RTL, viewport: DESKTOP },
  { ...LIGHT, name: "390px", viewport: { width: 390, height: 844 } },
];

/** A built-in page, and what must happen before it can be opened (e.g. signing in). */
interface PageShot extends BuiltInPage {
  prepare?: (page: Page, variant: Variant) => Promise<void>;
}

const SIGNIN: BuiltInPage = { name: "signin", path: "/signin", heading: "signin.heading", status: 200 };
/** Every built-in page. Adding one is one line here. The account page is the fixture server's signed-in user's. */
const PAGES: PageShot[] = [
  SIGNIN,
  SIGNOUT,
  { ...ERROR_ACCESS_DENIED, name: "error" },
  VERIFY_REQUEST,
  { ...ACCOUNT, prepare: (page) => signInFixtureUser(page) },
];

/** axe-core's violations on the page as it is now, readable on failure (as in a11y.spec.ts). */
async function axeViolations(page: Page): Promise<unknown[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.join(" "), html: node.html, summary: node.failureSummary })),
  }));
}

for (const variant of VARIANTS) {
  test.describe(`screenshots: ${variant.name}`, () => {
    // bypassCSP: the built-in pages' Content-Security-Policy would refuse the font stylesheet that
    // `stylePath` injects while shooting (their own styles and scripts run as usual).
    test.use({ locale: variant.locale, timezoneId: "UTC", viewport: variant.viewport, bypassCSP: true });

    test.beforeEach(async ({ page }) => {
      await page.clock.setFixedTime(FIXED_NOW);
    });

    for (const builtIn of PAGES) {
      test(`page ${builtIn.name}-${variant.name}`, async ({ page }) => {
        await builtIn.prepare?.(page, variant);
        await openBuiltInPage(page, builtIn, variant);
        await page.evaluate(() => document.fonts.ready);
        // Soft: a changed look and an axe finding are both reported from one run.
        // The fixture server's port changes from run to run; pages that print the host get it masked.
        const mask = [page.getByText(new URL(PAGES_ORIGIN).host)];
        await expect.soft(page).toHaveScreenshot(`${builtIn.name}-${variant.name}.png`, { ...SCREENSHOT, fullPage: true, mask });
        expect(await axeViolations(page), `axe on ${page.url()}`).toEqual([]);
      });
    }

    for (const render of ELEMENT_RENDERS) {
      test(`element ${render.name}-${variant.name}`, async ({ page }) => {
        await openElementRender(page, render, variant);
        await expect.soft(page.locator("main")).toHaveScreenshot(`${render.name}-${variant.name}.png`, SCREENSHOT);
        expect(await axeViolations(page), `axe on <${render.name}>`).toEqual([]);
      });
    }
  });
}
