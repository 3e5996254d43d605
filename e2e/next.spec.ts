/**
 * Foyer inside a real Next.js 16 app (e2e/fixtures/next-app, built once and served by `next start`
 * through e2e/fixtures/next-server.ts): the app is written as a next-auth v5 app, with `foyer-auth/next`
 * in place of `next-auth`. Every flow runs against the jwt build and the database build (SQLite) unless
 * it says otherwise; each test has its own browser context, so its own cookies.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { message } from "./support/pages.js";
import { MAIL_API_ORIGIN, NEXT_DATABASE_ORIGIN, NEXT_ORIGIN } from "./support/ports.js";
import { addVirtualAuthenticator } from "./support/webauthn.js";

const USER = { email: "ada@example.com", password: "correct horse battery staple", name: "Ada Lovelace" };

const APPS = [
  { strategy: "jwt", origin: NEXT_ORIGIN },
  { strategy: "database", origin: NEXT_DATABASE_ORIGIN },
] as const;

/** An address or login nobody else in this run uses (the apps keep their SQLite data for the run). */
function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The session as Foyer's own endpoint answers it to this browser context. */
async function sessionEmail(page: Page, origin: string): Promise<string | null> {
  const response = await page.request.get(`${origin}/api/auth/session`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

async function expectHome(page: Page, origin: string, email: string | null): Promise<void> {
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.locator("#status")).toHaveText(email ? `Signed in as ${email}` : "Not signed in");
}

async function signInOnBuiltInPage(page: Page, origin: string, callbackUrl: string): Promise<void> {
  await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await expect(page.getByRole("heading", { level: 1, name: message("en", "signin.heading") })).toBeVisible();
  // The page's one primary button; the credentials share the form's e-mail field with the other e-mail methods.
  const submit = page.getByRole("button", { name: message("en", "signin.continue"), exact: true });
  const form = page.locator("form").filter({ has: submit });
  await form.getByLabel("Email", { exact: true }).fill(USER.email);
  await form.getByLabel("Password", { exact: true }).fill(USER.password);
  await submit.click();
}

async function waitForLink(request: APIRequestContext, to: string, origin: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(`${MAIL_API_ORIGIN}/messages?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
        text = messages[0]?.text ?? "";
        return messages.length;
      },
      { message: `an e-mail to ${to}`, timeout: 15_000 },
    )
    .toBe(1);
  const link = /https?:\/\/\S+\/api\/auth\/callback\/nodemailer\?\S+/.exec(text)?.[0];
  expect(link, "a sign-in link in the e-mail").toBeTruthy();
  expect(new URL(link!).origin).toBe(origin);
  return link!;
}

for (const app of APPS) {
  test.describe(`Next.js 16 app, ${app.strategy} sessions`, () => {
    test("credentials on the built-in page; the session in a server component, route handlers and the Pages Router; server-action sign-out", async ({
      page,
    }) => {
      await page.goto(`${app.origin}/`);
      await expectHome(page, app.origin, null);

      await signInOnBuiltInPage(page, app.origin, "/");
      await expectHome(page, app.origin, USER.email);
      await expect(page.locator("#strategy")).toHaveText(app.strategy);

      expect(await (await page.request.get(`${app.origin}/api/whoami`)).json()).toMatchObject({ session: { user: { email: USER.email } } });
      expect(await (await page.request.get(`${app.origin}/api/wrapped`)).json()).toEqual({ email: USER.email });
      expect(await (await page.request.get(`${app.origin}/api/legacy`)).json()).toEqual({ email: USER.email });
      await page.goto(`${app.origin}/legacy`);
      await expect(page.locator("#legacy")).toHaveText(`Pages Router sees ${USER.email}`);

      await page.goto(`${app.origin}/`);
      await page.getByRole("button", { name: "Sign out (server action)" }).click();
      await expectHome(page, app.origin, null);
      expect(await sessionEmail(page, app.origin)).toBeNull();
      expect(await (await page.request.get(`${app.origin}/api/whoami`)).json()).toEqual({ session: null });
    });

    test("a server-action form signs in and the next render sees the session; unstable_update; client-side sign-out", async ({ page }) => {
      await page.goto(`${app.origin}/login`);
      await page.getByLabel("Email", { exact: true }).fill(USER.email);
      await page.getByLabel("Password", { exact: true }).fill(USER.password);
      await page.getByRole("button", { name: "Log in" }).click();
      // The redirect's render already has the new session: no reload, no stale "signed out".
      await expect(page).toHaveURL(`${app.origin}/dashboard`);
      await expect(page.locator("#status")).toHaveText(`Signed in as ${USER.email}`);
      await expect(page.locator("#name")).toHaveText(USER.name);

      await page.getByLabel("New name").fill("Countess of Lovelace");
      await page.getByRole("button", { name: "Rename" }).click();
      await expect(page.locator("#name")).toHaveText("Countess of Lovelace");
      await page.reload();
      await expect(page.locator("#name")).toHaveText("Countess of Lovelace");
      const session = (await (await page.request.get(`${app.origin}/api/auth/session`)).json()) as { user: { name: string } };
      expect(session.user.name).toBe("Countess of Lovelace");

      await page.goto(`${app.origin}/client-signout`);
      await expect(page.getByRole("button", { name: "Sign out (client)" })).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("button", { name: "Sign out (client)" }).click();
      await expectHome(page, app.origin, null);
      expect(await sessionEmail(page, app.origin)).toBeNull();
    });

    if (app.strategy === "jwt") {
      test("auth() passes a re-sealed session cookie on from a route handler and the proxy (updateAge 0 here)", async ({ page }) => {
        await signInOnBuiltInPage(page, app.origin, "/");
        await expectHome(page, app.origin, USER.email);
        const before = (await page.context().cookies(app.origin)).find((cookie) => cookie.name === "authjs.session-token")!.value;
        for (const path of ["/api/whoami", "/dashboard"]) {
          const response = await page.request.get(`${app.origin}${path}`);
          expect(response.status(), path).toBe(200);
          const sealed = response
            .headersArray()
            .filter((header) => header.name.toLowerCase() === "set-cookie" && header.value.startsWith("authjs.session-token="));
          expect(sealed, `${path} refreshes the session cookie`).toHaveLength(1);
          expect(sealed[0]!.value.split(";")[0]).not.toBe(`authjs.session-token=${before}`);
        }
      });
    }

    test("signIn with redirect: false returns the URL and sets the session without navigating", async ({ page }) => {
      await page.goto(`${app.origin}/no-redirect`);
      await page.getByLabel("Email", { exact: true }).fill(USER.email);
      await page.getByLabel("Password", { exact: true }).fill(USER.password);
      await page.getByRole("button", { name: "Log in without redirect" }).click();
      await expect(page.locator("output")).toHaveText(`Foyer would go to ${app.origin}/dashboard`);
      await expect(page).toHaveURL(`${app.origin}/no-redirect`);
      expect(await sessionEmail(page, app.origin)).toBe(USER.email);
    });

    test("a wrong password is caught by the documented try/catch (CredentialsSignin)", async ({ page }) => {
      await page.goto(`${app.origin}/login`);
      await page.getByLabel("Email", { exact: true }).fill(USER.email);
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid credentials.");
      await expect(page).toHaveURL(`${app.origin}/login`);
      expect(await sessionEmail(page, app.origin)).toBeNull();
    });

    test("proxy + authorized: /dashboard sends a visitor to the sign-in page and back after signing in", async ({ page }) => {
      await page.goto(`${app.origin}/dashboard`);
      await expect(page).toHaveURL(`${app.origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${app.origin}/dashboard`)}`);
      await expect(page.getByRole("heading", { level: 1, name: message("en", "signin.heading") })).toBeVisible();
      const submit = page.getByRole("button", { name: message("en", "signin.continue"), exact: true });
      const form = page.locator("form").filter({ has: submit });
      await form.getByLabel("Email", { exact: true }).fill(USER.email);
      await form.getByLabel("Password", { exact: true }).fill(USER.password);
      await submit.click();
      await expect(page).toHaveURL(`${app.origin}/dashboard`);
      await expect(page.locator("#status")).toHaveText(`Signed in as ${USER.email}`);
    });

    test("OAuth against the local OpenID Provider, started by a server action", async ({ page }) => {
      const login = unique("next-oauth");
      await page.goto(`${app.origin}/login`);
      await page.getByRole("button", { name: "Continue with Test IdP" }).click();
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill("any password");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expectHome(page, app.origin, `${login}@example.test`);
      const names = (await page.context().cookies(app.origin)).map((cookie) => cookie.name);
      expect(names.filter((name) => /pkce|state|nonce/.test(name))).toEqual([]);
    });

    test("an e-mail link through the test SMTP server, requested by a server action", async ({ page }) => {
      const address = `${unique("next-email")}@example.com`;
      await page.goto(`${app.origin}/login`);
      await page.getByLabel("Email for a link").fill(address);
      await page.getByRole("button", { name: "Email me a link" }).click();
      await expect(page).toHaveURL(new RegExp(`^${app.origin}/api/auth/verify-request`));
      const link = await waitForLink(page.request, address, app.origin);
      await page.goto(link);
      await expect(page).toHaveURL(`${app.origin}/dashboard`);
      await expect(page.locator("#status")).toHaveText(`Signed in as ${address}`);
    });

    test("<auth-signin> and <auth-session> in a React 19 page: the bundle from /api/auth/assets, events reach React", async ({ page }) => {
      await page.goto(`${app.origin}/embedded`);
      const signin = page.locator("auth-signin");
      const submit = signin.getByRole("button", { name: message("en", "signin.continue"), exact: true });
      await expect(submit, "the element bundle loaded and rendered the provider list").toBeVisible();
      await expect(page.getByText("The element sees no session.")).toBeVisible();
      // The element may render before React has hydrated the page and attached the listeners.
      await expect(page.locator("[data-hydrated]")).toHaveAttribute("data-hydrated", "yes");

      await signin.getByLabel("Email", { exact: true }).fill(USER.email);
      await signin.getByLabel("Password", { exact: true }).fill("not the password");
      await submit.click();
      await expect(page.locator("#element-event")).toHaveText("error: CredentialsSignin");

      await signin.getByLabel("Password", { exact: true }).fill(USER.password);
      await submit.click();
      await expect(page.locator("#element-event")).toHaveText("success: credentials");
      await expect(page.getByText("The element sees a session.")).toBeVisible();
      expect(await sessionEmail(page, app.origin)).toBe(USER.email);
    });

    test("a passkey on the built-in page: create an account, sign out, sign in with it (autofill or the button)", async ({ page }) => {
      const authenticator = await addVirtualAuthenticator(page);
      const address = `${unique("next-passkey")}@example.test`;
      await page.goto(`${app.origin}/api/auth/signin?callbackUrl=${encodeURIComponent("/")}`);
      await expect(page.locator("#passkey-section"), "the passkey script is served from /api/auth/assets").toBeVisible();
      await page.locator("#input-email").fill(address);
      await page.locator("#registerButton-passkey").click();
      await expectHome(page, app.origin, address);
      expect(await authenticator.credentials()).toHaveLength(1);

      await page.getByRole("button", { name: "Sign out (server action)" }).click();
      await expectHome(page, app.origin, null);

      await page.goto(`${app.origin}/api/auth/signin?callbackUrl=${encodeURIComponent("/")}`);
      // The page's passkey autofill (conditional UI) may sign in before the button can be clicked:
      // the virtual authenticator answers it at once. Either way, the passkey signs in.
      await page
        .locator("#submitButton-passkey")
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await expectHome(page, app.origin, address);
    });
  });
}
