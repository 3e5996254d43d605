/**
 * The demo's built-in sign-in page with JavaScript off: credentials, e-mail links and passkeys share
 * one e-mail field and one form with one primary button, and the methods that need no script —
 * credentials ("Continue") and the e-mail link (a `formaction` button) — still sign in, and a wrong
 * password keeps the address typed.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_EMAIL, DEMO_PASSWORD, SignInPage, message } from "./support/pages.js";
import { MAIL_API_ORIGIN } from "./support/ports.js";

test.use({ javaScriptEnabled: false });

/** The sign-in link of the one e-mail sent to `to` (the SMTP capture of playwright.config.ts). */
async function linkSentTo(request: APIRequestContext, to: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(`${MAIL_API_ORIGIN}/messages?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
        text = messages[0]?.text ?? "";
        return messages.length;
      },
      { message: `an e-mail to ${to}`, timeout: 10_000 },
    )
    .toBe(1);
  return /https?:\/\/\S+\/auth\/callback\/email\?\S+/.exec(text)![0];
}

test("one e-mail input and one primary button for credentials, e-mail links and passkeys", async ({ page }) => {
  const signin = new SignInPage(page);
  await signin.goto();
  await expect(page.locator('input[type="email"]')).toHaveCount(1);
  await expect(page.locator("input[name=email]")).toHaveCount(1);
  await expect(page.locator("button.button:not(.secondary):not(.provider)")).toHaveCount(1);
  await expect(page.locator("button.button:not(.secondary):not(.provider)")).toHaveText(message("en", "signin.continue"));
  // Passkeys need the script: their buttons stay hidden.
  await expect(page.locator("#submitButton-passkey")).toBeHidden();
  await expect(page.getByRole("button", { name: message("en", "signin.emailLink") })).toBeVisible();
});

test("credentials sign in without JavaScript; a wrong password keeps the address and marks the fields", async ({ page }) => {
  const signin = new SignInPage(page);
  await signin.goto();
  await signin.signIn(DEMO_EMAIL, "wrong");
  await signin.expectCredentialsError();
  // The address typed is still there (kept by the server for this page), the password is not.
  await expect(signin.email).toHaveValue(DEMO_EMAIL);
  await expect(signin.password).toHaveValue("");
  expect(page.url()).not.toContain(encodeURIComponent(DEMO_EMAIL));
  expect(page.url()).not.toContain(DEMO_EMAIL);
  await expect(signin.email).toHaveAttribute("aria-invalid", "true");
  await expect(signin.password).toHaveAttribute("aria-invalid", "true");
  await expect(signin.password).toHaveAttribute("aria-describedby", "signin-error");
  await signin.signIn(DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`You are signed in as ${DEMO_EMAIL}.`)).toBeVisible();
});

test("the e-mail link is sent and signs in without JavaScript (the required password does not block it)", async ({ page, request }) => {
  const address = `nojs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent("/")}`);
  const signin = new SignInPage(page);
  await signin.email.fill(address);
  await page.getByRole("button", { name: message("en", "signin.emailLink") }).click();
  await expect(page).toHaveURL(/\/auth\/verify-request\?provider=email&type=email$/);
  await page.goto(await linkSentTo(request, address));
  await expect(page.getByText(`You are signed in as ${address}`)).toBeVisible();
});
