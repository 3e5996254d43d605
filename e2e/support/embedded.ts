/**
 * Page objects of the demo's own pages that use Foyer beyond the built-in pages: `/embedded` (the web
 * components in the demo's layout) and `/account` (the signed-in user's sessions).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import type { SupportedLocale } from "../../locales/index.js";
import { message } from "./pages.js";

declare global {
  interface Window {
    /** Set by {@link EmbeddedPage.markDocument}; a full page load starts a new window without it. */
    __noReload?: boolean;
  }
}

/** `/embedded`: `<auth-session>` with `<auth-signin>` (signed out) or `<auth-user>` + `<auth-signout>` (signed in). */
export class EmbeddedPage {
  readonly session: Locator;
  readonly signin: Locator;
  /** The credentials form's inputs and button: light DOM, children of `<auth-signin>`. */
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /**
   * `<auth-signin>`'s own live region, in its shadow root (locators pierce open shadow roots) — not
   * those of the passkey elements it hosts (`<auth-passkey-button>`, `<auth-passkey-register>`).
   */
  readonly alert: Locator;
  /** `<auth-signin>`'s own wrapper (`part="base"`, with its `lang` and `dir`), not the passkey elements'. */
  readonly base: Locator;
  readonly user: Locator;
  readonly signout: Locator;
  readonly signoutButton: Locator;

  constructor(
    readonly page: Page,
    readonly locale: SupportedLocale = "en",
  ) {
    this.session = page.locator("auth-session");
    this.signin = this.session.locator("auth-signin");
    // The e-mail form's one primary button, "Continue": the demo's credentials sign in with an e-mail address.
    const submitName = { name: message(locale, "signin.continue"), exact: true };
    this.submit = this.signin.getByRole("button", submitName);
    // The password label is the demo's own (its credentials config), so it does not change with the
    // locale; the shared e-mail field's generic "Email" is said in the page's language.
    const form = this.signin.locator("form").filter({ has: page.getByRole("button", submitName) });
    this.email = form.getByLabel(message(locale, "signin.email.label"), { exact: true });
    this.password = form.getByLabel("Password", { exact: true });
    const own = page.locator(":not(:is(auth-passkey-button, auth-passkey-register) *)");
    this.alert = this.signin.getByRole("alert").and(own);
    this.base = this.signin.locator('[part~="base"]').and(own);
    this.user = this.session.locator("auth-user");
    this.signout = this.session.locator("auth-signout");
    this.signoutButton = this.signout.getByRole("button", { name: message(locale, "signout.button") });
  }

  /**
   * Opens `/embedded` and waits until the elements have upgraded and know the session. `origin`:
   * another demo than the configured `baseURL` (e.g. the jwt one, `DEMO_JWT_ORIGIN` in e2e/support/ports.ts).
   */
  async goto(origin = ""): Promise<void> {
    const response = await this.page.goto(`${origin}/embedded`);
    expect(response?.status()).toBe(200);
    await expect(this.page.getByRole("heading", { level: 1, name: "Web components" })).toBeVisible();
    await expect(this.page.getByRole("note"), "the elements bundle is built (npm run build)").toHaveCount(0);
    await expect(this.session).toHaveAttribute("state", /^signed-(in|out)$/);
  }

  /** Marks the current document; {@link expectSameDocument} fails if a navigation replaced it since. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      window.__noReload = true;
    });
  }

  async expectSameDocument(): Promise<void> {
    expect(await this.page.evaluate(() => window.__noReload), "the page was not reloaded").toBe(true);
  }

  async expectSignedOut(): Promise<void> {
    await expect(this.session).toHaveAttribute("state", "signed-out");
    await expect(this.submit).toBeVisible();
    await expect(this.user).toBeHidden();
    await expect(this.signoutButton).toBeHidden();
  }

  async expectSignedIn(email: string): Promise<void> {
    await expect(this.session).toHaveAttribute("state", "signed-in");
    await expect(this.user.getByText(email, { exact: true })).toBeVisible();
    await expect(this.signoutButton).toBeVisible();
    await expect(this.signin).toBeHidden();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  async signOut(): Promise<void> {
    await this.signoutButton.click();
  }
}

/**
 * `/account` ("Your account"): Foyer's `<auth-account>` in the demo's layout. `sessions` are the rows
 * of its "Where you're signed in" section, the current one marked "This device" (its passkeys: see
 * ./passkey.ts).
 */
export class AccountPage {
  readonly heading: Locator;
  readonly element: Locator;
  readonly sessions: Locator;
  readonly current: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Your account" });
    this.element = page.locator("auth-account");
    this.sessions = this.element.getByRole("region", { name: "Where you're signed in" }).getByRole("listitem");
    this.current = this.sessions.filter({ hasText: "This device" });
  }

  async goto(): Promise<void> {
    const response = await this.page.goto("/account");
    expect(response?.status()).toBe(200);
    await expect(this.page).toHaveURL("/account");
    await expect(this.heading).toBeVisible();
    await expect(this.element).toHaveAttribute("state", "ready");
  }
}
