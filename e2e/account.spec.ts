/**
 * Foyer's hosted account page (`/auth/account`) in a browser with JavaScript turned off: every change
 * is a plain form post that comes back to the page with a message. A user of the Test IdP adds a
 * passkey on the demo's /account (that part needs JavaScript), then, from a second browser without
 * JavaScript, renames the passkey, signs the first browser out and disconnects the IdP account.
 */
// The named export: under NodeNext the package's CommonJS typings make the default import look un-constructable.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { message } from "./support/pages.js";
import { DEMO_ORIGIN, IDP_ORIGIN } from "./support/ports.js";
import { addVirtualAuthenticator } from "./support/webauthn.js";

const PROVIDER_NAME = "Test IdP";

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
});

/** Signs `login` in with the Test IdP from the built-in sign-in page (login, then consent), landing on `callbackUrl`. */
async function signInWithIdp(page: Page, login: string, callbackUrl: string): Promise<void> {
  await page.goto(`${DEMO_ORIGIN}/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByRole("button", { name: message("en", "signin.withProvider", PROVIDER_NAME) }).click();
  await expect(page).toHaveURL(new RegExp(`^${IDP_ORIGIN}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Authorize" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function noScriptPage(
  browser: Browser,
  viewport?: { width: number; height: number },
  colorScheme: "light" | "dark" = "light",
  javaScriptEnabled = false,
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: DEMO_ORIGIN, colorScheme, ...(viewport ? { viewport } : {}) });
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
  return context.newPage();
}

test("the hosted account page works without JavaScript: rename a passkey, sign another device out, disconnect an account", async ({ page, browser }) => {
  const login = `account-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

  // Browser 1 (with JavaScript): sign in with the IdP, add a passkey on the demo's /account.
  await signInWithIdp(page, login, "/account");
  await expect(page).toHaveURL(`${DEMO_ORIGIN}/account`);
  await addVirtualAuthenticator(page);
  await page.locator("auth-passkey-register").getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.locator("auth-passkeys").getByRole("listitem")).toHaveCount(1);

  // Browser 2 (no JavaScript): sign in with the IdP too, open the account page.
  const plain = await noScriptPage(browser);
  await signInWithIdp(plain, login, `${DEMO_ORIGIN}/auth/account`);
  await expect(plain).toHaveURL(`${DEMO_ORIGIN}/auth/account`);
  await expect(plain.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  const sessions = plain.locator("#sessions li");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("This device");
  await expect(sessions.first()).toContainText(" on ");

  // Rename the passkey through the disclosure's form.
  const passkey = plain.locator("#passkeys li");
  await expect(passkey).toHaveCount(1);
  await passkey.getByText("Rename").click();
  await passkey.getByLabel("Passkey name").fill("Work laptop");
  await passkey.getByRole("button", { name: "Save" }).click();
  await expect(plain).toHaveURL(`${DEMO_ORIGIN}/auth/account?status=passkeyRenamed#passkeys`);
  await expect(plain.getByRole("status")).toHaveText("Name saved.");
  await expect(plain.locator("#passkeys li")).toContainText("Work laptop");

  // Sign browser 1 out from here; the message of the rename is gone.
  await plain.locator("#sessions li").nth(1).getByRole("button", { name: "Sign out" }).click();
  await expect(plain.getByRole("status")).toHaveText("That device was signed out.");
  await expect(plain.locator("#sessions li")).toHaveCount(1);
  const session = await page.request.get(`${DEMO_ORIGIN}/auth/session`);
  expect(await session.json()).toBeNull();

  // Disconnect the IdP account: the passkey stays as the way in, so it may go; then the passkey may not.
  const idp = plain.locator("#accounts li").filter({ hasText: PROVIDER_NAME });
  await idp.getByRole("button", { name: "Disconnect" }).click();
  await expect(plain.getByRole("status")).toHaveText("Account disconnected.");
  await expect(plain.locator("#accounts")).toContainText("No accounts are connected.");
  await expect(plain.locator("#accounts").getByRole("button", { name: `Connect ${PROVIDER_NAME}` })).toBeVisible();
  await expect(plain.locator("#passkeys")).toContainText("This passkey is your only way to sign in");
  await expect(plain.locator("#passkeys li").getByText("Remove")).toHaveCount(0);
  await plain.context().close();
});

test("fits a 390 px screen, and in Arabic reads right to left", async ({ browser }) => {
  const login = `narrow-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const plain = await noScriptPage(browser, { width: 390, height: 844 });
  await signInWithIdp(plain, login, `${DEMO_ORIGIN}/auth/account`);
  await expect(plain).toHaveURL(`${DEMO_ORIGIN}/auth/account`);
  const overflow = () => plain.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await plain.goto("/auth/account?lang=ar");
  await expect(plain.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("حسابك");
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Start-aligned text sits on the right in RTL: the heading's text touches the heading box's right edge.
  const gaps = await plain.evaluate(() => {
    const heading = document.querySelector("h1")!;
    const range = document.createRange();
    range.selectNodeContents(heading);
    const text = range.getBoundingClientRect();
    const box = heading.getBoundingClientRect();
    return { right: box.right - text.right, left: text.left - box.left };
  });
  expect(gaps.right).toBeLessThan(2);
  expect(gaps.left).toBeGreaterThan(50);
  await plain.context().close();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds nothing on the account page (${colorScheme}, English and Arabic, with a message)`, async ({ browser }) => {
    const login = `axe-${colorScheme}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    // axe runs as a script in the page; the page itself has none.
    const plain = await noScriptPage(browser, undefined, colorScheme, true);
    await signInWithIdp(plain, login, `${DEMO_ORIGIN}/auth/account`);
    await expect(plain).toHaveURL(`${DEMO_ORIGIN}/auth/account`);
    for (const path of ["/auth/account?status=profileSaved", "/auth/account?lang=ar&error=LastSignInMethod"]) {
      await plain.goto(path);
      const { violations } = await new AxeBuilder({ page: plain }).analyze();
      expect(violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((node) => node.html) }))).toEqual([]);
    }
    await plain.context().close();
  });
}

test("signed out, the account page sends to sign in and back", async ({ browser }) => {
  const plain = await noScriptPage(browser);
  await plain.goto("/auth/account");
  await expect(plain).toHaveURL(/\/auth\/signin\?callbackUrl=/);
  await plain.context().close();
});
