/**
 * `<auth-signin>` alone, as a page loads it from Foyer (`{basePath}/assets/auth-signin.<hash>.js`,
 * `signinScriptPath()`), under a strict Content-Security-Policy: nonce-only scripts and no inline
 * styles at all. The bundle carries what an English page with the default look needs; a page in
 * another language or with a `Theme` object makes it fetch the customisation code
 * (`auth-customization.<hash>.js`) and the catalogue from Foyer, and a passkey provider the passkey
 * elements (`auth-passkey.<hash>.js`). The demo's `/auth` serves all of them; the test page itself
 * is answered by the browser context (`page.route`), on the demo's origin.
 */
import { expect, test, type Page } from "@playwright/test";
import { signinScriptPath } from "../server/pages/assets.js";
import { DEMO_EMAIL, DEMO_PASSWORD, message } from "./support/pages.js";

const NONCE = "e2e-single-signin";
/** Scripts only by nonce (the bundle's dynamic imports inherit it); no inline style anywhere. */
const CSP = `default-src 'self'; script-src 'nonce-${NONCE}'; style-src 'none'; img-src 'self' data:; connect-src 'self'`;

interface Loaded {
  /** Paths under /auth/assets/ the page requested. */
  assets: string[];
  /** Console messages about the Content-Security-Policy. */
  violations: string[];
}

/** Serves a page with `<auth-signin>` (and its attributes) at `/single-signin` on the demo's origin, and opens it. */
async function openPage(
  page: Page,
  { lang, attributes = "", serverTheme = true }: { lang: string; attributes?: string; serverTheme?: boolean },
): Promise<Loaded> {
  const script = signinScriptPath();
  expect(script, "dist/browser/auth-signin.js is built (npm run build)").toMatch(/^auth-signin\.[0-9a-f]{10}\.js$/);
  const loaded: Loaded = { assets: [], violations: [] };
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/auth/assets/")) loaded.assets.push(path.slice("/auth/assets/".length));
  });
  page.on("console", (entry) => {
    if (/Content Security Policy/i.test(entry.text())) loaded.violations.push(entry.text());
  });
  // The demo configures a server theme, which the elements read and apply with the customisation
  // code; `serverTheme: false` answers as a Foyer without one (204).
  if (!serverTheme) await page.route("**/auth/assets/theme.json", (route) => route.fulfill({ status: 204 }));
  await page.route("**/single-signin", (route) =>
    route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP },
      body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Sign in</title>
<script nonce="${NONCE}">
  window.__events = [];
  for (const type of ["auth-signin-start", "auth-signin-success", "auth-signin-error"]) {
    document.addEventListener(type, (event) => window.__events.push({ type, detail: event.detail }));
  }
</script>
<script type="module" nonce="${NONCE}" src="/auth/assets/${script}"></script></head>
<body><main><auth-signin ${attributes}></auth-signin></main></body></html>`,
    }),
  );
  await page.goto("/single-signin");
  return loaded;
}

/** The one primary button of the element's e-mail form, "Continue", which signs in with the demo's credentials. */
const credentialsButton = (page: Page, lang: "en" | "de") =>
  page.locator("auth-signin").getByRole("button", { name: message(lang, "signin.continue"), exact: true });

test.describe("<auth-signin> alone, from Foyer's assets", () => {
  test("in English with the default look it loads no customisation code, and signs in", async ({ page }) => {
    const loaded = await openPage(page, { lang: "en", serverTheme: false });
    await expect(credentialsButton(page, "en")).toBeVisible();
    // The demo lists a passkey provider: its elements come from Foyer, and define themselves.
    await expect.poll(() => page.evaluate(() => Boolean(customElements.get("auth-passkey-button")))).toBe(true);
    // An OAuth/OIDC provider's button, rendered by <auth-signin> itself, with the provider's colour set
    // through the CSSOM (the policy forbids style attributes).
    const provider = page.locator("auth-signin").locator('[part~="provider-button"]').first();
    await expect(provider).toBeVisible();

    const form = page.locator("auth-signin form").filter({ has: page.getByRole("button", { name: message("en", "signin.continue"), exact: true }) });
    await form.getByLabel("Email", { exact: true }).fill(DEMO_EMAIL);
    await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await credentialsButton(page, "en").click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __events: { type: string }[] }).__events.map((event) => event.type)))
      .toEqual(["auth-signin-start", "auth-signin-success"]);
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session?.user?.email).toBe(DEMO_EMAIL);

    expect(loaded.assets.filter((path) => path.startsWith("auth-customization.") || path.startsWith("locales/"))).toEqual([]);
    expect(loaded.assets.filter((path) => path.startsWith("auth-passkey."))).toHaveLength(1);
    // The code that posted the sign-in came from Foyer too, once, under the page's CSP.
    expect(loaded.assets.filter((path) => path.startsWith("auth-signin-request."))).toHaveLength(1);
    expect(loaded.violations).toEqual([]);
  });

  test("in German with a Theme object it loads the customisation code and the catalogue once, from Foyer", async ({ page }) => {
    const loaded = await openPage(page, { lang: "de", attributes: `theme='{"brandColor":"#7c3aed","logo":"/demo-logo.svg"}'` });
    await expect(credentialsButton(page, "de")).toBeVisible();
    const signin = page.locator("auth-signin");
    await expect.poll(() => signin.evaluate((element) => (element as HTMLElement).style.getPropertyValue("--auth-color-brand"))).toBe("#7c3aed");
    await expect(signin.locator('[part~="logo"]')).toHaveAttribute("src", "/demo-logo.svg");
    await expect(signin.locator('[part~="base"]').first()).toHaveAttribute("lang", "de");
    // The submit button takes the brand colour.
    const background = await credentialsButton(page, "de").evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(background).toBe("rgb(124, 58, 237)");

    // Once each, shared by <auth-signin> and the passkey elements it loaded.
    expect(loaded.assets.filter((path) => path.startsWith("auth-customization."))).toHaveLength(1);
    expect(loaded.assets.filter((path) => /^locales\/de\.[0-9a-f]{10}\.json$/.test(path))).toHaveLength(1);
    expect(loaded.violations).toEqual([]);
  });
});
