/**
 * `foyer-auth/testing/playwright`: Playwright helpers for an app's sign-in flows. Needs the optional
 * peer `@playwright/test`.
 *
 * - {@link signInAs} / {@link signOut}: a browser context signed in (or out) without the sign-in page;
 * - {@link virtualAuthenticator}: a passkey authenticator in Chromium, over CDP;
 * - {@link signInPage}: a page object for the built-in sign-in page and `<auth-signin>`;
 * - {@link test}: Playwright's `test` with the fixtures `mailbox`, `idp`, `authenticator`, `testUser`
 *   and `signedIn` (a page already signed in as a fresh user).
 *
 * ```ts
 * import { expect, test } from "foyer-auth/testing/playwright";
 * import { authConfig } from "../auth.js";
 *
 * test.use({ authConfig });
 * test("the dashboard greets the user", async ({ signedIn, testUser }) => {
 *   await signedIn.goto("/dashboard");
 *   await expect(signedIn.getByText(testUser.email)).toBeVisible();
 * });
 * ```
 *
 * @module
 */
import type { Page, TestType, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions, Expect } from "@playwright/test";
import type { AuthConfig } from "../../types.js";
import { startTestIdP, type TestIdP, type TestIdPOptions } from "../idp.js";
import { importOptional } from "../optional.js";
import type { TestUser } from "../session.js";
import { startTestSmtpServer, type CapturedMessage } from "../smtp.js";
import type { Mailbox } from "../mailbox.js";
import { signInAs } from "./session.js";
import { virtualAuthenticator, type VirtualAuthenticator } from "./virtual-authenticator.js";

export { signInAs, signOut, type SignInAsOptions, type SignOutOptions } from "./session.js";
export {
  virtualAuthenticator,
  VirtualAuthenticatorUnsupported,
  type VirtualAuthenticator,
  type VirtualAuthenticatorOptions,
  type VirtualCredential,
} from "./virtual-authenticator.js";
export { signInPage, type SignInPage, type SignInPageOptions } from "./signin-page.js";

const playwright = await importOptional("@playwright/test", "foyer-auth/testing/playwright", () => import("@playwright/test"));

/** The `mailbox` fixture: a test SMTP server's messages, and where to send them (`url`, `host`, `port`). */
export type SmtpMailbox = Mailbox<CapturedMessage> & { url: string; host: string; port: number };

/** The fixtures {@link test} adds, each made only when a test asks for it. */
export interface FoyerTestFixtures {
  /** A virtual passkey authenticator in the test's page (Chromium). */
  authenticator: VirtualAuthenticator;
  /** A fresh user for this test (a unique address under `example.test`). */
  testUser: TestUser;
  /** The test's page, already signed in as `testUser` (needs the `authConfig` option and `baseURL`). */
  signedIn: Page;
}

export interface FoyerWorkerFixtures {
  /** A test SMTP server for the worker; point the app at `mailbox.url` and read links with `mailbox.waitForLink(address)`. */
  mailbox: SmtpMailbox;
  /** A local OpenID Provider for the worker (`idp.provider()` is its Foyer provider config). */
  idp: TestIdP;
}

export interface FoyerTestOptions {
  /** The app's Foyer config, for `signedIn` (the same object or one with the same secret, adapter and callbacks). */
  authConfig: AuthConfig | undefined;
}

export interface FoyerWorkerOptions {
  /** The `idp` fixture's options (port, users, claims). */
  idpOptions: TestIdPOptions;
  /** The `mailbox` fixture's SMTP port. Default: `FOYER_TEST_SMTP_PORT`, else a free port. */
  smtpPort: number | undefined;
}

const envPort = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

/** Playwright's `test` with Foyer's fixtures. */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & FoyerTestFixtures & FoyerTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & FoyerWorkerFixtures & FoyerWorkerOptions
> = playwright.test.extend<FoyerTestFixtures & FoyerTestOptions, FoyerWorkerFixtures & FoyerWorkerOptions>({
  authConfig: [undefined, { option: true }],
  idpOptions: [{}, { option: true, scope: "worker" }],
  smtpPort: [envPort("FOYER_TEST_SMTP_PORT"), { option: true, scope: "worker" }],

  mailbox: [
    async ({ smtpPort }, use) => {
      const server = await startTestSmtpServer({ port: smtpPort });
      await use(Object.assign(server.mailbox, { url: server.url, host: server.host, port: server.port }));
      await server.close();
    },
    { scope: "worker" },
  ],
  idp: [
    async ({ idpOptions }, use) => {
      const idp = await startTestIdP(idpOptions);
      await use(idp);
      await idp.close();
    },
    { scope: "worker" },
  ],
  authenticator: async ({ page }, use) => {
    const authenticator = await virtualAuthenticator(page);
    await use(authenticator);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  testUser: async ({}, use, testInfo) => {
    const unique = `${Date.now().toString(36)}-${testInfo.workerIndex}-${Math.random().toString(36).slice(2, 8)}`;
    await use({ email: `user-${unique}@example.test`, name: `Test user ${unique}` });
  },
  signedIn: async ({ page, context, authConfig, baseURL, testUser }, use) => {
    if (!authConfig) throw new Error("The signedIn fixture needs the app's Foyer config: test.use({ authConfig }).");
    if (!baseURL) throw new Error("The signedIn fixture needs Playwright's baseURL (the app's URL).");
    const session = await signInAs(context, { url: baseURL, config: authConfig, user: testUser });
    Object.assign(testUser, { id: session.user.id });
    await use(page);
  },
});

/** Playwright's `expect`, re-exported so a spec needs one import. */
export const expect: Expect = playwright.expect;
