/**
 * Hostile passkey requests (R-WEBAUTHN-01…10 in docs/security.md), black-box through `Auth()` with
 * real WebAuthn responses from the software authenticator. Every refused ceremony ends on the sign-in
 * page with `error=WebAuthnVerificationError` (or `AccountNotLinked`), never a 500, signs nobody in,
 * stores nothing, deletes the challenge cookie, and logs the reason.
 *
 * Foyer deviates from R-WEBAUTHN-07 on purpose: registration options for a signed-out address are
 * answered identically whether or not the address has an account (no enumeration); the taken address
 * is refused when the signed registration comes back (`AccountNotLinked`, nothing stored).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { recordingAdapter } from "../email/test-helpers.js";
import Passkey from "../providers/passkey.js";
import WebAuthn from "../providers/webauthn.js";
import { CookieJar, ORIGIN, get, postJson, setCookies } from "../testing/harness.js";
import { fetchOptions, newBrowser, postCeremony, registerPasskey, sessionOf, signInWithPasskey, type PasskeyBrowser } from "../testing/passkey-flow.js";
import { passkeySetup, passkeySetups, storedCredentialId as stored, type PasskeySetup } from "../testing/passkey-setup.js";
import { SoftAuthenticator, type SoftCreationOptions, type SoftRequestOptions } from "../testing/soft-authenticator.js";
import type { AuthConfig } from "../types.js";

/** Foyer's detail of a logged error: the message is Auth.js's wording (server/core/authjs-wording.ts). */
function detailOf(error: Error): string {
  return String((error.cause as { detail?: unknown } | undefined)?.detail ?? "");
}

const REFUSED = `${ORIGIN}/auth/signin?error=WebAuthnVerificationError`;
const NOT_LINKED = `${ORIGIN}/auth/signin?error=AccountNotLinked`;
const SESSION_COOKIE = "authjs.session-token";
const CHALLENGE_COOKIE = "authjs.challenge";

const setup = passkeySetups();
afterEach(() => {
  vi.useRealTimers();
});

/** The common outcome of a refused ceremony. */
async function expectRefused(config: AuthConfig, response: Response, jar: CookieJar, location = REFUSED): Promise<void> {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(location);
  expect(await response.text()).toBe("");
  const cookies = setCookies(response);
  expect(cookies.has(SESSION_COOKIE)).toBe(false);
  expect(cookies.get(CHALLENGE_COOKIE)).toMatch(/^authjs\.challenge=; Max-Age=0;/);
  expect(await sessionOf(config, jar)).toBeNull();
}

/** A user with one passkey (signed up in another browser); returns the authenticator and the user id. */
async function existingPasskeyUser(setup: PasskeySetup, email = "ada@example.com", authenticator = new SoftAuthenticator({ origin: ORIGIN })) {
  await registerPasskey(setup.config, { jar: new CookieJar(), authenticator }, { email });
  const user = (await setup.adapter.getUserByEmail!(email))!;
  setup.events.length = 0;
  setup.errors.length = 0;
  return { authenticator, user, credentialID: stored(authenticator.credentials[0]!.id) };
}

async function counterOf(adapter: Adapter, credentialID: string): Promise<number> {
  return (await adapter.getAuthenticator!(credentialID))!.counter;
}

// ---------------------------------------------------------------------------------------------

describe("R-WEBAUTHN-01: a signature counter that does not move forward (cloned authenticator or replay)", () => {
  it.each([
    ["equal to the stored counter", 1],
    ["lower than the stored counter", 0],
  ])("counter %s → WebAuthnVerificationError, counter unchanged, logged", async (_name, counter) => {
    const s = setup();
    const { authenticator, credentialID } = await existingPasskeyUser(s);
    await signInWithPasskey(s.config, { jar: new CookieJar(), authenticator });
    expect(await counterOf(s.adapter, credentialID)).toBe(1);
    s.events.length = 0;
    s.errors.length = 0;

    const jar = new CookieJar();
    const response = await signInWithPasskey(s.config, { jar, authenticator }, { overrides: { counter } });
    await expectRefused(s.config, response, jar);
    expect(await counterOf(s.adapter, credentialID)).toBe(1);
    expect(s.errorTypes()).toEqual(["WebAuthnVerificationError"]);
    expect(s.errors[0]!.message).toMatch(/counter/i);
    expect(s.events).toEqual([]);
  });

  it("counters that stay 0 on both sides (synced passkeys) are allowed", async () => {
    const s = setup();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0, backedUp: true });
    const { credentialID } = await existingPasskeyUser(s, "ada@example.com", authenticator);
    for (let i = 0; i < 2; i++) {
      const jar = new CookieJar();
      const response = await signInWithPasskey(s.config, { jar, authenticator });
      expect(response.headers.get("location")).toBe(ORIGIN);
      expect((await sessionOf(s.config, jar))?.user?.email).toBe("ada@example.com");
    }
    expect(await counterOf(s.adapter, credentialID)).toBe(0);
    expect(await s.adapter.getAuthenticator!(credentialID)).toMatchObject({ credentialDeviceType: "multiDevice", credentialBackedUp: true });
  });
});

