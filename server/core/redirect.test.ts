/**
 * Open-redirect defences (security cases R-REDIR-01…13), unit and black-box.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { CookieJar, ORIGIN, PASSWORD, csrf, get, postForm, signIn, testConfig } from "../testing/harness.js";
import { defaultRedirect, isValidCallbackUrl, withQuery } from "./redirect.js";

/** Hostile callback URLs, by case id. Every one must end on ORIGIN. */
const HOSTILE: [string, string][] = [
  ["R-REDIR-01", "https://evil.com/x"],
  ["R-REDIR-02", "//evil.com"],
  ["R-REDIR-02", "//evil.com/path?x=1"],
  ["R-REDIR-03", "/\\evil.com"],
  ["R-REDIR-03", "\\\\evil.com"],
  ["R-REDIR-03", "/\\/evil.com"],
  ["R-REDIR-04", "https:evil.com"],
  ["R-REDIR-04", "https:/evil.com"],
  ["R-REDIR-05", "@evil.com"],
  ["R-REDIR-05", ".evil.com"],
  ["R-REDIR-06", "https://localhost:3000@evil.com"],
  ["R-REDIR-06", "http://localhost:3000@evil.com/"],
  ["R-REDIR-06", "http://localhost:3000.evil.com"],
  ["R-REDIR-06", "https://evil.com#@localhost:3000"],
  ["R-REDIR-06", "https://evil.com\\@localhost:3000"],
  ["R-REDIR-07", "%2F%2Fevil.com"],
  ["R-REDIR-07", "/%2F%2Fevil.com"],
  ["R-REDIR-07", "/%5Cevil.com"],
  ["R-REDIR-07", "%5C%5Cevil.com"],
  ["R-REDIR-07", "%252F%252Fevil.com"],
  ["R-REDIR-08", "/\t/evil.com"],
  ["R-REDIR-08", "/\n/evil.com"],
  ["R-REDIR-08", "  //evil.com"],
  ["R-REDIR-09", "javascript:alert(1)"],
  ["R-REDIR-09", "data:text/html,<script>alert(1)</script>"],
  ["R-REDIR-09", "vbscript:msgbox(1)"],
  ["R-REDIR-10", "http://["],
  ["R-REDIR-10", "%"],
  ["R-REDIR-10", "%E0%A4%A"],
  ["R-REDIR-10", "https://exa mple.com"],
  ["R-REDIR-10", `/${"a".repeat(100_000)}`],
  ["R-REDIR-01", "http://evil.com:3000"],
  ["R-REDIR-01", "https://localhost:3000"],
  ["R-REDIR-01", "http://localhost:3001/x"],
];

function landsOnOrigin(location: string | null): boolean {
  if (location === null) return false;
  const url = new URL(location);
  return url.origin === ORIGIN && !location.startsWith("//");
}

describe("defaultRedirect", () => {
  it.each(HOSTILE)("%s %j → the origin", (_id, url) => {
    const result = defaultRedirect({ url, baseUrl: ORIGIN });
    expect(landsOnOrigin(result)).toBe(true);
    // Paths that merely look like other hosts may stay on the origin; nothing may leave it.
    expect(new URL(result).host).toBe("localhost:3000");
  });

  it("keeps same-origin paths and absolute URLs", () => {
    expect(defaultRedirect({ url: "/dashboard?tab=1#top", baseUrl: ORIGIN })).toBe(`${ORIGIN}/dashboard?tab=1#top`);
    expect(defaultRedirect({ url: `${ORIGIN}/a/b`, baseUrl: ORIGIN })).toBe(`${ORIGIN}/a/b`);
    expect(defaultRedirect({ url: ORIGIN, baseUrl: ORIGIN })).toBe(ORIGIN);
    expect(defaultRedirect({ url: "/bye", baseUrl: ORIGIN })).toBe(`${ORIGIN}/bye`);
  });

  it("never produces a protocol-relative or whitespace-bearing Location", () => {
    for (const [, url] of HOSTILE) {
      const result = defaultRedirect({ url, baseUrl: ORIGIN });
      expect(result.startsWith("//")).toBe(false);
      expect(result).not.toMatch(/[\s\\]/);
    }
  });
});

