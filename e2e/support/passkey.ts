/**
 * Page objects of the passkey tests (e2e/passkey.spec.ts): the passkey section of Foyer's hosted
 * sign-in page, and the passkeys part of the demo's `/account` (`<auth-passkeys>` and
 * `<auth-passkey-register>`). Every page is opened by absolute URL, because the same tests run
 * against two demos (database and jwt sessions).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { DEMO_JWT_ORIGIN, DEMO_ORIGIN } from "./ports.js";

/** A demo the passkey tests run against (playwright.config.ts starts both). */
export interface Demo {
  strategy: "database" | "jwt";
  /** `http://localhost:<port>`: WebAuthn needs `localhost`, never 127.0.0.1. */
  origin: string;
}

export const DEMOS: readonly Demo[] = [
  { strategy: "database", origin: DEMO_ORIGIN },
  { strategy: "jwt", origin: DEMO_JWT_ORIGIN },
];

/** A fresh address for a passkey sign-up, unique per run (the demos keep their SQLite data). */
export function freshEmail(label: string): string {
  return `passkey-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The signed-in user's e-mail from Foyer's `GET /auth/session` (the browser context's cookies), or null. */
export async function sessionEmail(page: Page, demo: Demo): Promise<string | null> {
  const response = await page.request.get(`${demo.origin}/auth/session`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { user?: { email?: string | null } } | null;
  return body?.user?.email ?? null;
}

/** Signs out on Foyer's built-in sign-out page (a confirmation with a button), back to the demo's home. */
export async function signOut(page: Page, demo: Demo): Promise<void> {
  // Back home (not to the callback URL the sign-in page remembered: /account would send a signed-out
  // visitor to the sign-in page, whose passkey autofill may sign them straight back in).
  await page.goto(`${demo.origin}/auth/signout?callbackUrl=${encodeURIComponent("/")}`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${demo.origin}/`);
  await expect(page.getByText("You are not signed in.")).toBeVisible();
  expect(await sessionEmail(page, demo)).toBeNull();
}

/**
 * The passkey section of the hosted sign-in page (server/pages/signin.tsx): hidden until its script
 * found WebAuthn, then a form with the e-mail field (`autocomplete="username webauthn"`, passkey
 * autofill, shared with the form's other e-mail methods), "Use a passkey", "Create account with a passkey" and its own alert region.
 */
export class PasskeySection {
  readonly section: Locator;
  readonly form: Locator;
  readonly email: Locator;
  readonly signInButton: Locator;
  readonly registerButton: Locator;
  readonly alert: Locator;
  readonly heading: Locator;

  constructor(
    readonly page: Page,
    readonly demo: Demo,
    readonly id = "passkey",
  ) {
    this.section = page.locator(`#${id}-section`);
    this.form = page.locator(`#${id}-form`);
    this.email = page.locator("#input-email");
    this.signInButton = page.locator(`#submitButton-${id}`);
    this.registerButton = page.locator(`#registerButton-${id}`);
    this.alert = page.locator(`#${id}-alert`);
    this.heading = page.getByRole("heading", { level: 1, name: "Sign In" });
  }

