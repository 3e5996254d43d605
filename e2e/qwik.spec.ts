/**
 * `foyer-auth/qwik` in a real Qwik City app (e2e/fixtures/qwik-app, production build on the Node.js
 * adapter, e2e/fixtures/qwik-server.ts) in Chromium: the built-in pages, credentials sign-in through
 * them and through `useSignIn`, the session read on the server (a `routeLoader$`), a route guarded in
 * its `onRequest`, sign-out through `useSignOut`, a wrong password, the actions' field errors, forms
 * posted from another site, and a browser build without Foyer's server code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { QWIK_ORIGIN } from "./support/ports.js";
import { builtQwikApp } from "./support/qwik-apps.js";
import {
  expectProtectedPage,
  expectSignedIn,
  expectSignedOut,
  postFromAnotherSite,
  QWIK_USER,
  signInOnBuiltInPage,
  signInWithUseSignIn,
  signOutWithUseSignOut,
} from "./support/qwik-flows.js";

const origin = QWIK_ORIGIN;

test.describe("foyer-auth/qwik", () => {
  test("answers Foyer's built-in pages and endpoints under /auth", async ({ page, request }) => {
    await page.goto(`${origin}/auth/signin`);
    // Its only form (username and password): the page's one primary button.
    await expect(page.getByRole("button", { name: "Continue", exact: true })).toBeVisible();
    // Foyer's CSRF check is on: the sign-in form carries a token (@auth/qwik's is empty).
    expect(await page.locator('input[name="csrfToken"]').getAttribute("value")).toMatch(/^[0-9a-f]{64}$/);
    await page.goto(`${origin}/auth/signout`);
    await expect(page.getByRole("button", { name: /sign out/i })).toBeVisible();
    await page.goto(`${origin}/auth/error?error=AccessDenied`);
    await expect(page.locator("body")).toContainText(/access denied|do not have permission/i);

    const providers = await request.get(`${origin}/auth/providers`);
    expect(await providers.json()).toMatchObject({ credentials: { id: "credentials", callbackUrl: `${origin}/auth/callback/credentials` } });
    expect((await (await request.get(`${origin}/auth/csrf`)).json()).csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await request.get(`${origin}/auth/session`)).json()).toBeNull();
  });

  test("signs in on the built-in page from the protected route and comes back to it, the user read on the server", async ({ page, context }) => {
    await expectSignedOut(page, origin);
    await page.goto(`${origin}/protected/`);
    await signInOnBuiltInPage(page);
    await expect(page).toHaveURL(`${origin}/protected/`);
    await expect(page.getByTestId("protected")).toHaveText(`Protected page for ${QWIK_USER.name} (${QWIK_USER.email})`);
    const cookie = (await context.cookies()).find((c) => c.name === "authjs.session-token");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    await expectSignedIn(page, origin);
  });

  test("refuses a wrong password on the built-in page with CredentialsSignin, and signs no one in", async ({ page, context }) => {
    await page.goto(`${origin}/auth/signin?callbackUrl=%2Fprotected%2F`);
    await signInOnBuiltInPage(page, "wrong password");
    await expect(page).toHaveURL(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect((await context.cookies()).some((c) => c.name === "authjs.session-token")).toBe(false);
    await expectSignedOut(page, origin);
  });

  test("useSignIn signs in and goes to options.redirectTo; useSignOut signs out and goes to redirectTo", async ({ page }) => {
    await signInWithUseSignIn(page, origin);
    await expect(page).toHaveURL(`${origin}/protected/`);
    await expect(page.getByTestId("protected")).toContainText(QWIK_USER.email);
    await expectSignedIn(page, origin);

    await signOutWithUseSignOut(page, origin);
    await expect(page).toHaveURL(`${origin}/signed-out/`);
    await expectSignedOut(page, origin);
  });

  test("useSignIn with a wrong password lands on the sign-in page with CredentialsSignin", async ({ page }) => {
    await signInWithUseSignIn(page, origin, "wrong password");
    await expect(page).toHaveURL(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`);
    await expectSignedOut(page, origin);
  });

  test("useSignIn without JavaScript: the form posts to the action and the answer is a 303 to redirectTo", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    const form = page.getByTestId("signin-form");
    await form.getByLabel("Username").fill(QWIK_USER.username);
    await form.getByLabel("Password").fill(QWIK_USER.password);
    await form.getByRole("button", { name: "Sign in with useSignIn" }).click();
    await expect(page).toHaveURL(`${origin}/protected/`);
    await expect(page.getByTestId("protected")).toContainText(QWIK_USER.email);
    await context.close();
  });

  test("reports bad action fields as { failed, fieldErrors } and signs no one in", async ({ page }) => {
    await page.goto(`${origin}/`);
    // The button submits { providerId: "../evil", redirectTo: "javascript:alert(1)" }.
    await page.getByTestId("bad-signin").click();
    const errors = JSON.parse((await page.getByTestId("signin-errors").textContent())!) as { failed: boolean; fieldErrors: Record<string, string> };
    expect(errors).toEqual({
      failed: true,
      fieldErrors: { providerId: "Not a provider id.", redirectTo: "Must be a path on this site or an http(s) URL." },
    });
    await expectSignedOut(page, origin);
  });

  test("a sign-in form posted from another site to Foyer's route or to the action signs no one in", async ({ page }) => {
    const fields = { username: QWIK_USER.username, password: QWIK_USER.password, csrfToken: "forged" };
    // Foyer's own route: its CSRF check refuses the post (MissingCSRF).
    await postFromAnotherSite(page, `${origin}/auth/callback/credentials`, fields);
    await expect(page).toHaveURL(`${origin}/auth/signin?error=MissingCSRF`);
    await expectSignedOut(page, origin);

    // The Qwik action: Qwik City's origin check refuses it before the action runs.
    await page.goto(`${origin}/`);
    const action = await page.getByTestId("signin-form").getAttribute("action");
    expect(action).toMatch(/^\?qaction=\w+$/);
    const status = await postFromAnotherSite(page, `${origin}/${action}`, {
      providerId: "credentials",
      "options.username": QWIK_USER.username,
      "options.password": QWIK_USER.password,
    });
    expect(status).toBe(403);
    await expect(page.locator("body")).toContainText("CSRF check failed");
    await expectSignedOut(page, origin);
  });

  test("the session on the server and in useSession survives a reload; the protected page reads it on each request", async ({ page }) => {
    await signInWithUseSignIn(page, origin);
    await page.reload();
    await expectProtectedPage(page, origin);
    await page.goto(`${origin}/`);
    await expect(page.getByTestId("status")).toHaveText(`Signed in as ${QWIK_USER.email}`);
  });

  test("keeps Foyer's server code out of the browser build (@auth/qwik's browser build carries Auth.js)", async () => {
    const scan = async (name: "foyer" | "authjs") => {
      const dir = await builtQwikApp(name); // the build the server runs
      const folder = join(dir, "dist/build");
      return readdirSync(folder)
        .filter((file) => file.endsWith(".js"))
        .map((file) => readFileSync(join(folder, file), "utf8"))
        .join("\n");
    };
    const foyer = await scan("foyer");
    expect(foyer.length).toBeGreaterThan(1000);
    // Strings of Foyer's server side: the CSRF check, the session cookie, the crypto, the handler.
    // (The error classes may ship: the app's config imports CredentialsSignin, and they import nothing.)
    for (const serverOnly of ["no valid CSRF cookie", "session-token", "createCipheriv", "node:crypto", "authorize() returned no user", "accept-language"]) {
      expect(foyer, serverOnly).not.toContain(serverOnly);
    }
    // @auth/qwik bundles a Set-Cookie parser into its module, and it ships to the browser.
    expect(await scan("authjs")).toContain("set-cookie-parser");
  });
});
