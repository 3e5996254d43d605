/**
 * Sign-out never lands on a sign-in page: the stale callback-url cookie a protected page left behind
 * is not read, and a target that is the sign-in page becomes the origin (docs/compatibility.md).
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { ORIGIN, get, postForm, signIn, testConfig } from "../testing/harness.js";

/** Ada signs in from the sign-in page a protected page sent her to, as a browser would. */
async function signedInFromProtectedPage(config = testConfig()) {
  const { jar, csrfToken } = await signIn(config, { callbackUrl: `${ORIGIN}/protected` });
  expect(jar.header).toContain(`authjs.callback-url=${encodeURIComponent(`${ORIGIN}/protected`)}`);
  return { jar, csrfToken };
}

describe("sign-out", () => {
  it("through the built-in page after visiting a protected page: lands on the origin and resets the cookie", async () => {
    const config = testConfig();
    const { jar } = await signedInFromProtectedPage(config);
    const page = await Auth(get("/auth/signout", { cookie: jar.header }), config);
    jar.update(page);
    const html = await page.text();
    const csrfToken = /name="csrfToken" value="([0-9a-f]{64})"/.exec(html)![1]!;
    const callbackUrl = /name="callbackUrl" value="([^"]*)"/.exec(html)![1];
    expect(callbackUrl).toBe(ORIGIN);

    const response = await Auth(postForm("/auth/signout", { csrfToken, callbackUrl: callbackUrl! }, { cookie: jar.header }), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    jar.update(response);
    expect(jar.header).not.toContain("protected");
  });

  it("a form posting only the CSRF token does not follow the stale cookie either", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await signedInFromProtectedPage(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`authjs.callback-url=${encodeURIComponent(ORIGIN)};`))).toBe(true);
  });

  it("an explicit target is kept: the page's ?callbackUrl= travels in its form", async () => {
    const config = testConfig();
    const { jar } = await signedInFromProtectedPage(config);
    const page = await Auth(get("/auth/signout?callbackUrl=%2Fbye", { cookie: jar.header }), config);
    jar.update(page);
    const html = await page.text();
    expect(html).toContain(`name="callbackUrl" value="${ORIGIN}/bye"`);
    const csrfToken = /name="csrfToken" value="([0-9a-f]{64})"/.exec(html)![1]!;
    const response = await Auth(postForm("/auth/signout", { csrfToken, callbackUrl: `${ORIGIN}/bye` }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/bye`);
  });

  it.each([
    ["the built-in sign-in page", testConfig(), `${ORIGIN}/auth/signin?callbackUrl=%2Fprotected`],
    ["the built-in sign-in page, trailing slash", testConfig(), `${ORIGIN}/auth/signin/`],
    ["pages.signIn", testConfig({ pages: { signIn: "/login" } }), "/login?next=%2F"],
  ])("a target that is %s becomes the origin", async (_, config, target) => {
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken, callbackUrl: target }, { cookie: jar.header }), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("a target beside the sign-in page is kept", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken, callbackUrl: `${ORIGIN}/auth/signin-help` }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin-help`);
  });
});