describe("R-WEBAUTHN-02: the same assertion posted twice", () => {
  it("from the browser: the challenge cookie was deleted by the first callback → refused (InvalidCheck logged)", async () => {
    const s = setup();
    const { authenticator } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, jar);
    const data = await authenticator.authenticate(body.options);
    const first = await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar);
    expect(first.headers.get("location")).toBe(ORIGIN);
    expect(jar.get(CHALLENGE_COOKIE)).toBeUndefined();

    const replayJar = new CookieJar();
    const again = await postCeremony(s.config, "passkey", { action: "authenticate", data }, replayJar);
    await expectRefused(s.config, again, replayJar);
    expect(s.errorTypes()).toEqual(["InvalidCheck"]);
  });

  it("a captured request replayed with its cookie (counter 0 passkey, so the counter cannot catch it) → refused: one challenge, one callback", async () => {
    const s = setup();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 });
    await existingPasskeyUser(s, "ada@example.com", authenticator);
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, jar);
    const data = await authenticator.authenticate(body.options);
    const captured = jar.header;
    const first = await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar);
    expect(first.headers.get("location")).toBe(ORIGIN);

    const attacker = new CookieJar();
    const replay = await Auth(
      new Request(`${ORIGIN}/auth/callback/passkey`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: captured },
        body: new URLSearchParams({ action: "authenticate", data: JSON.stringify(data) }),
      }),
      s.config,
    );
    await expectRefused(s.config, replay, attacker);
    expect(s.errorTypes()).toEqual(["InvalidCheck"]);
    expect(detailOf(s.errors[0]!)).toContain("already used");
  });
});

describe("R-WEBAUTHN-03: the challenge cookie must be this provider's, for this ceremony, and fresh", () => {
  const providers = () => [WebAuthn({ enableConditionalUI: false }), Passkey()];

  it("a challenge issued for provider `webauthn` used at /callback/passkey → InvalidCheck logged, WebAuthnVerificationError shown", async () => {
    const s = setup({ providers: providers() });
    const { authenticator } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "webauthn", {}, jar);
    const data = await authenticator.authenticate(body.options);
    const response = await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar);
    await expectRefused(s.config, response, jar);
    expect(s.errorTypes()).toEqual(["InvalidCheck"]);
    expect(detailOf(s.errors[0]!)).toBe('The WebAuthn challenge cookie was made for provider "webauthn", not "passkey"');
  });

  it("a registration challenge used to authenticate → refused", async () => {
    const s = setup();
    const { authenticator } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftCreationOptions>(s.config, "passkey", { action: "register", email: "x@example.com" }, jar);
    const data = await authenticator.authenticate({ challenge: body.options.challenge, rpId: "localhost" });
    const response = await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar);
    await expectRefused(s.config, response, jar);
    expect(detailOf(s.errors[0]!)).toBe("The WebAuthn challenge cookie was made to register, not to authenticate");
  });

  it("an expired challenge cookie (16 minutes later) → refused, nothing stored", async () => {
    const s = setup();
    const browser = newBrowser();
    const { body } = await fetchOptions<SoftCreationOptions>(s.config, "passkey", { action: "register", email: "ada@example.com" }, browser.jar);
    const data = await browser.authenticator.register(body.options);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const response = await postCeremony(s.config, "passkey", { action: "register", data }, browser.jar);
    await expectRefused(s.config, response, browser.jar);
    expect(s.errorTypes()).toEqual(["InvalidCheck"]);
    expect(await s.adapter.getUserByEmail!("ada@example.com")).toBeNull();
  });

  it("no challenge cookie at all → refused", async () => {
    const s = setup();
    const { authenticator } = await existingPasskeyUser(s);
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, new CookieJar());
    const data = await authenticator.authenticate(body.options);
    const jar = new CookieJar();
    await expectRefused(s.config, await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar), jar);
    expect(detailOf(s.errors[0]!)).toContain("cookie is missing");
  });

  it("a tampered challenge cookie → refused", async () => {
    const s = setup();
    const { authenticator } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, jar);
    const data = await authenticator.authenticate(body.options);
    jar.cookies.set(CHALLENGE_COOKIE, `${jar.cookies.get(CHALLENGE_COOKIE)!.slice(0, -4)}AAAA`);
    await expectRefused(s.config, await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar), jar);
    expect(detailOf(s.errors[0]!)).toContain("could not be opened");
  });

  it("an assertion over another challenge than the cookie's → refused", async () => {
    const s = setup();
    const { authenticator, credentialID } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    await fetchOptions(s.config, "passkey", {}, jar);
    const data = await authenticator.authenticate({ challenge: "b3RoZXItY2hhbGxlbmdl", rpId: "localhost" });
    await expectRefused(s.config, await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar), jar);
    expect(s.errors[0]!.message).toContain("Unexpected authentication response challenge");
    expect(await counterOf(s.adapter, credentialID)).toBe(0);
  });
});

