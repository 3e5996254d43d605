/**
 * Foyer inside real SvelteKit apps (e2e/fixtures/sveltekit-server.ts): one app, written for
 * `@auth/sveltekit` (e2e/fixtures/sveltekit-app), built with adapter-node and served by `node build`:
 *
 *   - as written, on `@auth/sveltekit` 1.11.3 with SvelteKit 2;
 *   - switched to Foyer by scripts/migrate-sveltekit-auth.ts (import paths only) on SvelteKit 2, with
 *     the default base path and with `basePath: "/custom-auth"` in its config;
 *   - the same Foyer app on SvelteKit 3, with the custom base path.
 *
 * Every app runs the same flows — the migration promise: the built-in sign-in page, the app's
 * `<SignIn>` form action (and a wrong password caught as an `AuthError`), the session read by a
 * `+layout.server.ts` load and by a hook that runs after `handle` in `sequence()`, a protected route,
 * `<SignOut>`, and a sign-in form posted from another site. Then: the SvelteKit 3 build with
 * `paths.base`, and a session cookie issued by the @auth/sveltekit app read by the Foyer app. Each test
 * has its own browser context.
 */
import { expect, test, type Page } from "@playwright/test";
import { message } from "./support/pages.js";
import { SVELTEKIT3_ORIGIN, SVELTEKIT_AUTHJS_ORIGIN, SVELTEKIT_BASE_ORIGIN, SVELTEKIT_CUSTOM_ORIGIN, SVELTEKIT_ORIGIN } from "./support/ports.js";

const USER = { email: "ada@example.com", password: "correct horse battery staple", name: "Ada Lovelace" };

interface App {
  name: string;
  origin: string;
  /** Where the auth routes are. */
  basePath: string;
  /** Another app's origin on 127.0.0.1: another site for the browser. */
  other: string;
  foyer: boolean;
}

const APPS: App[] = [
  { name: "@auth/sveltekit on SvelteKit 2 (before the migration)", origin: SVELTEKIT_AUTHJS_ORIGIN, basePath: "/auth", other: SVELTEKIT_ORIGIN, foyer: false },
  { name: "foyer-auth/sveltekit on SvelteKit 2", origin: SVELTEKIT_ORIGIN, basePath: "/auth", other: SVELTEKIT_AUTHJS_ORIGIN, foyer: true },
  {
    name: 'foyer-auth/sveltekit on SvelteKit 2, basePath "/custom-auth"',
    origin: SVELTEKIT_CUSTOM_ORIGIN,
    basePath: "/custom-auth",
    other: SVELTEKIT_ORIGIN,
    foyer: true,
  },
  {
    name: 'foyer-auth/sveltekit on SvelteKit 3, basePath "/custom-auth"',
    origin: SVELTEKIT3_ORIGIN,
    basePath: "/custom-auth",
    other: SVELTEKIT_ORIGIN,
    foyer: true,
  },
];

async function sessionEmail(page: Page, app: App): Promise<string | null> {
  const response = await page.request.get(`${app.origin}${app.basePath}/session`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user?: { email?: string } } | null)?.user?.email ?? null;
}

async function expectHome(page: Page, app: App, email: string | null): Promise<void> {
  await expect(page.locator("#status")).toHaveText(email ? `Signed in as ${email}` : "Not signed in");
  // The hook after `handle` in sequence() ran for this page and read the same session.
  await expect(page.locator("#later-hook")).toHaveText(`The later hook saw ${email ?? "nobody"}`);
}