describe("isValidCallbackUrl (the InvalidCallbackUrl assertion)", () => {
  it("accepts http(s) URLs and paths; refuses other schemes, garbage and huge values", () => {
    expect(isValidCallbackUrl("/x", ORIGIN)).toBe(true);
    expect(isValidCallbackUrl("https://evil.com", ORIGIN)).toBe(true); // valid input; the redirect callback refuses it
    expect(isValidCallbackUrl("javascript:alert(1)", ORIGIN)).toBe(false);
    expect(isValidCallbackUrl("http://[", ORIGIN)).toBe(false);
    expect(isValidCallbackUrl("%", ORIGIN)).toBe(false);
    expect(isValidCallbackUrl(`/${"a".repeat(5000)}`, ORIGIN)).toBe(false);
  });
});

describe("withQuery (R-REDIR-13)", () => {
  it("joins an existing query with & and a new one with ?", () => {
    expect(withQuery("/login?x=1", { error: "CredentialsSignin" })).toBe("/login?x=1&error=CredentialsSignin");
    expect(withQuery("/login", { error: "A", code: "b c" })).toBe("/login?error=A&code=b+c");
    expect(withQuery("https://id.example.org/in?x=1#frag", { error: "A" })).toBe("https://id.example.org/in?x=1&error=A#frag");
    expect(withQuery("/login?", { error: "A" })).toBe("/login?error=A");
    expect(withQuery("/login", { error: undefined })).toBe("/login");
  });
});

describe("callbackUrl through whole flows (R-REDIR-12)", () => {
  it.each(HOSTILE.filter(([id]) => id !== "R-REDIR-10"))("%s %j in the body of a credentials sign-in → lands on the origin", async (_id, url) => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(
      postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD, callbackUrl: url }, { cookie: jar.header }),
      config,
    );
    expect(response.status).toBe(302);
    expect(landsOnOrigin(response.headers.get("location"))).toBe(true);
  });

  it.each(HOSTILE)("%s %j in the body of a sign-out → lands on the origin", async (_id, url) => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const { csrfToken } = await csrf(config, jar);
    const response = await Auth(postForm("/auth/signout", { csrfToken, callbackUrl: url }, { cookie: jar.header }), config);
    expect(response.status).toBe(302);
    expect(landsOnOrigin(response.headers.get("location"))).toBe(true);
  });

  it.each(HOSTILE)("%s %j in the query: refused (InvalidCallbackUrl) or lands on the origin, never a throw", async (_id, url) => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const query = `?callbackUrl=${encodeURIComponent(url)}`;
    const response = await Auth(
      postForm(`/auth/callback/credentials${query}`, { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }),
      config,
    );
    if (response.status === 500) {
      expect(await response.json()).toHaveProperty("message");
    } else {
      expect(response.status).toBe(302);
      expect(landsOnOrigin(response.headers.get("location"))).toBe(true);
    }
  });

  it.each(HOSTILE)("%s %j in the callback-url cookie → lands on the origin and the cookie is rewritten", async (_id, url) => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    jar.cookies.set("authjs.callback-url", encodeURIComponent(url));
    const response = await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), config);
    expect(response.status).toBe(302);
    expect(landsOnOrigin(response.headers.get("location"))).toBe(true);
    const after = new CookieJar().update(response).get("authjs.callback-url");
    expect(after && landsOnOrigin(after)).toBe(true);
  });

  it("a relative callbackUrl is kept on the origin across sign-in", async () => {
    const config = testConfig();
    const { response } = await signIn(config, { callbackUrl: "/dashboard" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
  });

  it("the callback-url cookie carries the destination from a GET to the later POST", async () => {
    const config = testConfig();
    const jar = new CookieJar();
    jar.update(await Auth(get("/auth/session?callbackUrl=%2Forders%2F7"), config));
    expect(jar.get("authjs.callback-url")).toBe(`${ORIGIN}/orders/7`);
    const { csrfToken } = await csrf(config, jar);
    const response = await Auth(postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/orders/7`);
  });

  it("R-REDIR-11 nested callback URLs are not nested further", async () => {
    const config = testConfig();
    let nested = "/signin";
    for (let i = 0; i < 5; i++) nested = `/signin?callbackUrl=${encodeURIComponent(nested)}`;
    const { response } = await signIn(config, { callbackUrl: nested });
    expect(response.headers.get("location")).toBe(`${ORIGIN}${nested}`);
  });

  it("a custom redirect callback can allow-list another host", async () => {
    const config = testConfig({
      callbacks: { redirect: ({ url, baseUrl }) => (url.startsWith("https://app.example.org/") ? url : baseUrl) },
    });
    const { response } = await signIn(config, { callbackUrl: "https://app.example.org/home" });
    expect(response.headers.get("location")).toBe("https://app.example.org/home");
  });
});
