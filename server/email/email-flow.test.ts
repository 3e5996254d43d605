/**
 * E-mail (magic link) sign-in, black-box through `Auth()`: the Nodemailer provider sending to a real
 * SMTP server on loopback (smtp-server + mailparser) and a MemoryAdapter that records what it was
 * asked to do. Covers hostile cases R-EMAIL-01…10 and R-VTOK-01…06 (docs/security.md) and
 * Auth.js's e-mail sign-in and callback (docs/email.md), with Foyer's hardening: no enumeration, a
 * resend cooldown, a 10-minute link, localised e-mails, escaped HTML.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdapterUser } from "../adapters/types.js";
import { Auth } from "../auth.js";
import Nodemailer from "../providers/nodemailer.js";
import { CookieJar, ORIGIN, get, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import { followLink, linkIn, recordingAdapter, requestLink, type RecordingAdapter } from "./test-helpers.js";
import { startSmtpCapture, type SmtpCapture } from "./test-smtp.js";

const SIGNIN_ERROR = `${ORIGIN}/auth/signin?error=EmailSignin`;
const VERIFY_REQUEST = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`;
const VERIFICATION_ERROR = `${ORIGIN}/auth/error?error=Verification`;
const CONFIGURATION_ERROR = `${ORIGIN}/auth/error?error=Configuration`;
const SESSION_COOKIE = "authjs.session-token";

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => smtp.clear());
afterEach(() => {
  vi.useRealTimers();
});

interface Setup {
  config: AuthConfig;
  recording: RecordingAdapter;
}

/** A config with the Nodemailer provider pointed at the capture server and a recording MemoryAdapter. */
function setup(overrides: Partial<AuthConfig> = {}, provider: Record<string, unknown> = {}): Setup {
  const recording = recordingAdapter();
  const config = testConfig({
    adapter: recording.adapter,
    providers: [Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }, ...provider })],
    ...overrides,
  });
  return { config, recording };
}

/** Requests a link for `email` and returns it from the captured e-mail to `to` (default: `email`). */
async function linkFor({ config }: Setup, email: string, to = email, headers: Record<string, string> = {}): Promise<string> {
  const { response } = await requestLink(config, "nodemailer", { email }, headers);
  expect(response.headers.get("location")).toBe(VERIFY_REQUEST);
  const message = await smtp.waitForMessage(to);
  return linkIn(message.text);
}

/**
 * The Set-Cookie headers with the sealed address cookie's value blanked: it is encrypted afresh on
 * every answer (for the verify-request page, server/actions/signin/email-sent.ts), so only its
 * presence and attributes can be compared.
 */
function cookieShapes(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.replace(/^(foyer\.email-sent=)[^;]*/, "$1<sealed>"));
}

function withParam(link: string, name: string, value: string | null): string {
  const url = new URL(link);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.href;
}

async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user?: { email?: string } } | null> {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  return (await response.json()) as { user?: { email?: string } } | null;
}

async function createUser(recording: RecordingAdapter, email: string): Promise<AdapterUser> {
  const user = await recording.adapter.createUser!({ id: `user-${email}`, email, emailVerified: null });
  recording.calls.length = 0;
  return user;
}

// ---------------------------------------------------------------------------------------------
// Addresses (docs/security.md#e-mail-addresses-magic-link-sign-in)
// ---------------------------------------------------------------------------------------------

const TEN_KB = `${"a".repeat(10 * 1024)}@x.com`;

