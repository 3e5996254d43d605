/**
 * Passkeys end to end (issue 8), in Chromium with virtual WebAuthn authenticators over CDP
 * (e2e/support/webauthn.ts), against the demo twice: with database sessions (FOYER_E2E_DEMO_PORT) and
 * with jwt sessions (FOYER_E2E_DEMO_JWT_PORT, `FOYER_DEMO_SESSION_STRATEGY=jwt`; see playwright.config.ts).
 *
 * Per strategy, one user's passkeys from sign-up to management, in one tab (the tests of that group
 * run in order and share it):
 *   (a) a new visitor creates an account with a passkey on the hosted sign-in page;
 *   (b) signs out, signs in again with "Use a passkey";
 *   (c) signs out, and the passkey autofill (conditional UI) signs in without a click;
 *   (d) on /account adds a second passkey with `<auth-passkey-register>`, sees both in
 *       `<auth-passkeys>`, renames one, removes one; the last one cannot be removed.
 * Then conditional UI that is ignored: it stays silent, and signing in another way (the credentials
 * form on the hosted page, `<auth-signin>` on /embedded) cancels it.
 *
 * The browser's `navigator.credentials` calls are watched, not replaced (recordWebAuthnCalls): the
 * tests see which ceremonies the page started and whether it aborted them.
 */
import { join } from "node:path";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { EmbeddedPage } from "./support/embedded.js";
import { DEMO_EMAIL, DEMO_PASSWORD, SignInPage } from "./support/pages.js";
import {
  AccountPasskeys,
  DEMOS,
  PageErrors,
  PasskeySection,
  freshEmail,
  passkeyCallbacks,
  recordShownTexts,
  sessionEmail,
  shownTexts,
  signOut,
  type Demo,
} from "./support/passkey.js";
import {
  addVirtualAuthenticator,
  autofillSkippedAsSlow,
  conditionalRequests,
  recordWebAuthnCalls,
  webAuthnCalls,
  webAuthnCallsSince,
  type VirtualAuthenticator,
  type WebAuthnCall,
} from "./support/webauthn.js";

/**
 * How long the visitor ignores the passkey autofill offer. Nothing happens on the page that a test
 * could wait for — that is the point: a broken page would show an error within this window (an
 * aborted or rejected request surfaces within milliseconds).
 */
const IGNORED_FOR_MS = 1_500;

/** An autofill request the browser still works on, not aborted. */
const PENDING = { outcome: "pending", aborted: false } as const;

// The two strategies (and the tests within one that do not share a tab) run side by side.
test.describe.configure({ mode: "parallel" });

/**
 * Loads a page that offers passkey autofill (`load`), then runs `check` on it. When `check` fails
 * because the page offered no autofill only since the browser said it could after the client's
 * ~100 ms limit (see autofillSkippedAsSlow: a starved machine, not a bug), reloads the page and
 * checks again, up to three loads in all; any other failure fails at once. The retries are noted in
 * the report.
 */
async function withAutofill(page: Page, load: () => Promise<unknown>, check: () => Promise<void>): Promise<void> {
  await load();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await check();
    } catch (error) {
      if (attempt >= 3 || !(await autofillSkippedAsSlow(page))) throw error;
      test.info().annotations.push({ type: "reloaded", description: `${page.url()}: the browser answered the autofill check late` });
      await page.reload();
    }
  }
}

/** The fields of a recorded call a test asserts on. */
function summary({ kind, mediation, aborted, outcome }: WebAuthnCall): Pick<WebAuthnCall, "kind" | "mediation" | "aborted" | "outcome"> {
  return { kind, mediation, aborted, outcome };
}