/** Waits until SvelteKit has hydrated the page, so that `use:enhance` forms post through fetch. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

for (const app of APPS) {
  test.describe(app.name, () => {
    test("built-in sign-in page, wrong password shown, session on the server and in a later hook, protected route, <SignOut>", async ({ page }) => {
      await page.goto(`${app.origin}/`);
      await expectHome(page, app, null);

      await page.goto(`${app.origin}/dashboard`);
      await expect(page).toHaveURL(`${app.origin}/login`);

      const signInPage = `${app.origin}${app.basePath}/signin?callbackUrl=${encodeURIComponent("/dashboard")}`;
      await page.goto(signInPage);
      const submit = app.foyer
        ? page.getByRole("button", { name: message("en", "signin.continue"), exact: true })
        : page.getByRole("button", { name: "Sign in with Credentials" });
      const form = page.locator("form").filter({ has: submit });
      await form.getByLabel("Email", { exact: true }).fill(USER.email);
      await form.getByLabel("Password", { exact: true }).fill("wrong password");
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`${app.basePath}/signin\\?.*error=CredentialsSignin`));
      expect(await sessionEmail(page, app)).toBeNull();

      await form.getByLabel("Email", { exact: true }).fill(USER.email);
      await form.getByLabel("Password", { exact: true }).fill(USER.password);
      await submit.click();
      await expect(page).toHaveURL(`${app.origin}/dashboard`);
      await expect(page.locator("#name")).toHaveText(USER.name);
      expect(await sessionEmail(page, app)).toBe(USER.email);

      await page.goto(`${app.origin}/`);
      await expectHome(page, app, USER.email);
      await hydrated(page);
      await page.getByRole("button", { name: "Sign out (component)" }).click();
      await expectHome(page, app, null);
      expect(await sessionEmail(page, app)).toBeNull();
      await page.goto(`${app.origin}/dashboard`);
      await expect(page).toHaveURL(`${app.origin}/login`);
    });

    test("<SignIn> posts to the app's form action: a wrong password is an AuthError the page shows, then a sign-in", async ({ page }) => {
      await page.goto(`${app.origin}/login`);
      await hydrated(page);
      await page.getByLabel("Email", { exact: true }).fill(USER.email);
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid credentials.");
      expect(await sessionEmail(page, app)).toBeNull();

      await page.getByLabel("Email", { exact: true }).fill(USER.email);
      await page.getByLabel("Password", { exact: true }).fill(USER.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(`${app.origin}/dashboard`);
      await expect(page.locator("#name")).toHaveText(USER.name);
      await page.goto(`${app.origin}/`);
      await expectHome(page, app, USER.email);
    });

    test("sign-in forms posted from another site sign no one in", async ({ page }) => {
      for (const button of ["Win a prize", "Win another prize"]) {
        const evil = `${app.other.replace("localhost", "127.0.0.1")}/evil?target=${encodeURIComponent(app.origin)}&basePath=${encodeURIComponent(app.basePath)}`;
        await page.goto(evil);
        await page.getByRole("button", { name: button }).click();
        await page.waitForLoadState();
        expect(await sessionEmail(page, app), button).toBeNull();
      }
      await page.goto(`${app.origin}/`);
      await expectHome(page, app, null);
    });
  });
}

test.describe("the same build with and without basePath in its config", () => {
  test("Foyer answers under the configured base path only; @auth/sveltekit answers under /auth whatever the config says", async ({ request }) => {
    expect((await request.get(`${SVELTEKIT_CUSTOM_ORIGIN}/custom-auth/providers`)).status()).toBe(200);
    expect((await request.get(`${SVELTEKIT_CUSTOM_ORIGIN}/auth/providers`)).status()).toBe(404);
    expect((await request.get(`${SVELTEKIT3_ORIGIN}/custom-auth/providers`)).status()).toBe(200);
    expect((await request.get(`${SVELTEKIT_ORIGIN}/auth/providers`)).status()).toBe(200);
  });
});

test.describe('foyer-auth/sveltekit on SvelteKit 3 built with paths.base "/app"', () => {
  const app: App = { name: "paths.base", origin: `${SVELTEKIT_BASE_ORIGIN}/app`, basePath: "/auth", other: SVELTEKIT_ORIGIN, foyer: true };

  test("Foyer answers under /app/auth; the load and the later hook see the session; <SignOut> posts under the base", async ({ page }) => {
    expect((await page.request.get(`${SVELTEKIT_BASE_ORIGIN}/app/auth/providers`)).status()).toBe(200);
    expect((await page.request.get(`${SVELTEKIT_BASE_ORIGIN}/auth/providers`)).status()).toBe(404);
    await page.goto(`${app.origin}/`);
    await expectHome(page, app, null);

    await page.goto(`${app.origin}/auth/signin?callbackUrl=${encodeURIComponent("/app/")}`);
    const submit = page.getByRole("button", { name: message("en", "signin.continue"), exact: true });
    const form = page.locator("form").filter({ has: submit });
    await form.getByLabel("Email", { exact: true }).fill(USER.email);
    await form.getByLabel("Password", { exact: true }).fill(USER.password);
    await submit.click();
    await expect(page).toHaveURL(`${app.origin}/`);
    await expectHome(page, app, USER.email);
    expect(await sessionEmail(page, app)).toBe(USER.email);

    // <SignOut> posts to /app/signout; the app asked to land on "/" (outside its base, as written).
    await hydrated(page);
    await page.getByRole("button", { name: "Sign out (component)" }).click();
    await expect(page).toHaveURL(`${SVELTEKIT_BASE_ORIGIN}/`);
    expect(await sessionEmail(page, app)).toBeNull();
    await page.goto(`${app.origin}/`);
    await expectHome(page, app, null);
  });
});

test.describe("switching an app from @auth/sveltekit to Foyer", () => {
  test("the session cookie @auth/sveltekit issued is read by the Foyer app (same AUTH_SECRET): nobody is signed out", async ({ page, context }) => {
    const authjs = APPS.find((app) => !app.foyer)!;
    const foyer = APPS.find((app) => app.origin === SVELTEKIT_ORIGIN)!;
    await page.goto(`${authjs.origin}/auth/signin?callbackUrl=${encodeURIComponent("/")}`);
    const submit = page.getByRole("button", { name: "Sign in with Credentials" });
    const form = page.locator("form").filter({ has: submit });
    await form.getByLabel("Email", { exact: true }).fill(USER.email);
    await form.getByLabel("Password", { exact: true }).fill(USER.password);
    await submit.click();
    await expectHome(page, authjs, USER.email);
    // Cookies do not depend on the port: the browser sends @auth/sveltekit's cookie to the Foyer app.
    const issued = (await context.cookies(authjs.origin)).find((cookie) => cookie.name === "authjs.session-token");
    expect(issued, "@auth/sveltekit's session cookie").toBeTruthy();
    await page.goto(`${foyer.origin}/`);
    await expectHome(page, foyer, USER.email);
    expect((await context.cookies(foyer.origin)).find((cookie) => cookie.name === "authjs.session-token")?.value).toBe(issued!.value);
  });
});
