/**
 * CSRF: Auth.js's double-submit cookie plus Foyer's browser-provenance check
 * (docs/compatibility.md#csrf-and-requests; hostile cases R-REQ-01…03 and R-REQ-05, docs/security.md).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { skipCSRFCheck } from "./markers.js";
import { CookieJar, ORIGIN, PASSWORD, SECRET, csrf, get, postForm, postJson, signIn, testConfig } from "../testing/harness.js";

const sha256hex = (s: string) => createHash("sha256").update(s).digest("hex");
const MISSING_CSRF = `${ORIGIN}/auth/signin?error=MissingCSRF`;

describe("GET /csrf", () => {
  it("returns a 64-hex token, no-cache headers, and the token|hash cookie", async () => {
    const response = await Auth(get("/auth/csrf"), testConfig());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.get("expires")).toBe("0");
    expect(response.headers.get("pragma")).toBe("no-cache");
    const { csrfToken } = await response.json();
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toBe(`authjs.csrf-token=${csrfToken}%7C${sha256hex(csrfToken + SECRET)}; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("hashes an array secret comma-joined, as Auth.js does", async () => {
    const response = await Auth(get("/auth/csrf"), testConfig({ secret: ["first-secret-aaaaaaaaaaaaaaaaaaaaaaaaa", "second"] }));
    const { csrfToken } = await response.json();
    const value = new CookieJar().update(response).get("authjs.csrf-token")!;
    expect(value.split("|")[1]).toBe(sha256hex(`${csrfToken}first-secret-aaaaaaaaaaaaaaaaaaaaaaaaa,second`));
  });

  it("keeps a valid token and sets no new CSRF cookie", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const again = await Auth(get("/auth/csrf", { cookie: jar.header }), config);
    expect((await again.json()).csrfToken).toBe(csrfToken);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("authjs.csrf-token="))).toBe(false);
  });

  it("uses the __Host- name on https", async () => {
    const response = await Auth(new Request("https://example.com/auth/csrf"), testConfig());
    expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-authjs\.csrf-token=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("skipCSRFCheck: 404, the cookie deleted, and a csrf-disabled warning", async () => {
    const warnings: string[] = [];
    const config = testConfig({ skipCSRFCheck, logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} } });
    const response = await Auth(get("/auth/csrf"), config);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
    expect(response.headers.getSetCookie()).toContain("authjs.csrf-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    expect(warnings).toContain("csrf-disabled");
  });
});

describe("enforcement", () => {
  it.each([
    ["/auth/signin", {}],
    ["/auth/signout", {}],
    ["/auth/callback/credentials", { username: "ada", password: PASSWORD }],
  ])("R-REQ-01 POST %s without csrfToken → MissingCSRF redirect", async (path, fields) => {
    const config = testConfig();
    const { jar } = await csrf(config);
    const response = await Auth(postForm(path, fields, { cookie: jar.header }), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
  });

  it("R-REQ-02 POST /session without a valid token → 400 null", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const response = await Auth(postJson("/auth/session", { csrfToken: "nope", data: { name: "x" } }, { cookie: jar.header }), config);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("null");
  });

  it("R-REQ-03 a forged cookie hash: a new cookie is minted and the request rejected", async () => {
    const config = testConfig();
    const token = "a".repeat(64);
    const response = await Auth(postForm("/auth/signout", { csrfToken: token }, { cookie: `authjs.csrf-token=${token}%7C${"0".repeat(64)}` }), config);
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
  });

  it("R-REQ-03 a token copied from another browser is rejected", async () => {
    const config = testConfig();
    const victim = await csrf(config);
    const attacker = await csrf(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken: victim.csrfToken }, { cookie: attacker.jar.header }), config);
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
  });

  it("a token sealed under another secret is not trusted", async () => {
    const other = await csrf(testConfig({ secret: "another-secret-another-secret-another" }));
    const response = await Auth(postForm("/auth/signout", { csrfToken: other.csrfToken }, { cookie: other.jar.header }), testConfig());
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
  });

  it("a custom sign-in page receives the MissingCSRF error, its own query kept", async () => {
    const config = testConfig({ pages: { signIn: "/login?theme=dark" } });
    const response = await Auth(postForm("/auth/signout", {}), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?theme=dark&error=MissingCSRF`);
  });
});

describe("R-REQ-05 browser provenance (Foyer addition)", () => {
  async function signOutWith(headers: Record<string, string>) {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    return Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header, headers }), config);
  }

  it.each([
    [{ Origin: "https://evil.com" }],
    [{ Origin: "null" }],
    [{ Origin: "http://localhost:3001" }],
    [{ Origin: "https://sub.localhost:3000", "Sec-Fetch-Site": "same-site" }],
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" }],
  ])("a valid token pair with %j is rejected like a CSRF failure", async (headers) => {
    const response = await signOutWith(headers);
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
  });

  it.each([
    [{ Origin: ORIGIN }],
    [{ "Sec-Fetch-Site": "same-origin" }],
    [{ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }],
    // Chromium's same-origin form post from a page with Referrer-Policy: no-referrer (the built-in pages)
    [{ Origin: "null", "Sec-Fetch-Site": "same-origin" }],
    [{}],
  ])("a valid token pair with %j passes", async (headers) => {
    const response = await signOutWith(headers);
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("a cross-site session update gets the CSRF answer (400 null)", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postJson("/auth/session", { csrfToken, data: {} }, { cookie: jar.header, headers: { Origin: "https://evil.com" } }), config);
    expect(response.status).toBe(400);
  });

  it("skipCSRFCheck also skips the provenance check (server-to-server integrations)", async () => {
    const config = testConfig({ skipCSRFCheck });
    const response = await Auth(
      postForm("/auth/callback/credentials", { username: "ada", password: PASSWORD }, { headers: { Origin: "https://elsewhere.example" } }),
      config,
    );
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.csrf-token="))).toBe(false);
  });
});
