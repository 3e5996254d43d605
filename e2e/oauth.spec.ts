/**
 * OpenID Connect sign-in in the browser, end to end: the demo's "Test IdP" provider (demo/config.ts,
 * enabled by FOYER_DEMO_OIDC_ISSUER) against a real OpenID Provider (e2e/fixtures/idp.ts: oidc-provider
 * with its development login and consent pages on 127.0.0.1, FOYER_E2E_IDP_PORT). The IdP's ID token carries only
 * `sub`; the e-mail address the demo shows comes from its userinfo endpoint.
 *
 * The protocol's hostile cases (state, nonce, PKCE, iss, replay, mix-up) are tested in Vitest against
 * the same IdP (server/oauth/oauth-hostile.test.ts); here: what a person sees.
 */
import { expect, test, type Page } from "@playwright/test";
import { EmbeddedPage } from "./support/embedded.js";
import { SignInPage, message } from "./support/pages.js";
import { DEMO_ORIGIN, IDP_ORIGIN } from "./support/ports.js";

const IDP = IDP_ORIGIN;
const PROVIDER_NAME = "Test IdP";

/** A login nobody else in this run uses (the demo's data outlives a test); the IdP makes it `<login>@example.test`. */
function uniqueLogin(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The IdP's development pages import a web font; the tests never go to the internet. */
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
});

/** oidc-provider's development pages: the login form, then the consent ("Authorize") page. */
class IdpPages {
  constructor(readonly page: Page) {}

  async signIn(login: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
    await this.page.locator('input[name="login"]').fill(login);
    await this.page.locator('input[name="password"]').fill("any password");
    await this.page.getByRole("button", { name: "Sign-in" }).click();
  }

  async consent(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
    await expect(this.page.getByRole("heading", { level: 1, name: "Authorize" })).toBeVisible();
    await this.page.getByRole("button", { name: "Continue" }).click();
  }

  /** Follows the page's "[ Cancel ]" link: the IdP answers the demo with error=access_denied. */
  async cancel(): Promise<void> {
    await this.page.getByRole("link", { name: "[ Cancel ]" }).click();
  }
}

async function expectHomeSignedIn(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
}

test.describe("sign-in with an OpenID Provider", () => {
  test("the built-in page's button → the IdP's login and consent → back signed in; then sign-out", async ({ page }) => {
    const login = uniqueLogin("builtin");
    const email = `${login}@example.test`;
    await page.goto("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();

    const signin = new SignInPage(page);
    await expect(signin.heading).toBeVisible();
    await page.getByRole("button", { name: message("en", "signin.withProvider", PROVIDER_NAME) }).click();

    const idp = new IdpPages(page);
    await idp.signIn(login);
    await idp.consent();
    await expectHomeSignedIn(page, email);
    // The name came from userinfo too.
    await expect(page.getByRole("definition").filter({ hasText: `User ${login}` })).toBeVisible();
    // The check cookies were used up and deleted.
    const names = (await page.context().cookies(DEMO_ORIGIN)).map((cookie) => cookie.name);
    expect(names).toContain("authjs.session-token");
    expect(names.filter((name) => /pkce|state|nonce/.test(name))).toEqual([]);

    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/signout(\?|$)/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You are not signed in.")).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("authjs.session-token");
  });

  test("/protected → sign-in page → the IdP → back on /protected", async ({ page }) => {
    const login = uniqueLogin("protected");
    await page.goto("/protected");
    await expect(page).toHaveURL("/auth/signin?callbackUrl=%2Fprotected");
    await page.getByRole("button", { name: message("en", "signin.withProvider", PROVIDER_NAME) }).click();
    const idp = new IdpPages(page);
    await idp.signIn(login);
    await idp.consent();
    await expect(page).toHaveURL("/protected");
    await expect(page.getByText(`${login}@example.test`)).toBeVisible();
  });

  for (const at of ["login", "consent"] as const) {
    test(`cancelling on the IdP's ${at} page (access_denied) → back on the sign-in page with the try-again message`, async ({ page }) => {
      const signin = new SignInPage(page);
      await signin.goto();
      await expect(signin.alert).toHaveCount(0);
      await page.getByRole("button", { name: message("en", "signin.withProvider", PROVIDER_NAME) }).click();

      const idp = new IdpPages(page);
      if (at === "consent") await idp.signIn(uniqueLogin("cancel"));
      await idp.cancel();

      await expect(page).toHaveURL("/auth/signin?error=OAuthCallbackError");
      await expect(signin.heading).toBeVisible();
      await expect(signin.alert).toHaveText(message("en", "signinError.OAuthCallbackError"));
      // The IdP's own description of the error is not shown.
      await expect(page.getByText("aborted")).toHaveCount(0);

      await page.goto("/");
      await expect(page.getByText("You are not signed in.")).toBeVisible();
    });
  }

  test("a provider error with a hostile description → the try-again message, the description never rendered", async ({ page }) => {
    const signin = new SignInPage(page);
    await signin.goto();
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const description = `<img src=x onerror=alert(1)><script>alert(2)</script>`;
    await page.goto(`/auth/callback/test-idp?error=access_denied&error_description=${encodeURIComponent(description)}&iss=${encodeURIComponent(IDP)}`);
    await expect(page).toHaveURL("/auth/signin?error=OAuthCallbackError");
    await expect(signin.alert).toHaveText(message("en", "signinError.OAuthCallbackError"));
    // Neither the markup nor the text of the description (the page's own attributes, such as the
    // passkey form's `data-error-webauthnverificationerror`, may well contain "onerror").
    const content = await page.content();
    expect(content).not.toContain("<img src=x");
    expect(content).not.toContain("alert(1)");
    expect(content).not.toContain("alert(2)");
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});

test.describe("sign-in with an OpenID Provider on /embedded", () => {
  test("<auth-signin>'s provider button → the IdP → back on /embedded, signed in", async ({ page }) => {
    const login = uniqueLogin("embedded");
    const email = `${login}@example.test`;
    const embedded = new EmbeddedPage(page);
    await embedded.goto();
    await embedded.expectSignedOut();

    const button = embedded.signin.getByRole("button", { name: message("en", "signin.withProvider", PROVIDER_NAME) });
    await expect(button).toBeVisible();
    await button.click();

    const idp = new IdpPages(page);
    await idp.signIn(login);
    await idp.consent();

    await expect(page).toHaveURL("/embedded");
    await embedded.expectSignedIn(email);

    await embedded.signOut();
    await embedded.expectSignedOut();
  });
});