  /** Opens `/auth/signin?callbackUrl=…` and waits until the script has revealed the section. */
  async goto(callbackUrl = "/account"): Promise<void> {
    const response = await this.page.goto(`${this.demo.origin}/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    expect(response?.status()).toBe(200);
    await expect(this.heading).toBeVisible();
    await expect(this.section, "the passkey section is revealed by its script (npm run build)").toBeVisible();
  }
}

/** The passkeys part of the demo's `/account`: `<auth-passkeys>` and `<auth-passkey-register>`. */
export class AccountPasskeys {
  readonly heading: Locator;
  readonly list: Locator;
  readonly element: Locator;
  readonly items: Locator;
  readonly register: Locator;
  readonly addButton: Locator;
  /** The reason the "Remove" buttons are disabled (the last way to sign in). */
  readonly lastMethodNote: Locator;
  readonly listStatus: Locator;
  readonly listAlert: Locator;
  readonly registerStatus: Locator;
  readonly registerAlert: Locator;
  /** The light-DOM rename field of the row being renamed. */
  readonly nameInput: Locator;

  constructor(
    readonly page: Page,
    readonly demo: Demo,
  ) {
    this.heading = page.getByRole("heading", { level: 1, name: "Your account" });
    this.element = page.locator("auth-passkeys");
    this.list = this.element.getByRole("list", { name: "Your passkeys" });
    this.items = this.list.getByRole("listitem");
    this.register = page.locator("auth-passkey-register");
    this.addButton = this.register.getByRole("button", { name: "Add a passkey" });
    this.lastMethodNote = this.element.getByText("This passkey is your only way to sign in, so it cannot be removed.");
    this.listStatus = this.element.locator('[part="status"]');
    this.listAlert = this.element.locator('[part="error"]');
    this.registerStatus = this.register.locator('[part="status"]');
    this.registerAlert = this.register.locator('[part="error"]');
    this.nameInput = this.element.getByLabel("Passkey name");
  }

  async goto(): Promise<void> {
    const response = await this.page.goto(`${this.demo.origin}/account`);
    expect(response?.status()).toBe(200);
    await this.expectLoaded();
  }

  /** The page is `/account` and the passkey list has loaded (it is not in its loading state any more). */
  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(`${this.demo.origin}/account`);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByRole("heading", { level: 2, name: "Passkeys" })).toBeVisible();
    await expect(this.element).toHaveAttribute("state", /^(list|empty)$/);
  }

  /** The row whose transports read `Connects via <words>` (e.g. "this device", "USB"). */
  itemConnectingVia(words: string): Locator {
    return this.items.filter({ hasText: `Connects via ${words}` });
  }

  /** The row named `name`. */
  itemNamed(name: string): Locator {
    return this.items.filter({ has: this.page.locator('[part="name"]').getByText(name, { exact: true }) });
  }
}

const SHOWN_KEY = "__foyerE2eShownTexts";

/**
 * Every text the element(s) matching `selector` showed in the tab from now on, across navigations
 * (kept in `sessionStorage`, watched with a `MutationObserver` from the start of each document). A
 * message that flashed up and went away, or that was on screen when the page navigated, is still
 * listed. Call before the first `goto`; read with {@link shownTexts}.
 */
export async function recordShownTexts(page: Page, selector: string): Promise<void> {
  await page.addInitScript(
    ({ key, selector }) => {
      const seen = new Set<string>();
      const check = () => {
        for (const element of document.querySelectorAll(selector)) {
          const text = element.textContent?.trim();
          if (!text || seen.has(text)) continue;
          seen.add(text);
          const shown = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
          sessionStorage.setItem(key, JSON.stringify([...shown, text]));
        }
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    },
    { key: SHOWN_KEY, selector },
  );
}

/** What {@link recordShownTexts} recorded in the tab (for its current origin). */
export async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[], SHOWN_KEY);
}

/**
 * The page's console errors and uncaught exceptions, from now on. The browser's own
 * "Failed to load resource" lines are not the page's errors when they are expected: `/favicon.ico`
 * (the demo has none), and the `404` of `/auth/account/sessions` on the jwt demo, whose sessions live
 * in cookies and cannot be listed (`<auth-account>` on `/account` asks, and leaves the section out).
 */
export class PageErrors {
  readonly errors: string[] = [];

  constructor(page: Page) {
    page.on("console", (message) => {
      if (message.type() !== "error" || message.location().url.endsWith("/favicon.ico")) return;
      if (message.location().url.endsWith("/auth/account/sessions") && message.text().includes("status of 404")) return;
      this.errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => this.errors.push(`uncaught: ${error.name}: ${error.message}`));
  }

  /** None so far; forgets them (the next check starts afresh). */
  expectNone(): void {
    const errors = this.errors.splice(0);
    expect(errors, "console errors and uncaught exceptions").toEqual([]);
  }
}

/** Every POST to the passkey callback (`/auth/callback/passkey`) the page sends, from now on. */
export function passkeyCallbacks(page: Page, demo: Demo): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().startsWith(`${demo.origin}/auth/callback/passkey`)) posts.push(request.url());
  });
  return posts;
}