/** Foyer's JSON list of the signed-in user's passkeys (`GET /auth/account/passkeys`), as the browser's cookies see it. */
async function listedPasskeys(
  page: Page,
  demo: Demo,
): Promise<{ passkeys: { id: string; name: string | null; transports: string[] }[]; canRemove: boolean; signal?: { userId: string } }> {
  const response = await page.request.get(`${demo.origin}/auth/account/passkeys`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Signs up with a passkey for `email` on the hosted sign-in page; lands on /account signed in. */
async function signUpWithPasskey(page: Page, demo: Demo, email: string): Promise<void> {
  const section = new PasskeySection(page, demo);
  await section.goto("/account");
  await section.email.fill(email);
  await section.registerButton.click();
  await new AccountPasskeys(page, demo).expectLoaded();
  expect(await sessionEmail(page, demo)).toBe(email);
}

/** The demo's home page, signed in as `email`. */
async function expectHomeSignedIn(page: Page, demo: Demo, email: string): Promise<void> {
  await expect(page).toHaveURL(`${demo.origin}/`);
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  expect(await sessionEmail(page, demo)).toBe(email);
}

type PasskeyEvent = { type: string; detail: Record<string, unknown> };

/** Starts collecting the passkey elements' events on the current document (they bubble and are composed). */
async function listenForPasskeyEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events: { type: string; detail: unknown }[] = [];
    (window as unknown as { __passkeyEvents: typeof events }).__passkeyEvents = events;
    for (const type of ["auth-passkey-registered", "auth-passkey-removed"]) {
      document.addEventListener(type, (event) => events.push({ type, detail: (event as Event & { detail: unknown }).detail }));
    }
  });
}

async function passkeyEvents(page: Page): Promise<PasskeyEvent[]> {
  return page.evaluate(() => (window as unknown as { __passkeyEvents: PasskeyEvent[] }).__passkeyEvents);
}

function screenshotPath(testInfo: TestInfo, name: string): string {
  return join(testInfo.project.outputDir, "screenshots", `${name}.png`);
}

