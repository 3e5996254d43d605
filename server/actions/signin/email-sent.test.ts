/**
 * The verify-request page names the address the link went to (masked) and offers "Send another
 * link", which honours the resend cooldown and needs the CSRF token. Black-box through `Auth()`.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../auth.js";
import MemoryAdapter from "../../adapters/memory.js";
import { memoryStore } from "../../stores/memory.js";
import { storeKey } from "../../stores/keys.js";
import { CookieJar, ORIGIN, csrf, get, postForm, testConfig } from "../../testing/harness.js";
import type { AuthConfig } from "../../types.js";
import { maskEmail } from "./email-sent.js";

const VERIFY_REQUEST = `${ORIGIN}/auth/verify-request?provider=email&type=email`;

/** An e-mail provider that records where it sent links. */
function setup(overrides: Record<string, unknown> = {}, configOverrides: Partial<AuthConfig> = {}) {
  const sent: string[] = [];
  const store = memoryStore();
  const config: AuthConfig = testConfig({
    store,
    adapter: MemoryAdapter(),
    providers: [
      {
        id: "email",
        name: "Email",
        type: "email",
        sendVerificationRequest: ({ identifier }: { identifier: string }) => {
          sent.push(identifier);
        },
        ...overrides,
      } as never,
    ],
    ...configOverrides,
  });
  return { config, sent, store };
}

async function requestLink(config: AuthConfig, email: string, jar = new CookieJar()) {
  const { csrfToken } = await csrf(config, jar);
  const response = await Auth(postForm("/auth/signin/email", { csrfToken, email }, { cookie: jar.header }), config);
  jar.update(response);
  return { response, jar, csrfToken };
}

async function verifyPage(config: AuthConfig, jar: CookieJar | string, query = "") {
  const cookie = typeof jar === "string" ? jar : jar.header;
  const response = await Auth(get(`/auth/verify-request?provider=email&type=email${query}`, { cookie }), config);
  return { response, html: await response.text() };
}

async function resend(config: AuthConfig, jar: CookieJar, csrfToken: string) {
  const response = await Auth(postForm("/auth/signin/email", { csrfToken, resend: "1" }, { cookie: jar.header }), config);
  jar.update(response);
  return response;
}