describe("R-WEBAUTHN-04: a response for another origin or RP ID", () => {
  it.each([
    ["another origin", { origin: "https://evil.example" }, "Unexpected registration response origin"],
    ["another RP ID", { rpId: "evil.example" }, "Unexpected RP ID hash"],
    ["an IP address as RP ID", { rpId: "127.0.0.1", origin: "http://127.0.0.1:3000" }, "Unexpected registration response origin"],
  ])("registration made for %s → refused, nothing stored", async (_name, overrides, reason) => {
    const s = setup();
    const browser = newBrowser();
    const response = await registerPasskey(s.config, browser, { email: "ada@example.com", overrides });
    await expectRefused(s.config, response, browser.jar);
    expect(s.errors.map((error) => error.message).join()).toContain(reason);
    expect(await s.adapter.getUserByEmail!("ada@example.com")).toBeNull();
    expect(await s.adapter.getAuthenticator!(stored(browser.authenticator.credentials[0]!.id))).toBeNull();
    expect(s.events).toEqual([]);
  });

  it.each([
    ["another origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpId: "evil.example" }],
  ])("assertion made for %s → refused, counter unchanged", async (_name, overrides) => {
    const s = setup();
    const { authenticator, credentialID } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    await expectRefused(s.config, await signInWithPasskey(s.config, { jar, authenticator }, { overrides }), jar);
    expect(await counterOf(s.adapter, credentialID)).toBe(0);
    expect(s.events).toEqual([]);
  });

  it("a clientDataJSON of the wrong type (webauthn.get in a registration) → refused", async () => {
    const s = setup();
    const browser = newBrowser();
    await expectRefused(s.config, await registerPasskey(s.config, browser, { email: "ada@example.com", overrides: { type: "webauthn.get" } }), browser.jar);
    expect(await s.adapter.getUserByEmail!("ada@example.com")).toBeNull();
  });
});

describe("R-WEBAUTHN-05: malformed callbacks → the sign-in page, never a 500, nothing stored", () => {
  const cases: [string, Record<string, string>][] = [
    ["data not JSON", { action: "authenticate", data: "{not json" }],
    ["data JSON but not an object", { action: "authenticate", data: "[1,2]" }],
    ["data missing", { action: "authenticate" }],
    ["no id", { action: "authenticate", data: JSON.stringify({ rawId: "AAAA", type: "public-key", response: {} }) }],
    ["id not base64url", { action: "authenticate", data: JSON.stringify({ id: "a+b/c=", rawId: "a+b/c=", type: "public-key", response: {} }) }],
    ["id a number", { action: "register", data: JSON.stringify({ id: 5, rawId: 5, type: "public-key", response: {} }) }],
    ["rawId differs from id", { action: "authenticate", data: JSON.stringify({ id: "AAAA", rawId: "BBBB", type: "public-key", response: {} }) }],
    ["response not an object", { action: "register", data: JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: "x" }) }],
    [
      "response fields garbage",
      { action: "register", data: JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "!!", attestationObject: 7 } }) },
    ],
    ["action missing", { data: "{}" }],
    ["action evil", { action: "evil", data: "{}" }],
  ];

  it.each(cases)("%s", async (_name, fields) => {
    const s = setup();
    const jar = new CookieJar();
    await fetchOptions(s.config, "passkey", fields.action === "register" ? { action: "register", email: "ada@example.com" } : {}, jar);
    const response = await Auth(
      new Request(`${ORIGIN}/auth/callback/passkey`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
        body: new URLSearchParams(fields),
      }),
      s.config,
    );
    await expectRefused(s.config, response, jar);
    expect(s.errorTypes()).toEqual([expect.stringMatching(/^(WebAuthnVerificationError|InvalidCheck)$/)]);
    expect(await s.adapter.getUserByEmail!("ada@example.com")).toBeNull();
  });

  it("a JSON body works like a form; a garbage JSON body answers 400 before any action", async () => {
    const s = setup();
    const { authenticator } = await existingPasskeyUser(s);
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, jar);
    const data = await authenticator.authenticate(body.options);
    const ok = await Auth(postJson("/auth/callback/passkey", { action: "authenticate", data: JSON.stringify(data) }, { cookie: jar.header }), s.config);
    expect(ok.headers.get("location")).toBe(ORIGIN);
    const garbage = await Auth(postJson("/auth/callback/passkey", "{oops", { cookie: jar.header }), s.config);
    expect(garbage.status).toBe(400);
  });

  it("GET /callback/passkey → the sign-in page with WebAuthnVerificationError", async () => {
    const s = setup();
    const response = await Auth(get("/auth/callback/passkey?action=authenticate&data=%7B%7D"), s.config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(REFUSED);
  });
});

