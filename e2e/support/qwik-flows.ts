/**
 * The browser flows of the Qwik test app (e2e/fixtures/qwik-app), written once and run against the
 * app on `foyer-auth/qwik` and on `@auth/qwik` (e2e/qwik.spec.ts, e2e/qwik-migration.spec.ts). They
 * check only what an app sees, not where either library sends the browser in between.
 */
import { expect, type Page } from "@playwright/test";

/** The app's one user (src/routes/plugin@auth.ts). */
export const QWIK_USER = { username: "ada", password: "qwik-e2e-password", name: "Ada Lovelace", email: "ada@example.com" } as const;

/** The sign-in form of the built-in page, on either library (same labels; the button says "Continue" on Foyer). */
export async function signInOnBuiltInPage(page: Page, password: string = QWIK_USER.password, username: string = QWIK_USER.username): Promise<void> {
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  // Auth.js: "Sign in with Credentials"; Foyer: the page's one primary button, "Continue".
  await page.getByRole("button", { name: /^(Continue|Sign in with Credentials)$/ }).click();
  await page.waitForLoadState("load");
}

/** The home page's useSignIn form. */
export async function signInWithUseSignIn(page: Page, origin: string, password: string = QWIK_USER.password): Promise<void> {
  await page.goto(`${origin}/`);
  const form = page.getByTestId("signin-form");
  await form.getByLabel("Username").fill(QWIK_USER.username);
  await form.getByLabel("Password").fill(password);
  // Qwik posts the action with fetch and then moves to wherever the answer says: wait for both.
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("qaction=")),
    form.getByRole("button", { name: "Sign in with useSignIn" }).click(),
  ]);
  // Both libraries move the browser off the home page (to redirectTo, or the sign-in page on an error).
  await page.waitForURL((url) => url.pathname !== "/");
  await page.waitForLoadState("load");
}

/** The protected page shows the user read on the server (routeLoader$). */
export async function expectProtectedPage(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/protected/`);
  await expect(page.getByTestId("protected")).toHaveText(`Protected page for ${QWIK_USER.name} (${QWIK_USER.email})`);
}

/** Signed out: the protected page sends the browser to the built-in sign-in page, and useSession reads null. */
export async function expectSignedOut(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/protected/`);
  await expect(page).toHaveURL(`${origin}/auth/signin?callbackUrl=%2Fprotected%2F`);
  await page.goto(`${origin}/`);
  await expect(page.getByTestId("status")).toHaveText("Signed out");
}

/** Signed in: useSession on the home page, and the protected page. */
export async function expectSignedIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await expect(page.getByTestId("status")).toHaveText(`Signed in as ${QWIK_USER.email}`);
  await expectProtectedPage(page, origin);
}

/** The home page's useSignOut form. */
export async function signOutWithUseSignOut(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("qaction=")),
    page.getByRole("button", { name: "Sign out with useSignOut" }).click(),
  ]);
  await page.waitForURL((url) => url.pathname !== "/");
  await page.waitForLoadState("load");
}

/**
 * What a page on another site can make a visitor's browser do: post the attacker's own credentials
 * to the app's credentials callback (login CSRF). The page is served at `http://evil.test/` by
 * Playwright; the browser posts to the app for real. Returns the status of the app's answer.
 */
export async function postFromAnotherSite(page: Page, action: string, fields: Record<string, string>): Promise<number> {
  await page.route("http://evil.test/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Win a prize</title><form method="post" action="${action}">${Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
        .join("")}<button>Win a prize</button></form>`,
    }),
  );
  await page.goto("http://evil.test/");
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().startsWith(action.split("?")[0]!)),
    page.getByRole("button", { name: "Win a prize" }).click(),
  ]);
  await page.waitForLoadState("load");
  return response.status();
}
