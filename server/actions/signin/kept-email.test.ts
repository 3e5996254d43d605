/**
 * A failed credentials sign-in posted by a form (the built-in page without JavaScript) keeps the typed
 * address for the sign-in page it lands on, in a sealed cookie; the redirect itself is Auth.js's.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../auth.js";
import Credentials from "../../providers/credentials.js";
import { CookieJar, PASSWORD, csrf, get, postForm, postJson, setCookies, testConfig } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";

const ADDRESS = "ada.lovelace@example.com";

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials) => (credentials.email === ADDRESS && credentials.password === PASSWORD ? { id: "ada", email: ADDRESS } : null),
      }),
    ],
    ...overrides,
  });
}

async function failedPost(settings: AuthConfig, headers: Record<string, string> = {}) {
  const { jar, csrfToken } = await csrf(settings);
  const response = await Auth(
    postForm("/auth/callback/credentials", { csrfToken, email: ADDRESS, password: "wrong" }, { cookie: jar.header, headers }),
    settings,
  );
  jar.update(response);
  return { jar, response };
}

describe("the address of a failed credentials form post", () => {
  it("is kept, sealed, for the sign-in page, which fills the e-mail field with it, marks the fields and deletes the cookie", async () => {
    const settings = config();
    const { jar, response } = await failedPost(settings);
    // The redirect is Auth.js's, without the address.
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials");
    const cookie = setCookies(response).get("foyer.signin-email")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=300/);
    expect(cookie).not.toContain("ada");
    expect(cookie).not.toContain("wrong");

    const page = await Auth(get("/auth/signin?error=CredentialsSignin&code=credentials", { cookie: jar.header }), settings);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<input[^>]*id="input-email"[^>]*value="${ADDRESS.replace(/\./g, "\\.")}"`));
    expect(html).toMatch(/<input[^>]*id="input-email"[^>]*aria-invalid="true"/);
    expect(html).not.toContain("wrong");
    expect(setCookies(page).get("foyer.signin-email")).toMatch(/Max-Age=0/);
  });

  it("is not kept for a caller that reads the answer itself (X-Auth-Return-Redirect), nor for a custom sign-in page", async () => {
    expect(setCookies((await failedPost(config(), { "X-Auth-Return-Redirect": "1" })).response).has("foyer.signin-email")).toBe(false);
    expect(setCookies((await failedPost(config({ pages: { signIn: "/login" } }))).response).has("foyer.signin-email")).toBe(false);
    // Nor for a JSON body's sign-in (the elements).
    const settings = config();
    const { jar, csrfToken } = await csrf(settings);
    const json = await Auth(
      postJson(
        "/auth/callback/credentials",
        { csrfToken, email: ADDRESS, password: "wrong" },
        { cookie: jar.header, headers: { "X-Auth-Return-Redirect": "1" } },
      ),
      settings,
    );
    expect(setCookies(json).has("foyer.signin-email")).toBe(false);
  });

  it("a cookie that does not open is ignored: the page renders without an address", async () => {
    const settings = config();
    const jar = new CookieJar();
    const page = await Auth(get("/auth/signin?error=CredentialsSignin", { cookie: `foyer.signin-email=forged; ${jar.header}` }), settings);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toMatch(/id="input-email"[^>]*value=/);
  });
});