describe("R-WEBAUTHN-06: GET webauthn-options with an unknown action", () => {
  it.each(["evil", "", "REGISTER", "authenticate "])("action=%j → 400 {error: Invalid action}, no challenge cookie", async (action) => {
    const s = setup();
    const response = await Auth(get(`/auth/webauthn-options/passkey?action=${encodeURIComponent(action)}`), s.config);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid action" });
    expect(setCookies(response).has(CHALLENGE_COOKIE)).toBe(false);
  });

  it("register signed out without a usable address → 400 {error: Invalid request}", async () => {
    const s = setup();
    for (const query of ["action=register", "action=register&email=", "action=register&email=not-an-address", "action=register&email=a%40b.com%2Cc%40d.com"]) {
      const response = await Auth(get(`/auth/webauthn-options/passkey?${query}`), s.config);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid request" });
    }
  });
});

describe("R-WEBAUTHN-07 (Foyer: no account enumeration) — sign-up options and an existing address", () => {
  /** The answer with its random values (challenge, user handle, cookie value, dates) masked. */
  async function maskedOptions(config: AuthConfig, email: string): Promise<unknown> {
    const response = await Auth(get(`/auth/webauthn-options/passkey?action=register&email=${encodeURIComponent(email)}`), config);
    const body = (await response.json()) as { options: { challenge: string; user: { id: string; name: string; displayName: string } } };
    expect(body.options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.options.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    body.options.challenge = "<random>";
    body.options.user.id = "<random>";
    // The address itself is echoed, so compare with it neutralised too.
    body.options.user.name = body.options.user.name.replace(email, "<email>");
    body.options.user.displayName = body.options.user.displayName.replace(email, "<email>");
    const headers = [...response.headers].map(([name, value]) => [
      name,
      value.replace(/authjs\.(challenge|csrf-token|callback-url)=[^;]*/, "authjs.$1=<value>").replace(/Expires=[^;]+/, "Expires=<date>"),
    ]);
    return { status: response.status, headers, body };
  }

  it("options for an address that has an account and for a new one are identical apart from random values; the adapter is never asked", async () => {
    const recording = recordingAdapter();
    const config = passkeySetup({ adapter: recording.adapter }).config;
    await recording.adapter.createUser!({ id: "existing", email: "taken@example.com", emailVerified: new Date() });
    recording.calls.length = 0;

    const known = await maskedOptions(config, "taken@example.com");
    const unknown = await maskedOptions(config, "fresh1@example.com");
    expect(unknown).toEqual(known);
    expect(recording.methods()).toEqual([]);
  });

  it("the sign-up for the existing address → AccountNotLinked; nothing stored, the existing user untouched, no session, no events", async () => {
    for (const adapterKind of ["memory", "sqlite"] as const) {
      const s = setup({ adapter: adapterKind });
      const existing = await s.adapter.createUser!({ id: "existing", email: "taken@example.com", emailVerified: null, name: "Owner" });
      const browser = newBrowser();
      const response = await registerPasskey(s.config, browser, { email: " Taken@Example.com " });
      await expectRefused(s.config, response, browser.jar, NOT_LINKED);
      expect(s.errorTypes()).toEqual(["AccountNotLinked"]);
      const credentialID = stored(browser.authenticator.credentials[0]!.id);
      expect(await s.adapter.getAuthenticator!(credentialID)).toBeNull();
      expect(await s.adapter.getAccount!(credentialID, "passkey")).toBeNull();
      expect(await s.adapter.listAuthenticatorsByUserId!(existing.id)).toEqual([]);
      expect(await s.adapter.listAccounts!(existing.id)).toEqual([]);
      expect(await s.adapter.getUser!(existing.id)).toEqual(existing);
      expect(s.events).toEqual([]);
    }
  });
});

describe("R-WEBAUTHN-08: a credential the adapter does not know", () => {
  it("an assertion by an unregistered credential → WebAuthnVerificationError, no session", async () => {
    const s = setup();
    await existingPasskeyUser(s);
    // A credential made for this site but registered with another deployment's database.
    const elsewhere = setup();
    const stranger = newBrowser();
    await registerPasskey(elsewhere.config, stranger, { email: "stranger@example.com" });

    const jar = new CookieJar();
    await expectRefused(s.config, await signInWithPasskey(s.config, { jar, authenticator: stranger.authenticator }), jar);
    expect(s.errors[0]!.message).toContain("not known here");
    expect(s.events).toEqual([]);
  });

  it("a passkey registered with provider `webauthn` does not sign in at `passkey`", async () => {
    const s = setup({ providers: [WebAuthn({ enableConditionalUI: false }), Passkey()] });
    const browser = newBrowser();
    await registerPasskey(s.config, browser, { provider: "webauthn", email: "ada@example.com" });
    s.errors.length = 0;
    const jar = new CookieJar();
    await expectRefused(s.config, await signInWithPasskey(s.config, { jar, authenticator: browser.authenticator }), jar);
    expect(s.errors[0]!.message).toContain('no "passkey" account');
  });
});

describe("R-WEBAUTHN-09: updateAuthenticatorCounter rejects an unknown id (adapter contract)", () => {
  it.each([
    ["MemoryAdapter", () => MemoryAdapter()],
    ["SQLiteAdapter", () => SQLiteAdapter({ url: ":memory:" })],
  ])("%s", async (_name, make) => {
    const adapter = make();
    await expect(Promise.resolve().then(() => adapter.updateAuthenticatorCounter!("AAAA", 1))).rejects.toThrow(/no authenticator/);
    await (adapter as { close?: () => Promise<void> }).close?.();
  });
});

describe("R-WEBAUTHN-10: the signIn callback's outcomes are honoured (Auth.js ignores a string here)", () => {
  const redirecting = (url: string) => ({ callbacks: { signIn: () => url } });

  it("sign-up: a string stops the sign-up and redirects there; nothing stored, no session", async () => {
    const s = setup({ overrides: redirecting("/verify-first") });
    const browser = newBrowser();
    const response = await registerPasskey(s.config, browser, { email: "ada@example.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/verify-first`);
    expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
    expect(setCookies(response).get(CHALLENGE_COOKIE)).toMatch(/Max-Age=0/);
    expect(await s.adapter.getUserByEmail!("ada@example.com")).toBeNull();
    expect(await s.adapter.getAuthenticator!(stored(browser.authenticator.credentials[0]!.id))).toBeNull();
    expect(s.events).toEqual([]);
  });

  it("sign-in: a string stops the sign-in and redirects there (through the redirect callback: a foreign URL becomes the origin)", async () => {
    let answer: string | boolean = true;
    const s = setup({ overrides: { callbacks: { signIn: () => answer } } });
    const { authenticator } = await existingPasskeyUser(s);
    answer = "https://evil.example/steal";
    const jar = new CookieJar();
    const response = await signInWithPasskey(s.config, { jar, authenticator });
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
    expect(await sessionOf(s.config, jar)).toBeNull();
    answer = "/mfa";
    const second = await signInWithPasskey(s.config, { jar, authenticator });
    expect(second.headers.get("location")).toBe(`${ORIGIN}/mfa`);
    expect(await sessionOf(s.config, jar)).toBeNull();
    expect(s.events).toEqual([]);
  });

  it("signIn returning false → AccessDenied on the error page; nothing stored", async () => {
    const s = setup({ overrides: { callbacks: { signIn: () => false } } });
    const browser = newBrowser();
    const response = await registerPasskey(s.config, browser, { email: "ada@example.com" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(await s.adapter.getUserByEmail!("ada@example.com")).toBeNull();
  });

  it("the callback sees the sign-up's user (unverified address) and the webauthn account", async () => {
    const seen: unknown[] = [];
    const s = setup({
      overrides: {
        callbacks: {
          signIn: (params) => {
            seen.push(params);
            return true;
          },
        },
      },
    });
    const browser = newBrowser();
    await registerPasskey(s.config, browser, { email: "ada@example.com" });
    expect(seen[0]).toMatchObject({
      user: { email: "ada@example.com", emailVerified: null },
      account: { provider: "passkey", type: "webauthn", providerAccountId: stored(browser.authenticator.credentials[0]!.id) },
    });
  });
});

describe("credentials and sessions of other users", () => {
  it("signed in as A, an assertion by B's passkey → AccountNotLinked; still signed in as A", async () => {
    const s = setup();
    const bob = await existingPasskeyUser(s, "bob@example.com");
    const alice: PasskeyBrowser = newBrowser();
    await registerPasskey(s.config, alice, { email: "alice@example.com" });
    s.errors.length = 0;
    const response = await signInWithPasskey(s.config, { jar: alice.jar, authenticator: bob.authenticator });
    expect(response.headers.get("location")).toBe(NOT_LINKED);
    expect(s.errorTypes()).toEqual(["AccountNotLinked"]);
    expect((await sessionOf(s.config, alice.jar))?.user?.email).toBe("alice@example.com");
  });

  it("signed in as A, registering a credential that is already B's → AccountNotLinked, nothing moves", async () => {
    const s = setup();
    const bob = await existingPasskeyUser(s, "bob@example.com");
    const alice = newBrowser(bob.authenticator);
    await registerPasskey(s.config, { jar: alice.jar, authenticator: new SoftAuthenticator({ origin: ORIGIN }) }, { email: "alice@example.com" });
    const aliceUser = (await s.adapter.getUserByEmail!("alice@example.com"))!;
    s.errors.length = 0;
    const { body } = await fetchOptions<SoftCreationOptions>(s.config, "passkey", { action: "register" }, alice.jar);
    const data = await bob.authenticator.register(body.options, { credentialId: bob.authenticator.credentials[0]!.id });
    const response = await postCeremony(s.config, "passkey", { action: "register", data }, alice.jar);
    expect(response.headers.get("location")).toBe(NOT_LINKED);
    expect((await s.adapter.getAuthenticator!(bob.credentialID))!.userId).toBe(bob.user.id);
    expect((await s.adapter.listAuthenticatorsByUserId!(aliceUser.id)).map((a) => a.credentialID)).not.toContain(bob.credentialID);
  });

  it("registration options fetched signed in, callback after signing out → refused, nothing stored", async () => {
    const s = setup();
    const browser = newBrowser();
    await registerPasskey(s.config, browser, { email: "ada@example.com" });
    const user = (await s.adapter.getUserByEmail!("ada@example.com"))!;
    const { body } = await fetchOptions<SoftCreationOptions>(s.config, "passkey", { action: "register" }, browser.jar);
    const data = await new SoftAuthenticator({ origin: ORIGIN }).register(body.options);
    browser.jar.cookies.delete(SESSION_COOKIE);
    s.errors.length = 0;
    await expectRefused(s.config, await postCeremony(s.config, "passkey", { action: "register", data }, browser.jar), browser.jar);
    expect(s.errors[0]!.message).toContain("The session changed");
    expect(await s.adapter.listAuthenticatorsByUserId!(user.id)).toHaveLength(1);
  });
});