/** Every hostile input: refused with `error=EmailSignin`, nothing sent, nothing stored. */
const HOSTILE: [string, string | undefined][] = [
  ["R-EMAIL-01 two addresses, comma", "attacker@x.com,victim@y.com"],
  ["R-EMAIL-02 two addresses, semicolon", "attacker@x.com;victim@y.com"],
  ["R-EMAIL-02 two addresses, space", "a@x.com victim@y.com"],
  ["R-EMAIL-03 comma in the domain", "a@x.com,evil.com"],
  ["R-EMAIL-04 HTML after the address", 'a@b.com, <a href="https://evil">claim money</a>'],
  ["R-EMAIL-04 HTML in the local part", "<b>a</b>@b.com"],
  ["R-EMAIL-05 quoted local part with an @", '"attacker@evil.com"@good.com'],
  ["R-EMAIL-05 quoted local part", '"x"@good.com'],
  ["R-EMAIL-06 fullwidth commercial at (U+FF20)", "victim@good.com\uFF20evil.com"],
  ["R-EMAIL-06 small commercial at (U+FE6B)", "victim@good.com\uFE6Bevil.com"],
  ["R-EMAIL-07 zero-width space (U+200B)", "vic\u200Btim@good.com"],
  ["R-EMAIL-07 zero-width non-joiner (U+200C)", "victim@go\u200Cod.com"],
  ["R-EMAIL-07 zero-width joiner (U+200D)", "victim\u200D@good.com"],
  ["R-EMAIL-07 byte-order mark (U+FEFF)", "vic\uFEFFtim@good.com"],
  ["R-EMAIL-07 soft hyphen (U+00AD)", "vic\u00ADtim@good.com"],
  ["R-EMAIL-07 right-to-left override (U+202E)", "victim@\u202Emoc.doog"],
  ["R-EMAIL-07 trailing dot", "a@good.com."],
  ["R-EMAIL-07 comment", "a(c)@good.com"],
  ["R-EMAIL-07 comment in the domain", "a@good.com(evil.com)"],
  ["R-EMAIL-08 non-ASCII local part", "jöhn@good.com"],
  ["R-EMAIL-08 non-Latin local part", "почта@good.com"],
  ["R-EMAIL-09 two @", "a@b@c.com"],
  ["R-EMAIL-09 no local part", "@x.com"],
  ["R-EMAIL-09 no domain", "a@"],
  ["R-EMAIL-09 empty", ""],
  ["R-EMAIL-09 only spaces", "   "],
  ["R-EMAIL-09 missing field", undefined],
  ["R-EMAIL-09 no domain dot", "a@localhost"],
  ["header injection (CRLF)", "a@x.com\r\nBcc: victim@y.com"],
  ["header injection (LF)", "a@x.com\nBcc: victim@y.com"],
  ["angle-bracket form", "Victim <victim@y.com>"],
  ["10 KB string", TEN_KB],
];

