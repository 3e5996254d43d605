/**
 * Foyer's web components in the demo's own layout (`/embedded`): light-DOM credentials inputs that
 * password managers can see, signing in and out without a page reload, a wrong password announced in
 * the element's live region, German from the browser's language, and a session that survives a reload
 * (cookie + SQLite) and shows on `/account`.
 */
// The named export: under NodeNext the package's CommonJS typings make the default import look un-constructable.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { AccountPage, EmbeddedPage } from "./support/embedded.js";
import { DEMO_EMAIL, DEMO_PASSWORD, message } from "./support/pages.js";

test.describe("web components on /embedded", () => {
  test("the credentials inputs are in light DOM, with autocomplete tokens and real labels", async ({ page }) => {
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.expectSignedOut();

    for (const [input, autocomplete] of [
      // The demo lists a passkey provider: the shared e-mail field offers passkeys in its autofill too.
      [embedded.email, /^username webauthn$/],
      [embedded.password, /^current-password$/],
    ] as const) {
      await expect(input).toHaveAttribute("autocomplete", autocomplete);
      const found = await input.evaluate((element: HTMLInputElement) => ({
        inDocument: element.getRootNode() === document,
        inForm: element.form !== null && element.form.getRootNode() === document,
        labels: [...(element.labels ?? [])].map((label) => ({
          for: label.htmlFor,
          text: label.textContent?.trim(),
          inDocument: label.getRootNode() === document,
        })),
        id: element.id,
      }));
      expect(found.inDocument, "the input is in the document, not a shadow root").toBe(true);
      expect(found.inForm, "its form is in the document too").toBe(true);
      expect(found.id).not.toBe("");
      expect(found.labels).toEqual([{ for: found.id, text: expect.any(String), inDocument: true }]);
    }
    await expect(embedded.email).toHaveAttribute("type", "email");
    await expect(embedded.password).toHaveAttribute("type", "password");
    // The theme attribute reached the element: the demo's logo and the teal brand colour.
    await expect(embedded.signin.locator('[part~="logo"]')).toHaveAttribute("src", "/demo-logo.svg");
    expect(await embedded.signin.evaluate((element) => element.style.getPropertyValue("--auth-color-brand"))).toBe("#0d9488");
  });

  test("signs in and out in place: no page reload, <auth-session> switches slots, <auth-user> shows the user", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (entry) => {
      if (entry.type() === "error") errors.push(entry.text());
    });
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.expectSignedOut();
    await embedded.markDocument();

    await embedded.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await embedded.expectSignedIn(DEMO_EMAIL);
    await expect(embedded.user.getByText("Demo User", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/embedded");
    await embedded.expectSameDocument();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("authjs.session-token");

    await embedded.signOut();
    await embedded.expectSignedOut();
    await expect(page).toHaveURL("/embedded");
    await embedded.expectSameDocument();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("authjs.session-token");
    // Signed out for the server too, not only on this page.
    await page.goto("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
    // Nothing was refused by the page's CSP, and no element failed.
    expect(errors).toEqual([]);
  });

  test("a wrong password is announced in <auth-signin>'s live region, which takes focus", async ({ page }) => {
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.expectSignedOut();
    await expect(embedded.alert).toHaveText("");
    await embedded.markDocument();

    await embedded.signIn(DEMO_EMAIL, "not-the-password");
    await expect(embedded.alert).toHaveText(message("en", "signinError.CredentialsSignin"));
    await expect(embedded.alert).toBeFocused();
    await expect(embedded.password).toHaveAttribute("aria-invalid", "true");
    await embedded.expectSameDocument();
    await expect(embedded.session).toHaveAttribute("state", "signed-out");
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("authjs.session-token");
  });

  test("the session survives a reload (cookie and database) and shows on /account as this device", async ({ page }) => {
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await embedded.expectSignedIn(DEMO_EMAIL);

    await page.reload();
    await embedded.expectSignedIn(DEMO_EMAIL);

    const account = new AccountPage(page);
    await account.goto();
    // Other tests sign the same demo user in from other browser contexts: exactly one entry is this one.
    await expect(account.current).toHaveCount(1);
    // The device is named from the user agent (the browser and its system), not shown as the raw header.
    await expect(account.current.locator(".strong")).toHaveText(/^Chrome on (Windows|Linux|macOS)$/);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    await expect(account.current).not.toContainText(userAgent);
    await expect(account.current).toContainText("Last active");
    // This device has no "Sign out" of its own (the page's sign-out link does that).
    await expect(account.current.getByRole("button")).toHaveCount(0);
  });

  test("/account sends a signed-out visitor to the sign-in page", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/auth/signin?callbackUrl=%2Faccount");
  });
});

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

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe: /embedded signed out, after an error and signed in, and /account (${colorScheme})`, async ({ page }) => {
    // Four axe runs, the last over <auth-account>'s nested shadow roots: more than the default 30 s under load.
    test.slow();
    await page.emulateMedia({ colorScheme });
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.expectSignedOut();
    expect(await axeViolations(page), "signed out").toEqual([]);

    await embedded.signIn(DEMO_EMAIL, "not-the-password");
    await expect(embedded.alert).toHaveText(message("en", "signinError.CredentialsSignin"));
    expect(await axeViolations(page), "after a wrong password").toEqual([]);

    await embedded.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await embedded.expectSignedIn(DEMO_EMAIL);
    expect(await axeViolations(page), "signed in").toEqual([]);

    await new AccountPage(page).goto();
    expect(await axeViolations(page), "/account").toEqual([]);
  });
}

test.describe("web components in German", () => {
  test.use({ locale: "de-DE" });

  test("with the browser's language German, <auth-signin> speaks German", async ({ page }) => {
    const embedded = new EmbeddedPage(page, "de");
    await embedded.goto();
    await expect(embedded.submit).toHaveText("Weiter");
    await expect(embedded.base).toHaveAttribute("lang", "de");

    await embedded.markDocument();
    await embedded.signIn(DEMO_EMAIL, "falsch");
    await expect(embedded.alert).toHaveText(message("de", "signinError.CredentialsSignin"));
    await embedded.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await embedded.expectSignedIn(DEMO_EMAIL);
    await expect(embedded.signoutButton).toHaveText("Abmelden");
    await embedded.expectSameDocument();
  });
});
