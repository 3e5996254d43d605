/**
 * E-mail (magic link) sign-in in the browser, end to end: the demo sends through Foyer's Nodemailer
 * provider to a real SMTP server (e2e/fixtures/smtp-server.ts), the test reads the message from that
 * server's HTTP API and follows the link like a user clicking it.
 *
 * Expiry is tested in Vitest instead (server/email/email-flow.test.ts, fake clock, exact 599/601 s
 * boundaries): a browser test would need a second demo with a seconds-long `maxAge` or a 10-minute
 * wait, and what the browser sees for an expired link is the same Verification page as for a used
 * one, which is covered here.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { SupportedLocale } from "../locales/index.js";
import { EmbeddedPage } from "./support/embedded.js";
import { message } from "./support/pages.js";
import { DEMO_ORIGIN, MAIL_API_ORIGIN } from "./support/ports.js";

/** The SMTP capture's HTTP API (playwright.config.ts). */
const MAIL_API = MAIL_API_ORIGIN;
/** The demo's host as its e-mails name it. */
const DEMO_HOST = new URL(DEMO_ORIGIN).host;

interface CapturedMessage {
  envelope: { from: string; to: string[] };
  subject: string;
  text: string;
  html: string;
}

/** An address nobody else in this run uses (the demo's data and the cooldown outlive a test). */
function uniqueAddress(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Waits for the one e-mail to `to` and returns it. */
async function waitForEmail(request: APIRequestContext, to: string): Promise<CapturedMessage> {
  let messages: CapturedMessage[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`);
        messages = (await response.json()) as CapturedMessage[];
        return messages.length;
      },
      { message: `an e-mail to ${to}`, timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  expect(messages, "exactly one e-mail").toHaveLength(1);
  return messages[0]!;
}

function linkIn(text: string): string {
  const link = /https?:\/\/\S+\/auth\/callback\/email\?\S+/.exec(text)?.[0];
  expect(link, "a sign-in link in the e-mail").toBeTruthy();
  return link!;
}

/**
 * The e-mail link on Foyer's built-in sign-in page: "Email me a sign-in link", a secondary action of
 * the one sign-in form (the demo has credentials too), sharing its e-mail field.
 */
function emailForm(page: Page, locale: SupportedLocale = "en") {
  const submit = page.getByRole("button", { name: message(locale, "signin.emailLink") });
  const form = page.locator("form").filter({ has: submit });
  return { form, submit, input: form.getByLabel(message(locale, "signin.email.label"), { exact: true }) };
}

async function requestLinkOnSignInPage(page: Page, address: string, locale: SupportedLocale = "en"): Promise<void> {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent("/")}`);
  await expect(page.getByRole("heading", { level: 1, name: message(locale, "signin.heading") })).toBeVisible();
  const { input, submit } = emailForm(page, locale);
  await expect(input).toHaveAttribute("type", "email");
  // Shared with the demo's passkeys: their autofill is offered in the same field.
  await expect(input).toHaveAttribute("autocomplete", "username webauthn");
  await input.fill(address);
  await submit.click();
  await expect(page).toHaveURL(/\/auth\/verify-request\?provider=email&type=email$/);
  await expect(page.getByRole("heading", { level: 1, name: message(locale, "verifyRequest.heading") })).toBeVisible();
}

test.describe("e-mail sign-in on the built-in pages", () => {
  test("request a link, follow it: signed in; follow it again: the Verification page (403) offers a new link", async ({ page, request }) => {
    const address = uniqueAddress("link");
    await requestLinkOnSignInPage(page, address);

    const mail = await waitForEmail(request, address);
    expect(mail.envelope.to).toEqual([address]);
    expect(mail.subject).toBe(`Sign in to ${DEMO_HOST}`);
    const link = linkIn(mail.text);
    expect(new URL(link).origin).toBe(DEMO_ORIGIN);
    expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    // Follow the link: the demo's home page, signed in as that address.
    const signedIn = await page.goto(link);
    expect(signedIn?.status()).toBe(200);
    await expect(page).toHaveURL("/");
    await expect(page.getByText(`You are signed in as ${address}`)).toBeVisible();

    // The same link again, in a fresh browser: used up.
    const other = await page.context().browser()!.newContext();
    try {
      const again = await other.newPage();
      const response = await again.goto(link);
      expect(response?.status()).toBe(403);
      await expect(again).toHaveURL(/\/auth\/error\?error=Verification$/);
      await expect(again.getByRole("heading", { level: 1, name: message("en", "errorPage.Verification.heading") })).toBeVisible();
      const newLink = again.getByRole("link", { name: message("en", "error.requestNewLink") });
      await expect(newLink).toBeVisible();
      await newLink.click();
      await expect(again.getByRole("heading", { level: 1, name: message("en", "signin.heading") })).toBeVisible();
      await expect(emailForm(again).input).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("the check-your-email page shows the address, masked, and its resend honours the cooldown", async ({ page, request }) => {
    const address = uniqueAddress("resend");
    await requestLinkOnSignInPage(page, address);
    await expect(page.getByText(message("en", "verifyRequest.sentTo", `${address[0]}•••@example.com`))).toBeVisible();
    expect(await page.content()).not.toContain(address);

    // Within the demo's cooldown: nothing is sent, and the page says how long to wait.
    await page.getByRole("button", { name: message("en", "verifyRequest.resend.button") }).click();
    await expect(page).toHaveURL(/\/auth\/verify-request\?provider=email&type=email&resend=cooldown$/);
    await expect(page.getByRole("status")).toContainText(/You can ask for another one in \d+ seconds\./);
    await waitForEmail(request, address); // exactly one
  });

  test("a hostile address is refused on the sign-in page, and no e-mail goes out", async ({ page, request }) => {
    const victim = uniqueAddress("victim");
    await page.goto("/auth/signin");
    const { input, submit } = emailForm(page);
    // Past the browser's own type=email check (a script or a crafted form could send anything).
    await input.evaluate((element: HTMLInputElement) => element.setAttribute("type", "text"));
    await input.fill(`attacker@example.com,${victim}`);
    await submit.click();
    await expect(page).toHaveURL(/\/auth\/signin\?error=EmailSignin$/);
    await expect(page.getByRole("alert")).toHaveText(message("en", "signinError.EmailSignin"));
    const response = await request.get(`${MAIL_API}/messages?to=${encodeURIComponent(victim)}`);
    expect(await response.json()).toEqual([]);
  });
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("the sign-in page and the e-mail are German", async ({ page, request }) => {
    const address = uniqueAddress("deutsch");
    await requestLinkOnSignInPage(page, address, "de");
    const mail = await waitForEmail(request, address);
    expect(mail.subject).toBe(message("de", "email.subject", DEMO_HOST));
    expect(mail.text).toContain(message("de", "email.expires", "10"));
    expect(mail.html).toContain('<html lang="de"');
    await page.goto(linkIn(mail.text));
    await expect(page.getByText(`You are signed in as ${address}`)).toBeVisible();
  });
});

test.describe("<auth-signin> on /embedded", () => {
  test("the e-mail form shows “check your email” in place, without a reload, and the link signs in", async ({ page, request }) => {
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.expectSignedOut();
    await embedded.markDocument();

    // The demo's credentials sign in with an e-mail address too, so the link is the one form's secondary action.
    const submitName = message("en", "signin.emailLink");
    const submit = embedded.signin.getByRole("button", { name: submitName });
    // `has` is matched inside each form, so it takes a locator without the outer scope.
    const form = embedded.signin.locator("form").filter({ has: page.getByRole("button", { name: submitName }) });
    const input = form.getByLabel(message("en", "signin.email.label"), { exact: true });
    expect(await input.evaluate((element) => element.getRootNode() === document), "the e-mail input is in light DOM").toBe(true);
    // One field for every e-mail-based method: with passkeys on the demo, it offers them in autofill too.
    await expect(input).toHaveAttribute("autocomplete", "username webauthn");

    const address = uniqueAddress("embedded");
    await input.fill(address);
    await submit.click();

    const sent = embedded.signin.locator('[part~="message"]');
    await expect(sent).toHaveRole("status");
    await expect(sent).toHaveText(`${message("en", "verifyRequest.heading")}. ${message("en", "verifyRequest.message")}`);
    await expect(form).toHaveCount(0);
    await expect(page).toHaveURL("/embedded");
    await embedded.expectSameDocument();

    const mail = await waitForEmail(request, address);
    const link = linkIn(mail.text);
    // The element asked for a link back to the page it is on.
    expect(new URL(link).searchParams.get("callbackUrl")).toBe(`${DEMO_ORIGIN}/embedded`);
    await page.goto(link);
    await expect(page).toHaveURL("/embedded");
    await embedded.expectSignedIn(address);
  });
});