describe("hostile addresses (R-EMAIL-01…09): sign-in page with error=EmailSignin, no e-mail, nothing stored", () => {
  it.each(HOSTILE)("%s", async (_name, email) => {
    const { config, recording } = setup();
    const signIn = vi.fn(() => true);
    config.callbacks = { signIn };
    const { response, jar } = await requestLink(config, "nodemailer", email === undefined ? {} : { email });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(SIGNIN_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    // Nothing sent: a send completes before the answer, so an empty capture now means none at all.
    expect(smtp.messages).toEqual([]);
    // Nothing stored, no account looked up, no callback run.
    expect(recording.storedTokens()).toEqual([]);
    expect(recording.methods().filter((method) => /^(create|update|link|use)/.test(method))).toEqual([]);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("the JSON body form is refused the same way", async () => {
    const { config, recording } = setup();
    const { jar, csrfToken } = await import("../testing/harness.js").then((harness) => harness.csrf(config));
    const response = await Auth(
      new Request(`${ORIGIN}/auth/signin/nodemailer`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header },
        body: JSON.stringify({ csrfToken, email: ["a@x.com", "victim@y.com"] }),
      }),
      config,
    );
    expect(response.headers.get("location")).toBe(SIGNIN_ERROR);
    expect(smtp.messages).toEqual([]);
    expect(recording.storedTokens()).toEqual([]);
  });

  it("a custom pages.signIn gets the error instead", async () => {
    const { config } = setup({ pages: { signIn: "/login" } });
    const { response } = await requestLink(config, "nodemailer", { email: "a@x.com,b@y.com" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?error=EmailSignin`);
  });
});

describe("canonical addresses (R-EMAIL-07, R-EMAIL-10): sent to, stored under and linked with exactly one string", () => {
  it('"  Octo@X.io " → octo@x.io', async () => {
    const { config, recording } = setup();
    const { response } = await requestLink(config, "nodemailer", { email: "  Octo@X.io " });
    expect(response.headers.get("location")).toBe(VERIFY_REQUEST);
    const message = await smtp.waitForMessage("octo@x.io");
    expect(smtp.messages).toHaveLength(1);
    expect(message.envelope.to).toEqual(["octo@x.io"]);
    expect(message.to).toEqual(["octo@x.io"]);
    expect(recording.storedTokens().map((token) => token.identifier)).toEqual(["octo@x.io"]);
    expect(new URL(linkIn(message.text)).searchParams.get("email")).toBe("octo@x.io");
  });

  it("an IDN domain → the punycode form", async () => {
    const { config, recording } = setup();
    const { response } = await requestLink(config, "nodemailer", { email: "Octo@Bücher.Example" });
    expect(response.headers.get("location")).toBe(VERIFY_REQUEST);
    const message = await smtp.waitForMessage("octo@xn--bcher-kva.example");
    expect(message.envelope.to).toEqual(["octo@xn--bcher-kva.example"]);
    expect(message.headers.to).toBe("octo@xn--bcher-kva.example");
    expect(recording.storedTokens().map((token) => token.identifier)).toEqual(["octo@xn--bcher-kva.example"]);
  });

  it("a byte-order mark or other Unicode space around the address is trimmed like any space", async () => {
    const { config } = setup();
    await requestLink(config, "nodemailer", { email: "\uFEFFbom@x.io\u3000" });
    const message = await smtp.waitForMessage("bom@x.io");
    expect(message.envelope.to).toEqual(["bom@x.io"]);
  });

  it("a fullwidth address that NFKC makes plain is accepted in its plain form", async () => {
    const { config } = setup();
    await requestLink(config, "nodemailer", { email: "ｏｃｔｏ＠ｘ.ｉｏ" });
    const message = await smtp.waitForMessage("octo@x.io");
    expect(message.envelope.to).toEqual(["octo@x.io"]);
  });

  it("the canonical link signs in the canonical user", async () => {
    const setupResult = setup();
    const link = await linkFor(setupResult, " OCTO@x.IO", "octo@x.io");
    const { response, jar } = await followLink(setupResult.config, link);
    expect(response.status).toBe(302);
    expect((await sessionOf(setupResult.config, jar))?.user?.email).toBe("octo@x.io");
  });
});

// ---------------------------------------------------------------------------------------------
// Tokens (docs/security.md#verification-tokens)
// ---------------------------------------------------------------------------------------------

describe("verification tokens (R-VTOK-01…06)", () => {
  it("R-VTOK-01 a used link → Verification (and that page is 403)", async () => {
    const s = setup();
    const link = await linkFor(s, "ada@x.io");
    const first = await followLink(s.config, link);
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get("location")).not.toContain("error=");
    expect(first.jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(s.recording.storedTokens()).toEqual([]);

    const second = await followLink(s.config, link);
    expect(second.response.status).toBe(302);
    expect(second.response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(second.jar.get(SESSION_COOKIE)).toBeUndefined();
    const page = await Auth(get("/auth/error?error=Verification"), s.config);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Request a new link");
  });

  it("R-VTOK-02 user A's token with email=B → Verification, no session for either", async () => {
    const s = setup();
    await createUser(s.recording, "bob@x.io");
    const link = await linkFor(s, "alice@x.io");
    const forged = withParam(link, "email", "bob@x.io");
    const { response, jar } = await followLink(s.config, forged);
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(s.recording.methods()).not.toContain("createSession");
    expect(s.recording.methods()).not.toContain("createUser");
    expect(s.recording.methods()).not.toContain("updateUser");
    expect(await s.recording.adapter.getUserByEmail!("alice@x.io")).toBeNull();
    expect((await s.recording.adapter.getUserByEmail!("bob@x.io"))?.emailVerified).toBeNull();
  });

  it("a link without email= → Verification (Foyer needs both; Auth.js skips the check)", async () => {
    const s = setup();
    const link = await linkFor(s, "ada@x.io");
    const { response, jar } = await followLink(s.config, withParam(link, "email", null));
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("R-VTOK-04 an expired link → Verification", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T12:00:00Z").getTime();
    vi.setSystemTime(start);
    const s = setup();
    const link = await linkFor(s, "late@x.io");
    vi.setSystemTime(start + 601_000);
    const { response, jar } = await followLink(s.config, link);
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(s.recording.methods()).not.toContain("createUser");
  });

  it.each([
    ["no token", null],
    ["an empty token", ""],
  ])("R-VTOK-05 %s → Configuration redirect, no session", async (_name, token) => {
    const s = setup();
    const link = await linkFor(s, "ada@x.io");
    const { response, jar } = await followLink(s.config, withParam(link, "token", token));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(s.recording.methods()).not.toContain("createSession");
  });

  it("R-VTOK-06 the stored row's hash used as the token → Verification", async () => {
    const s = setup();
    const link = await linkFor(s, "ada@x.io");
    const [row] = s.recording.storedTokens();
    const token = new URL(link).searchParams.get("token")!;
    expect(row!.token).not.toBe(token);
    expect(row!.token).toMatch(/^[0-9a-f]{64}$/);
    const { response, jar } = await followLink(s.config, withParam(link, "token", row!.token));
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("a token for another provider id does not sign in through this one", async () => {
    const s = setup();
    const link = await linkFor(s, "ada@x.io");
    const other = link.replace("/callback/nodemailer?", "/callback/email?");
    const { response } = await followLink(s.config, other);
    expect(response.headers.get("location")).toMatch(/error=/);
  });
});

// ---------------------------------------------------------------------------------------------
// No enumeration, resend cooldown, lifetime
// ---------------------------------------------------------------------------------------------

describe("no enumeration: a known and an unknown address get the same answer", () => {
  it("identical status, Location and cookies", async () => {
    const s = setup();
    await createUser(s.recording, "known@x.io");
    const known = await requestLink(s.config, "nodemailer", { email: "known@x.io", callbackUrl: `${ORIGIN}/app` });
    const unknown = await requestLink(s.config, "nodemailer", { email: "unknown@x.io", callbackUrl: `${ORIGIN}/app` });
    expect(unknown.response.status).toBe(known.response.status);
    expect(unknown.response.headers.get("location")).toBe(known.response.headers.get("location"));
    expect(cookieShapes(unknown.response)).toEqual(cookieShapes(known.response));
    expect(await unknown.response.text()).toBe(await known.response.text());
    // Both got a link.
    await smtp.waitForMessage("known@x.io");
    await smtp.waitForMessage("unknown@x.io");
  });
});

describe("resend cooldown", () => {
  it("a second request within 60 s: the same answer, no second e-mail; after 61 s a new one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T12:00:00Z").getTime();
    vi.setSystemTime(start);
    const s = setup();
    const first = await requestLink(s.config, "nodemailer", { email: "again@x.io" });
    await smtp.waitForMessage("again@x.io");
    vi.setSystemTime(start + 59_000);
    const second = await requestLink(s.config, "nodemailer", { email: "Again@X.io" });
    expect(second.response.status).toBe(first.response.status);
    expect(second.response.headers.get("location")).toBe(first.response.headers.get("location"));
    expect(cookieShapes(second.response)).toEqual(cookieShapes(first.response));
    expect(smtp.messagesTo("again@x.io")).toHaveLength(1);
    expect(s.recording.storedTokens()).toHaveLength(1);

    vi.setSystemTime(start + 61_000);
    await requestLink(s.config, "nodemailer", { email: "again@x.io" });
    expect(smtp.messagesTo("again@x.io")).toHaveLength(2);
    const [older, newer] = smtp.messagesTo("again@x.io");
    expect(linkIn(newer!.text)).not.toBe(linkIn(older!.text));
  });

  it("the cooldown is per address: another address is sent at once", async () => {
    const s = setup();
    await requestLink(s.config, "nodemailer", { email: "one@x.io" });
    await requestLink(s.config, "nodemailer", { email: "two@x.io" });
    await smtp.waitForMessage("one@x.io");
    await smtp.waitForMessage("two@x.io");
  });

  it("resendCooldown: 0 turns it off", async () => {
    const s = setup({}, { resendCooldown: 0 });
    await requestLink(s.config, "nodemailer", { email: "often@x.io" });
    await requestLink(s.config, "nodemailer", { email: "often@x.io" });
    expect(smtp.messagesTo("often@x.io")).toHaveLength(2);
  });
});

describe("link lifetime", () => {
  it("defaults to 10 minutes: stored to expire 600 s after sending, valid at 599 s, not at 601 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T12:00:00Z").getTime();
    vi.setSystemTime(start);
    const s = setup();
    const early = await linkFor(s, "early@x.io");
    const late = await linkFor(s, "late@x.io");
    expect(s.recording.storedTokens().map((token) => new Date(token.expires).getTime())).toEqual([start + 600_000, start + 600_000]);
    const message = smtp.messagesTo("early@x.io")[0]!;
    expect(message.text).toContain("The link expires in 10 minutes and works once.");

    vi.setSystemTime(start + 599_000);
    const ok = await followLink(s.config, early);
    expect(ok.jar.get(SESSION_COOKIE)).toBeTruthy();
    vi.setSystemTime(start + 601_000);
    const expired = await followLink(s.config, late);
    expect(expired.response.headers.get("location")).toBe(VERIFICATION_ERROR);
  });

  it("maxAge overrides it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T12:00:00Z").getTime();
    vi.setSystemTime(start);
    const s = setup({}, { maxAge: 120 });
    const early = await linkFor(s, "early@x.io");
    const late = await linkFor(s, "late@x.io");
    expect(s.recording.storedTokens().map((token) => new Date(token.expires).getTime())).toEqual([start + 120_000, start + 120_000]);
    expect(smtp.messagesTo("early@x.io")[0]!.text).toContain("The link expires in 2 minutes");
    vi.setSystemTime(start + 119_000);
    expect((await followLink(s.config, early)).jar.get(SESSION_COOKIE)).toBeTruthy();
    vi.setSystemTime(start + 121_000);
    expect((await followLink(s.config, late)).response.headers.get("location")).toBe(VERIFICATION_ERROR);
  });
});

// ---------------------------------------------------------------------------------------------
// The e-mail itself
// ---------------------------------------------------------------------------------------------

describe("the e-mail", () => {
  it("is German for Accept-Language: de", async () => {
    const s = setup();
    await requestLink(s.config, "nodemailer", { email: "de@x.io" }, { "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    const message = await smtp.waitForMessage("de@x.io");
    expect(message.subject).toBe("Anmelden bei localhost:3000");
    expect(message.text).toContain("Der Link ist 10 Minuten gültig und funktioniert nur einmal.");
    expect(message.html).toContain('<html lang="de"');
    expect(message.html).toContain(">Anmelden</a>");
  });

  it("is English for an unknown language, and Arabic right to left", async () => {
    const s = setup();
    await requestLink(s.config, "nodemailer", { email: "xx@x.io" }, { "accept-language": "xx" });
    expect((await smtp.waitForMessage("xx@x.io")).subject).toBe("Sign in to localhost:3000");
    await requestLink(s.config, "nodemailer", { email: "ar@x.io" }, { "accept-language": "ar" });
    expect((await smtp.waitForMessage("ar@x.io")).html).toMatch(/<html lang="ar" dir="rtl"/);
  });

  it("escapes what it interpolates: the theme logo, the link, the host and any message text", async () => {
    const s = setup({
      theme: { logo: "https://cdn.example.com/logo.png?a=1&b=2", brandColor: "#123456" },
      messages: { en: { "email.heading": (host: string) => `<img src=x onerror=alert(1)> Welcome to ${host} & co` } },
    });
    await requestLink(s.config, "nodemailer", { email: "html@x.io", callbackUrl: `${ORIGIN}/a?b=1&c=2` });
    const message = await smtp.waitForMessage("html@x.io");
    expect(message.html).toContain('src="https://cdn.example.com/logo.png?a=1&amp;b=2"');
    expect(message.html).not.toContain("logo.png?a=1&b=2");
    expect(message.html).toContain("&lt;img src=x onerror=alert(1)&gt; Welcome to localhost:3000 &amp; co");
    expect(message.html).not.toMatch(/<img src=x/);
    expect(message.subject).toBe("Sign in to localhost:3000");
    const link = linkIn(message.text);
    expect(message.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    // The address itself is never put in the body.
    expect(message.html).not.toContain("html@x.io");
  });
});

// ---------------------------------------------------------------------------------------------
// Callbacks, events, new users, sessions
// ---------------------------------------------------------------------------------------------

describe("callbacks and events", () => {
  it("signIn gets email.verificationRequest on the first step and no email key on the callback", async () => {
    const calls: Record<string, unknown>[] = [];
    const s = setup({ callbacks: { signIn: (params) => (calls.push(params as Record<string, unknown>), true) } });
    const link = await linkFor(s, "cb@x.io");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      user: { email: "cb@x.io", emailVerified: null },
      account: { providerAccountId: "cb@x.io", type: "email", provider: "nodemailer" },
      email: { verificationRequest: true },
    });
    await followLink(s.config, link);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ user: { email: "cb@x.io" }, account: { providerAccountId: "cb@x.io", type: "email", provider: "nodemailer" } });
    expect(Object.keys(calls[1]!)).not.toContain("email");
  });

  it("signIn returning false on the first step → AccessDenied, no e-mail, nothing stored", async () => {
    const s = setup({ callbacks: { signIn: () => false } });
    const { response } = await requestLink(s.config, "nodemailer", { email: "no@x.io" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(smtp.messages).toEqual([]);
    expect(s.recording.storedTokens()).toEqual([]);
  });

  it("a new user: createUser then signIn (isNewUser true), emailVerified set", async () => {
    const order: string[] = [];
    const signInEvents: Record<string, unknown>[] = [];
    const s = setup({
      events: {
        createUser: () => void order.push("createUser"),
        updateUser: () => void order.push("updateUser"),
        signIn: (message) => void (order.push("signIn"), signInEvents.push(message as Record<string, unknown>)),
      },
    });
    const link = await linkFor(s, "new@x.io");
    await followLink(s.config, link);
    expect(order).toEqual(["createUser", "signIn"]);
    expect(signInEvents[0]).toMatchObject({ isNewUser: true, user: { email: "new@x.io" }, account: { provider: "nodemailer", type: "email" } });
    expect((await s.recording.adapter.getUserByEmail!("new@x.io"))?.emailVerified).toBeInstanceOf(Date);
  });

  it("an existing user: updateUser then signIn (isNewUser false), no second user", async () => {
    const order: string[] = [];
    const signInEvents: Record<string, unknown>[] = [];
    const s = setup({
      events: {
        createUser: () => void order.push("createUser"),
        updateUser: () => void order.push("updateUser"),
        signIn: (message) => void (order.push("signIn"), signInEvents.push(message as Record<string, unknown>)),
      },
    });
    const user = await createUser(s.recording, "old@x.io");
    const link = await linkFor(s, "old@x.io");
    await followLink(s.config, link);
    expect(order).toEqual(["updateUser", "signIn"]);
    expect(signInEvents[0]).toMatchObject({ isNewUser: false, user: { id: user.id, email: "old@x.io" } });
    expect(s.recording.methods()).not.toContain("createUser");
    expect((await s.recording.adapter.getUserByEmail!("old@x.io"))?.emailVerified).toBeInstanceOf(Date);
  });

  it("pages.newUser on the first sign-in only", async () => {
    const s = setup({ pages: { newUser: "/welcome" } });
    const callbackUrl = `${ORIGIN}/dashboard`;
    await requestLink(s.config, "nodemailer", { email: "first@x.io", callbackUrl });
    const first = await followLink(s.config, linkIn((await smtp.waitForMessage("first@x.io")).text));
    const location = new URL(first.response.headers.get("location")!, ORIGIN);
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/welcome`);
    expect(location.searchParams.get("callbackUrl")).toBe(callbackUrl);

    smtp.clear();
    const s2 = {
      ...s,
      config: { ...s.config, providers: [Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }, resendCooldown: 0 })] },
    };
    await requestLink(s2.config, "nodemailer", { email: "first@x.io", callbackUrl });
    const second = await followLink(s2.config, linkIn((await smtp.waitForMessage("first@x.io")).text));
    expect(second.response.headers.get("location")).toBe(callbackUrl);
  });
});

