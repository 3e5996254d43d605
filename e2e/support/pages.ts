/**
 * Shared helpers of the browser tests: the fixture server's mounts and pages, the variants they are
 * checked in, and a page object for Foyer's built-in sign-in page.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { accountTranslator, type AccountMessageKey } from "../../locales/account.js";
import { LOCALES, type SupportedLocale } from "../../locales/index.js";
import type { MessageKey, Messages } from "../../locales/types.js";
import { ACCOUNT_SESSION_COOKIE, ACCOUNT_SESSION_TOKEN } from "../fixtures/account-data.js";
import { PAGES_ORIGIN } from "./ports.js";

/** e2e/fixtures/pages-server.ts (see playwright.config.ts). */
export { PAGES_ORIGIN };

/** The demo user (demo/config.ts). */
export const DEMO_EMAIL = "demo@foyer.dev";
export const DEMO_PASSWORD = "foyer-demo";

export type Mount = "plain" | "brand" | "dark";

/** One built-in page as the tests visit it. */
export interface BuiltInPage {
  /** Short name, used in test titles and screenshot file names. */
  name: string;
  /** Path below `/<mount>/auth`, with its query. */
  path: string;
  /** The message key of its `<h1>` (the account page's come from the account catalogue). */
  heading: MessageKey | AccountMessageKey;
  /** The HTTP status the page is served with. */
  status: number;
}

export const SIGNIN_WITH_ERROR: BuiltInPage = { name: "signin", path: "/signin?error=CredentialsSignin", heading: "signin.heading", status: 200 };
export const SIGNOUT: BuiltInPage = { name: "signout", path: "/signout", heading: "signout.heading", status: 200 };
export const ERROR_ACCESS_DENIED: BuiltInPage = {
  name: "error-AccessDenied",
  path: "/error?error=AccessDenied",
  heading: "errorPage.AccessDenied.heading",
  status: 403,
};
export const ERROR_CONFIGURATION: BuiltInPage = {
  name: "error-Configuration",
  path: "/error?error=Configuration",
  heading: "errorPage.Configuration.heading",
  status: 500,
};
export const VERIFY_REQUEST: BuiltInPage = { name: "verify-request", path: "/verify-request", heading: "verifyRequest.heading", status: 200 };
/** The hosted account page; it needs the fixture user's session ({@link signInFixtureUser}). */
export const ACCOUNT: BuiltInPage = { name: "account", path: "/account", heading: "account.heading", status: 200 };

/** How a page is looked at: which mount, which OS colour scheme, which browser language. */
export interface Variant {
  name: string;
  mount: Mount;
  colorScheme: "light" | "dark";
  locale: SupportedLocale;
}

export const LIGHT: Variant = { name: "light", mount: "plain", colorScheme: "light", locale: "en" };
export const DARK_MEDIA: Variant = { name: "dark-media", mount: "plain", colorScheme: "dark", locale: "en" };
export const DARK_THEME: Variant = { name: "dark", mount: "dark", colorScheme: "light", locale: "en" };
export const BRAND: Variant = { name: "brand", mount: "brand", colorScheme: "light", locale: "en" };
export const BRAND_DARK: Variant = { name: "brand-dark", mount: "brand", colorScheme: "dark", locale: "en" };
export const RTL: Variant = { name: "rtl", mount: "plain", colorScheme: "light", locale: "ar" };
export const RTL_DARK: Variant = { name: "rtl-dark", mount: "plain", colorScheme: "dark", locale: "ar" };

/** A message of the catalogue as a plain string (interpolated terms with `args`). */
export function message(locale: SupportedLocale, key: MessageKey, ...args: string[]): string {
  const term = LOCALES[locale][key] as Messages[MessageKey];
  if (typeof term === "function") return (term as (...values: string[]) => string)(...args);
  return Array.isArray(term) ? term.join(" ") : term;
}

/** The text of a page's heading in `locale`. */
export function headingText(locale: SupportedLocale, key: BuiltInPage["heading"]): string {
  return key.startsWith("account.") ? accountTranslator(locale)(key as AccountMessageKey) : message(locale, key as MessageKey);
}

/**
 * Signs the browser context of `page` in as the fixture server's user (e2e/fixtures/account-data.ts):
 * its session cookie, as a sign-in would have set it.
 */
export async function signInFixtureUser(page: Page): Promise<void> {
  await page.context().addCookies([{ name: ACCOUNT_SESSION_COOKIE, value: ACCOUNT_SESSION_TOKEN, url: PAGES_ORIGIN, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Opens `page` of the fixture server in `variant` and waits until its heading shows. The browser
 * context must already have the variant's locale (`test.use({ locale })`).
 */
export async function openBuiltInPage(page: Page, builtIn: BuiltInPage, variant: Variant): Promise<void> {
  await page.emulateMedia({ colorScheme: variant.colorScheme });
  const response = await page.goto(`${PAGES_ORIGIN}/${variant.mount}/auth${builtIn.path}`);
  expect(response?.status(), `status of ${builtIn.path}`).toBe(builtIn.status);
  await expect(page.getByRole("heading", { level: 1, name: headingText(variant.locale, builtIn.heading) })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", variant.locale);
  await expectPasskeySectionsShown(page);
}

/**
 * A sign-in page with a WebAuthn provider renders its passkey section hidden, and its script reveals
 * it once it found WebAuthn (Chromium has it). Waits for that, so that axe and the screenshots see the
 * page as its visitors do. Nothing to wait for on other pages.
 */
export async function expectPasskeySectionsShown(page: Page): Promise<void> {
  const sections = page.locator("[data-passkey-section]");
  for (const section of await sections.all()) await expect(section, "the passkey section is revealed by its script").toBeVisible();
}

/** Foyer's built-in sign-in page of the demo: one form, its e-mail field shared by credentials, e-mail links and passkeys. */
export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;
  readonly heading: Locator;

  constructor(
    readonly page: Page,
    readonly locale: SupportedLocale = "en",
  ) {
    this.submit = page.getByRole("button", { name: message(locale, "signin.continue"), exact: true });
    const form = page.locator("form").filter({ has: this.submit });
    // The shared e-mail field is labelled by the catalogue; the password label is the demo's own (its credentials config).
    this.email = form.getByLabel(message(locale, "signin.email.label"), { exact: true });
    this.password = form.getByLabel("Password", { exact: true });
    this.alert = page.getByRole("alert");
    this.heading = page.getByRole("heading", { level: 1, name: message(locale, "signin.heading") });
  }

  async goto(path = "/auth/signin"): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The alert of a failed credentials sign-in, in this page's language. */
  async expectCredentialsError(): Promise<void> {
    await expect(this.page).toHaveURL(/\/auth\/signin\?error=CredentialsSignin&code=credentials$/);
    await expect(this.alert).toHaveText(message(this.locale, "signinError.CredentialsSignin"));
    await expect(this.heading).toBeVisible();
  }
}