for (const demo of DEMOS) {
  test.describe(`passkeys with ${demo.strategy} sessions`, () => {
    test.describe("one user, from passkey sign-up to managing passkeys", () => {
      test.describe.configure({ mode: "serial" });

      let context: BrowserContext;
      let page: Page;
      let errors: PageErrors;
      /** The visitor's laptop: a platform authenticator. */
      let laptop: VirtualAuthenticator;
      /** The USB security key added in (d). */
      let key: VirtualAuthenticator;
      let email: string;

      test.beforeAll(async ({ browser }) => {
        context = await browser.newContext({ locale: "en-US", colorScheme: "light" });
        page = await context.newPage();
        errors = new PageErrors(page);
        await recordWebAuthnCalls(page);
        await recordShownTexts(page, "#passkey-alert");
        laptop = await addVirtualAuthenticator(page);
        email = freshEmail(demo.strategy);
      });

      test.afterAll(async () => {
        await context.close();
      });

      test("(a) a new visitor creates an account with a passkey on the sign-in page", async ({}, testInfo) => {
        const section = new PasskeySection(page, demo);
        await section.goto("/account");
        await expect(section.signInButton).toHaveAccessibleName("Use a passkey");
        await expect(section.registerButton).toHaveAccessibleName("Create account with a passkey");
        await expect(section.email).toHaveAttribute("autocomplete", "username webauthn");
        await expect(section.alert).toBeEmpty();
        if (demo.strategy === "database") {
          await section.section.screenshot({ path: screenshotPath(testInfo, "passkey-section-light") });
          await page.screenshot({ path: screenshotPath(testInfo, "signin-demo-passkey-light"), fullPage: true });
        }

        const since = (await webAuthnCalls(page)).length;
        await section.email.fill(email);
        await section.registerButton.click();

        const account = new AccountPasskeys(page, demo);
        await account.expectLoaded();
        expect(await sessionEmail(page, demo)).toBe(email);
        // One credential, discoverable (resident), for this site, made by the click.
        const credentials = await laptop.credentials();
        expect(credentials).toHaveLength(1);
        expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
        const creates = (await webAuthnCallsSince(page, since)).filter((call) => call.kind === "create");
        expect(creates.map(summary)).toEqual([{ kind: "create", mediation: null, aborted: false, outcome: "resolved" }]);
        // The server keeps exactly that passkey, for this user.
        expect((await listedPasskeys(page, demo)).passkeys.map((passkey) => passkey.id)).toEqual([credentials[0]!.credentialId]);
        await expect(account.items).toHaveCount(1);

        expect(await shownTexts(page), "texts shown in #passkey-alert").toEqual([]);
        errors.expectNone();
      });

      test("(b) signs out, then signs in with the “Use a passkey” button", async () => {
        await signOut(page, demo);
        const counter = (await laptop.credentials())[0]!.signCount;
        // With presence on, the autofill request would sign in by itself as the page loads ((c)); off,
        // it waits, like a visitor who goes for the button instead of the autofill suggestion.
        await laptop.setUserPresence(false);
        const since = (await webAuthnCalls(page)).length;
        const section = new PasskeySection(page, demo);
        await withAutofill(
          page,
          () => section.goto("/account"),
          () => expect.poll(() => conditionalRequests(page), { message: "the autofill request is pending" }).toEqual([PENDING]),
        );

        await laptop.setUserPresence(true);
        await section.signInButton.click();
        await new AccountPasskeys(page, demo).expectLoaded();
        expect(await sessionEmail(page, demo)).toBe(email);

        // The click cancelled the autofill request, then ran its own (modal) ceremony.
        expect((await webAuthnCallsSince(page, since)).map(summary)).toEqual([
          { kind: "get", mediation: "conditional", aborted: true, outcome: "rejected" },
          { kind: "get", mediation: null, aborted: false, outcome: "resolved" },
        ]);
        // The authenticator signed, and its counter moved on.
        expect((await laptop.credentials())[0]!.signCount).toBeGreaterThan(counter);
        expect(await shownTexts(page), "texts shown in #passkey-alert").toEqual([]);
        errors.expectNone();
      });

      test("(c) signs out, then the passkey autofill signs in without a click", async () => {
        await signOut(page, demo);
        const since = (await webAuthnCalls(page)).length;
        // Presence simulation on: the authenticator picks the passkey from the autofill offer at once.
        await withAutofill(
          page,
          () => page.goto(`${demo.origin}/auth/signin?callbackUrl=${encodeURIComponent("/account")}`),
          () => expect(page).toHaveURL(`${demo.origin}/account`),
        );
        await new AccountPasskeys(page, demo).expectLoaded();
        expect(await sessionEmail(page, demo)).toBe(email);

        const calls = await webAuthnCallsSince(page, since);
        expect(calls.map(summary)).toEqual([{ kind: "get", mediation: "conditional", aborted: false, outcome: "resolved" }]);
        expect(calls[0]!.page).toBe("/auth/signin?callbackUrl=%2Faccount");
        expect(await shownTexts(page), "texts shown in #passkey-alert").toEqual([]);
        errors.expectNone();
      });

      test("(d) adds a second passkey on /account, sees both, renames one, removes one", async ({}, testInfo) => {
        const account = new AccountPasskeys(page, demo);
        await account.goto();
        await expect(account.items).toHaveCount(1);
        await listenForPasskeyEvents(page);

        // The second passkey lives on a USB security key (a second virtual authenticator). Chrome asks
        // every authenticator; the laptop's, which already has this user's passkey, would answer
        // "already registered" (the server's excludeCredentials) and fail the ceremony. So its presence
        // is off for this one — the user touches the key, not the laptop — and the key answers.
        key = await addVirtualAuthenticator(page, { transport: "usb" });
        await laptop.setUserPresence(false);
        await account.addButton.click();
        await expect(account.registerStatus).toHaveText("Passkey added.");
        await laptop.setUserPresence(true);
        await expect(account.registerAlert).toBeEmpty();
        expect(await key.credentials()).toHaveLength(1);
        expect(await laptop.credentials()).toHaveLength(1);
        expect(await passkeyEvents(page)).toEqual([
          { type: "auth-passkey-registered", detail: { provider: "passkey", url: expect.any(String), signUp: false } },
        ]);

        // Both listed (the list reloads by itself): names, dates, transports.
        await expect(account.items).toHaveCount(2);
        const onLaptop = account.itemConnectingVia("this device");
        const onKey = account.itemConnectingVia("USB");
        await expect(onLaptop).toHaveCount(1);
        await expect(onKey).toHaveCount(1);
        const today = await page.evaluate(() => new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date()));
        await expect(onLaptop.locator('[part="name"]')).toHaveText("Passkey");
        await expect(onKey.locator('[part="name"]')).toHaveText("Passkey");
        await expect(onLaptop).toContainText(`Created ${today}`);
        await expect(onLaptop).toContainText(`Last used ${today}`);
        await expect(onKey).toContainText(`Created ${today}`);
        await expect(onKey).toContainText("Not used yet");
        // With two, either may go.
        await expect(account.lastMethodNote).toBeHidden();
        await expect(onLaptop.getByRole("button", { name: "Remove" })).toBeEnabled();
        await expect(onKey.getByRole("button", { name: "Remove" })).toBeEnabled();

        // Rename the key's passkey: a light-DOM field in its row, focused, saved with Enter's button.
        await onKey.getByRole("button", { name: "Rename" }).click();
        await expect(account.nameInput).toBeFocused();
        await account.nameInput.fill("Security key");
        await account.element.getByRole("button", { name: "Save" }).click();
        await expect(account.listStatus).toHaveText("Name saved.");
        await expect(account.nameInput).toHaveCount(0);
        await expect(account.itemNamed("Security key")).toContainText("Connects via USB");
        await expect(onLaptop.locator('[part="name"]')).toHaveText("Passkey");
        // The name is the server's, not just the page's.
        await page.reload();
        await account.expectLoaded();
        await expect(account.items).toHaveCount(2);
        await expect(account.itemNamed("Security key")).toContainText("Connects via USB");
        await expect(account.itemNamed("Passkey")).toContainText("Connects via this device");
        if (demo.strategy === "database") {
          await page.locator("main").screenshot({ path: screenshotPath(testInfo, "account-passkeys-light") });
        }

        // Remove the laptop's passkey, after confirming.
        const removedId = (await laptop.credentials())[0]!.credentialId;
        await listenForPasskeyEvents(page);
        await onLaptop.getByRole("button", { name: "Remove" }).click();
        await expect(onLaptop.getByText("Remove “Passkey”? You will no longer be able to sign in with it.")).toBeVisible();
        await expect(onLaptop.getByRole("button", { name: "Cancel" })).toBeFocused();
        await onLaptop.getByRole("button", { name: "Remove" }).click();
        await expect(account.listStatus).toHaveText("Passkey removed.");
        await expect(account.items).toHaveCount(1);
        await expect(account.itemNamed("Security key")).toBeVisible();
        expect(await passkeyEvents(page)).toEqual([{ type: "auth-passkey-removed", detail: { id: removedId } }]);
        // Chromium implements the Signal API: the client's signalUnknownCredential() took it off the authenticator too.
        await expect.poll(async () => (await laptop.credentials()).length).toBe(0);

        // The last passkey of an account created with a passkey is its only way in (its e-mail is not
        // verified, and it has no password): the server says so (`canRemove: false`), the list disables
        // Remove and explains why (docs/passkeys.md, "What counts as another way in").
        const [held] = await key.credentials();
        const listed = await listedPasskeys(page, demo);
        expect(listed).toEqual({
          passkeys: [expect.objectContaining({ id: held!.credentialId, name: "Security key", transports: ["usb"] })],
          canRemove: false,
          signal: { rpId: "localhost", userId: expect.stringMatching(/^[\w-]{43}$/), name: expect.any(String), displayName: expect.any(String) },
        });
        // The passkey was registered under the account's user handle, the one the list gives the
        // browser's Signal API (signalAllAcceptedCredentials) to name the account's passkeys by.
        expect(Buffer.from(held!.userHandle!, "base64").toString("base64url")).toBe(listed.signal?.userId);
        const lastRemove = account.itemNamed("Security key").getByRole("button", { name: "Remove" });
        await expect(lastRemove).toBeDisabled();
        await expect(account.lastMethodNote).toBeVisible();

        await page.reload();
        await account.expectLoaded();
        await expect(account.items).toHaveCount(1);
        await expect(account.itemNamed("Security key")).toContainText("Connects via USB");
        errors.expectNone();
      });

      test("(e) a passkey removed on the server, not in this browser, leaves the authenticator when the list loads", async () => {
        // A new passkey on the laptop (the key, which holds one of the account's, is not touched).
        const account = new AccountPasskeys(page, demo);
        await key.setUserPresence(false);
        await account.addButton.click();
        await expect(account.registerStatus).toHaveText("Passkey added.");
        await key.setUserPresence(true);
        await expect(account.items).toHaveCount(2);
        const [onLaptop] = await laptop.credentials();
        expect(onLaptop).toBeDefined();

        // Removed elsewhere (another device, an administrator): this browser's client never sees it.
        const { csrfToken } = (await (await page.request.get(`${demo.origin}/auth/csrf`)).json()) as { csrfToken: string };
        const removed = await page.request.post(`${demo.origin}/auth/account/passkeys/remove`, { data: { id: onLaptop!.credentialId, csrfToken } });
        expect(removed.status()).toBe(200);
        expect(await laptop.credentials()).toHaveLength(1);

        // The list loads: signalAllAcceptedCredentials names only the key's passkey, and Chromium drops
        // the laptop's, which was registered under the same account handle. The key's stays.
        await page.reload();
        await account.expectLoaded();
        await expect(account.items).toHaveCount(1);
        await expect.poll(async () => (await laptop.credentials()).length).toBe(0);
        expect(await key.credentials()).toHaveLength(1);
        errors.expectNone();
      });
    });

    test("a passkey sign-up for an address that has an account is refused, and its new passkey leaves the authenticator", async ({ page, browser }) => {
      // The account: made with a passkey on one device.
      const email = freshEmail(`${demo.strategy}-taken`);
      await addVirtualAuthenticator(page);
      await signUpWithPasskey(page, demo, email);
      // Someone on another device tries to sign up with the same address.
      const other = await browser.newContext({ locale: "en-US" });
      try {
        const second = await other.newPage();
        const authenticator = await addVirtualAuthenticator(second);
        const section = new PasskeySection(second, demo);
        await section.goto("/");
        await section.email.fill(email);
        await section.registerButton.click();
        await expect(section.alert).not.toBeEmpty();
        // The browser made a passkey the server refused; the page script signalled it unknown
        // (Chromium implements the Signal API), so no orphan stays behind.
        await expect.poll(async () => (await authenticator.credentials()).length).toBe(0);
      } finally {
        await other.close();
      }
    });

    test("ignored passkey autofill on the sign-in page stays silent; the credentials form cancels it", async ({ page }) => {
      const errors = new PageErrors(page);
      const callbacks = passkeyCallbacks(page, demo);
      await recordWebAuthnCalls(page);
      await recordShownTexts(page, "#passkey-alert");
      const authenticator = await addVirtualAuthenticator(page);
      // A visitor with a passkey for this site, signed out, who will sign in with a password instead.
      await signUpWithPasskey(page, demo, freshEmail(`${demo.strategy}-ignores`));
      await signOut(page, demo);
      const postsBefore = callbacks.length;
      // Nobody touches the authenticator: the autofill offer stays open, unanswered.
      await authenticator.setUserPresence(false);

      const since = (await webAuthnCalls(page)).length;
      const section = new PasskeySection(page, demo);
      // Back to the home page after signing in (the demo's /account lists passkeys, which Foyer cannot
      // do for the demo's credentials user under jwt sessions: that user is not in the adapter).
      await withAutofill(
        page,
        () => section.goto("/"),
        () => expect.poll(() => conditionalRequests(page), { message: "the autofill request is pending" }).toEqual([PENDING]),
      );
      // The visitor goes through the passkey field without picking anything, and lingers.
      await section.email.click();
      await section.email.blur();
      await page.waitForTimeout(IGNORED_FOR_MS);
      await expect(section.alert).toBeEmpty();
      expect(await conditionalRequests(page)).toEqual([PENDING]);
      errors.expectNone();

      // A wrong password: the page comes back with the credentials error, and only that.
      const signin = new SignInPage(page);
      // The form cancels the autofill request before it leaves; the new page offers it again.
      await withAutofill(
        page,
        () => signin.signIn(DEMO_EMAIL, "not-the-password"),
        async () => {
          await expect(page).toHaveURL(/\/auth\/signin\?error=CredentialsSignin/);
          await expect(page.getByRole("alert").filter({ hasText: "Sign in failed. Check the details you provided are correct." })).toBeVisible();
          await expect(section.section).toBeVisible();
          await expect(section.alert).toBeEmpty();
          await expect.poll(() => conditionalRequests(page), { message: "the autofill request is pending again" }).toEqual([PENDING]);
        },
      );

      await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
      await expectHomeSignedIn(page, demo, DEMO_EMAIL);
      expect(await sessionEmail(page, demo)).toBe(DEMO_EMAIL);

      // Each autofill request was aborted by the page itself (before the form left it), silently.
      const calls = await webAuthnCallsSince(page, since);
      expect(calls.map(({ kind, mediation, aborted }) => ({ kind, mediation, aborted }))).toEqual([
        { kind: "get", mediation: "conditional", aborted: true },
        { kind: "get", mediation: "conditional", aborted: true },
      ]);
      expect(callbacks.length, "passkey sign-ins posted").toBe(postsBefore);
      expect(await shownTexts(page), "texts shown in #passkey-alert").toEqual([]);

      // No late passkey sign-in: with the authenticator answering again, the user stays the demo user.
      await authenticator.setUserPresence(true);
      await page.reload();
      await expectHomeSignedIn(page, demo, DEMO_EMAIL);
      expect(await sessionEmail(page, demo)).toBe(DEMO_EMAIL);
      expect(callbacks.length, "passkey sign-ins posted").toBe(postsBefore);
      errors.expectNone();
    });

    test("ignored passkey autofill in <auth-signin> on /embedded stays silent; the credentials sign-in cancels it", async ({ page }) => {
      const errors = new PageErrors(page);
      const callbacks = passkeyCallbacks(page, demo);
      await recordWebAuthnCalls(page);
      const authenticator = await addVirtualAuthenticator(page);
      await signUpWithPasskey(page, demo, freshEmail(`${demo.strategy}-embedded`));
      await signOut(page, demo);
      const postsBefore = callbacks.length;
      await authenticator.setUserPresence(false);

      const since = (await webAuthnCalls(page)).length;
      const embedded = new EmbeddedPage(page);
      // <auth-signin>'s passkey entry point: the button, and the autofill on its e-mail field.
      const passkeyButton = embedded.signin.locator("auth-passkey-button");
      await withAutofill(
        page,
        () => embedded.goto(demo.origin),
        async () => {
          await embedded.expectSignedOut();
          await expect(passkeyButton.getByRole("button", { name: "Use a passkey" })).toBeVisible();
          await expect(embedded.signin.locator('input[autocomplete="username webauthn"]')).toHaveCount(1);
          await expect.poll(() => conditionalRequests(page), { message: "the autofill request is pending" }).toEqual([PENDING]);
        },
      );

      await page.waitForTimeout(IGNORED_FOR_MS);
      // Every live region of the sign-in box (its own, the passkey button's, the sign-up's) is empty.
      const alerts = embedded.signin.getByRole("alert");
      expect(await alerts.count()).toBeGreaterThan(0);
      expect((await alerts.allTextContents()).map((text) => text.trim())).toEqual((await alerts.allTextContents()).map(() => ""));
      expect(await conditionalRequests(page)).toEqual([PENDING]);
      errors.expectNone();

      await embedded.markDocument();
      await embedded.signIn(DEMO_EMAIL, DEMO_PASSWORD);
      await embedded.expectSignedIn(DEMO_EMAIL);
      await embedded.expectSameDocument();
      expect(await sessionEmail(page, demo)).toBe(DEMO_EMAIL);

      // The credentials sign-in aborted the autofill request, and nothing started another one.
      const calls = await webAuthnCallsSince(page, since);
      expect(calls.map(({ kind, mediation, aborted }) => ({ kind, mediation, aborted }))).toEqual([{ kind: "get", mediation: "conditional", aborted: true }]);
      expect(await conditionalRequests(page)).toEqual([{ outcome: "rejected", aborted: true, error: "AbortError" }]);
      expect(callbacks.length, "passkey sign-ins posted").toBe(postsBefore);
      await authenticator.setUserPresence(true);
      await expect(embedded.signin).toBeHidden();
      expect(await sessionEmail(page, demo)).toBe(DEMO_EMAIL);
      errors.expectNone();
    });
  });
}