describe("sessions", () => {
  it("with the adapter default: a database session (opaque cookie, createSession)", async () => {
    const s = setup();
    const link = await linkFor(s, "db@x.io");
    const { jar } = await followLink(s.config, link);
    expect(s.recording.methods()).toContain("createSession");
    expect(jar.get(SESSION_COOKIE)!.split(".")).toHaveLength(1);
    expect((await sessionOf(s.config, jar))?.user?.email).toBe("db@x.io");
  });

  it('with session: { strategy: "jwt" }: a cookie session (a JWE, no createSession)', async () => {
    const s = setup({ session: { strategy: "jwt" } });
    const link = await linkFor(s, "jwt@x.io");
    const { jar } = await followLink(s.config, link);
    expect(s.recording.methods()).not.toContain("createSession");
    expect(jar.get(SESSION_COOKIE)!.split(".")).toHaveLength(5);
    expect((await sessionOf(s.config, jar))?.user?.email).toBe("jwt@x.io");
  });

  it("signed in as someone else (database sessions): that session ends, the link's user is signed in", async () => {
    const s = setup({}, { resendCooldown: 0 });
    const { jar } = await followLink(s.config, await linkFor(s, "first@x.io"));
    const firstSession = jar.get(SESSION_COOKIE)!;
    const { response } = await followLink(s.config, await linkFor(s, "second@x.io"), jar);
    expect(response.status).toBe(302);
    expect(s.recording.methods()).toContain("deleteSession");
    expect(jar.get(SESSION_COOKIE)).not.toBe(firstSession);
    expect((await sessionOf(s.config, jar))?.user?.email).toBe("second@x.io");
    const stale = new CookieJar();
    stale.cookies.set(SESSION_COOKIE, firstSession);
    expect(await sessionOf(s.config, stale)).toBeNull();
  });

  it("a foreign callbackUrl never reaches the link: it falls back to the site", async () => {
    const s = setup();
    await requestLink(s.config, "nodemailer", { email: "evil@x.io", callbackUrl: "https://evil.example/steal" });
    const link = linkIn((await smtp.waitForMessage("evil@x.io")).text);
    expect(new URL(link).origin).toBe(ORIGIN);
    expect(new URL(link).searchParams.get("callbackUrl")).toBe(ORIGIN);
    const { response } = await followLink(s.config, link);
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("the link goes back to the callbackUrl it was requested with", async () => {
    const s = setup();
    await requestLink(s.config, "nodemailer", { email: "back@x.io", callbackUrl: "/orders?id=7" });
    const link = linkIn((await smtp.waitForMessage("back@x.io")).text);
    expect(new URL(link).searchParams.get("callbackUrl")).toBe(`${ORIGIN}/orders?id=7`);
    const { response } = await followLink(s.config, link);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/orders?id=7`);
  });
});