describe("maskEmail", () => {
  it.each([
    ["jane@example.com", "j•••@example.com"],
    ["j@example.com", "j•••@example.com"],
    ["not-an-address", "•••"],
  ])("%s → %s", (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe("verify-request page with the address and a resend form", () => {
  it("the browser that asked sees the masked address, never the whole one, on a no-store page", async () => {
    const { config } = setup();
    const { response, jar } = await requestLink(config, "jane@example.com");
    // The redirect is Auth.js's, unchanged: the address travels in a sealed cookie, not in the URL.
    expect(response.headers.get("location")).toBe(VERIFY_REQUEST);
    expect(response.headers.getSetCookie().join("\n")).not.toContain("jane");

    const page = await verifyPage(config, jar);
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("A sign in link has been sent to j•••@example.com.");
    expect(page.html).not.toContain("jane");
    expect(page.html).toContain(`action="${ORIGIN}/auth/signin/email"`);
    expect(page.html).toMatch(/name="csrfToken" value="[0-9a-f]{64}"/);
    expect(page.html).toContain('name="resend" value="1"');
    expect(page.response.headers.get("cache-control")).toContain("no-store");
    expect(page.response.headers.get("content-security-policy")).toContain("form-action 'self'");
  });

  it("another browser (no cookie, or a forged one) sees the plain page", async () => {
    const { config } = setup();
    await requestLink(config, "jane@example.com");
    const stranger = await verifyPage(config, new CookieJar());
    expect(stranger.html).toContain("A sign in link has been sent to your email address.");
    expect(stranger.html).not.toContain("•••");
    expect(stranger.html).not.toContain("<form");
    expect(stranger.response.headers.get("content-security-policy")).toContain("form-action 'none'");

    const forged = await verifyPage(config, "foyer.email-sent=eyJhbGciOiJkaXIifQ..x.y.z");
    expect(forged.response.status).toBe(200);
    expect(forged.html).not.toContain("•••");
  });

  it("a known and an unknown address get the same answer", async () => {
    const { config } = setup();
    await config.adapter!.createUser!({ id: "u1", email: "known@example.com", emailVerified: null });
    const known = await requestLink(config, "known@example.com");
    const unknown = await requestLink(config, "unknown@example.com");
    expect(known.response.status).toBe(unknown.response.status);
    expect(known.response.headers.get("location")).toBe(unknown.response.headers.get("location"));
    expect(known.response.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(unknown.response.headers.getSetCookie().map((c) => c.split("=")[0]));
  });

  it("resend within the cooldown sends nothing and says how long to wait; after it, sends again", async () => {
    const { config, sent, store } = setup({ resendCooldown: 60 });
    const { jar, csrfToken } = await requestLink(config, "jane@example.com");
    expect(sent).toEqual(["jane@example.com"]);

    const refused = await resend(config, jar, csrfToken);
    expect(refused.headers.get("location")).toBe(`${VERIFY_REQUEST}&resend=cooldown`);
    expect(sent).toHaveLength(1);
    const page = await verifyPage(config, jar, "&resend=cooldown");
    expect(page.html).toMatch(/A link was sent moments ago\. You can ask for another one in (59|60) seconds\./);

    // The cooldown over (the store forgets the claim), the same form sends again.
    await store.delete(await storeKey("email-cooldown", "email", "jane@example.com"));
    const again = await resend(config, jar, csrfToken);
    expect(again.headers.get("location")).toBe(`${VERIFY_REQUEST}&resend=sent`);
    expect(sent).toEqual(["jane@example.com", "jane@example.com"]);
    expect((await verifyPage(config, jar, "&resend=sent")).html).toContain("A new link is on its way.");
  });

  it("a resend counts in its address's own rate-limit bucket, not in one every resend shares", async () => {
    const { config, sent } = setup({ resendCooldown: 0 }, { rateLimits: { clientAddress: () => "203.0.113.5" } });
    const jane = await requestLink(config, "jane@example.com");
    // The default: 3 e-mails per address per window; the first request was one.
    for (const outcome of ["sent", "sent"]) {
      expect((await resend(config, jane.jar, jane.csrfToken)).headers.get("location")).toBe(`${VERIFY_REQUEST}&resend=${outcome}`);
    }
    expect((await resend(config, jane.jar, jane.csrfToken)).headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    expect(sent).toEqual(["jane@example.com", "jane@example.com", "jane@example.com"]);

    const bob = await requestLink(config, "bob@example.com");
    expect((await resend(config, bob.jar, bob.csrfToken)).headers.get("location")).toBe(`${VERIFY_REQUEST}&resend=sent`);
    expect((await resend(config, bob.jar, bob.csrfToken)).headers.get("location")).toBe(`${VERIFY_REQUEST}&resend=sent`);
    expect(sent.filter((to) => to === "bob@example.com")).toHaveLength(3);
  });

  it("resend needs the CSRF token", async () => {
    const { config, sent } = setup({ resendCooldown: 0 });
    const { jar } = await requestLink(config, "jane@example.com");
    const response = await Auth(postForm("/auth/signin/email", { resend: "1" }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    expect(sent).toHaveLength(1);
  });

  it("resend without the cookie goes back to the sign-in page and sends nothing", async () => {
    const { config, sent } = setup({ resendCooldown: 0 });
    const { jar, csrfToken } = await csrf(config);
    const response = await resend(config, jar, csrfToken);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin`);
    expect(sent).toHaveLength(0);
  });

  it("?resend= alone shows nothing to a browser without the cookie", async () => {
    const { config } = setup();
    const page = await verifyPage(config, new CookieJar(), "&resend=sent");
    expect(page.html).not.toContain("A new link is on its way.");
  });

  it("the page is translated", async () => {
    const { config } = setup();
    const { jar } = await requestLink(config, "jane@example.com");
    const page = await verifyPage(config, jar, "&lang=de");
    expect(page.html).toContain("Ein Anmeldelink wurde an j•••@example.com gesendet.");
    expect(page.html).toContain("Neuen Link senden");
  });
});
