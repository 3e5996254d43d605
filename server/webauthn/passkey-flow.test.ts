/**
 * Passkey sign-up, sign-in and adding a passkey, black-box through `Auth()` with REAL WebAuthn
 * responses from a software authenticator (server/testing/soft-authenticator.ts): jwt and database
 * sessions, MemoryAdapter and SQLite (`:memory:`, which also exercises `createUserWithAccount`).
 * Wire §8.5 / §9.6, events in Auth.js's order, pages.newUser, and the stored authenticator fields
 * exactly as Auth.js stores them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import Passkey from "../providers/passkey.js";
import WebAuthn from "../providers/webauthn.js";
import { CookieJar, ORIGIN, captureConsole, get, setCookies, testConfig, unusedAdapter } from "../testing/harness.js";
import { fetchOptions, newBrowser, postCeremony, registerPasskey, sessionOf, signInWithPasskey } from "../testing/passkey-flow.js";
import { passkeySetups, storedCredentialId as stored, type AdapterKind } from "../testing/passkey-setup.js";
import { SoftAuthenticator, type SoftCreationOptions, type SoftRequestOptions } from "../testing/soft-authenticator.js";
import type { AuthConfig } from "../types.js";

const SESSION_COOKIE = "authjs.session-token";
const CHALLENGE_COOKIE = "authjs.challenge";

const setup = passkeySetups();
afterEach(() => {
  vi.useRealTimers();
});

function expectChallengeCleared(response: Response): void {
  expect(setCookies(response).get(CHALLENGE_COOKIE)).toMatch(/^authjs\.challenge=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
}

describe.each([
  ["memory", "database"],
  ["memory", "jwt"],
  ["sqlite", "database"],
  ["sqlite", "jwt"],
] as [AdapterKind, "jwt" | "database"][])("passkeys with %s adapter, %s sessions", (adapterKind, strategy) => {
  it("sign-up: a new user (address unverified), a webauthn account and the authenticator as Auth.js stores it; createUser → linkAccount → signIn", async () => {
    const { config, adapter, events, eventNames, errors } = setup({ adapter: adapterKind, strategy });
    const browser = newBrowser();
    const { body } = await fetchOptions<SoftCreationOptions>(config, "passkey", { action: "register", email: "  New.User@Example.COM " }, browser.jar);
    expect(body.options.user.name).toBe("new.user@example.com");
    const registration = await browser.authenticator.register(body.options);
    const response = await postCeremony(config, "passkey", { action: "register", data: registration }, browser.jar);

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expectChallengeCleared(response);
    expect(setCookies(response).has(SESSION_COOKIE)).toBe(true);
    expect(errors).toEqual([]);

    const user = (await adapter.getUserByEmail!("new.user@example.com"))!;
    expect(user).toMatchObject({ email: "new.user@example.com", emailVerified: null });
    const credentialID = stored(registration.id);
    expect(await adapter.getAccount!(credentialID, "passkey")).toMatchObject({
      provider: "passkey",
      type: "webauthn",
      providerAccountId: credentialID,
      userId: user.id,
    });
    const [authenticator, ...others] = await adapter.listAuthenticatorsByUserId!(user.id);
    expect(others).toEqual([]);
    expect(authenticator).toMatchObject({
      credentialID,
      providerAccountId: credentialID,
      userId: user.id,
      counter: 0,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
      transports: "internal",
    });
    // Standard base64 of the COSE key: a CBOR map of 5 entries (EC2: kty, alg, crv, x, y).
    expect(authenticator!.credentialPublicKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(authenticator!.credentialPublicKey, "base64")[0]).toBe(0xa5);

    expect(eventNames()).toEqual(["createUser", "linkAccount", "signIn"]);
    expect(events[2]!.message).toMatchObject({
      user: { id: user.id },
      account: { provider: "passkey", type: "webauthn", providerAccountId: credentialID },
      isNewUser: true,
    });
    expect((await sessionOf(config, browser.jar))?.user?.email).toBe("new.user@example.com");
  });

  it("sign-in in another browser: the counter moves, lastUsedAt is set, signIn only (isNewUser false)", async () => {
    const { config, adapter, events, eventNames, errors } = setup({ adapter: adapterKind, strategy });
    const first = newBrowser();
    await registerPasskey(config, first, { email: "ada@example.com" });
    const user = (await adapter.getUserByEmail!("ada@example.com"))!;
    events.length = 0;

    const second = { jar: new CookieJar(), authenticator: first.authenticator };
    const response = await signInWithPasskey(config, second);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expectChallengeCleared(response);
    expect(errors).toEqual([]);
    expect(eventNames()).toEqual(["signIn"]);
    expect(events[0]!.message).toMatchObject({ user: { id: user.id, email: "ada@example.com" }, account: { type: "webauthn" }, isNewUser: false });
    const [authenticator] = await adapter.listAuthenticatorsWithMetadata!(user.id);
    expect(authenticator!.counter).toBe(1);
    expect(authenticator!.lastUsedAt).toBeInstanceOf(Date);
    expect(Date.now() - authenticator!.lastUsedAt!.valueOf()).toBeLessThan(5000);
    expect((await sessionOf(config, second.jar))?.user?.email).toBe("ada@example.com");
  });

  it("signed in, a second passkey joins the same user (linkAccount → signIn); options exclude the first; both sign in as that user", async () => {
    const { config, adapter, events, eventNames, errors } = setup({ adapter: adapterKind, strategy });
    const browser = newBrowser();
    const signUp = await registerPasskey(config, browser, { email: "ada@example.com" });
    expect(signUp.headers.get("location")).toBe(ORIGIN);
    const user = (await adapter.getUserByEmail!("ada@example.com"))!;
    const firstId = browser.authenticator.credentials[0]!.id;
    events.length = 0;

    const laptop = new SoftAuthenticator({ origin: ORIGIN, transports: ["usb", "nfc"] });
    // The options are for the signed-in user: an e-mail in the query is ignored.
    const { body } = await fetchOptions<SoftCreationOptions>(config, "passkey", { action: "register", email: "someone@else.com" }, browser.jar);
    expect(body.action).toBe("register");
    expect(body.options.user.name).toBe("ada@example.com");
    expect(body.options.excludeCredentials).toEqual([{ id: firstId, type: "public-key", transports: ["internal"] }]);
    const registration = await laptop.register(body.options);
    const response = await postCeremony(config, "passkey", { action: "register", data: registration }, browser.jar);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(errors).toEqual([]);
    expect(eventNames()).toEqual(["linkAccount", "signIn"]);
    expect(events[1]!.message).toMatchObject({ user: { id: user.id }, isNewUser: false });
    expect(await adapter.getUserByEmail!("someone@else.com")).toBeNull();

    const authenticators = await adapter.listAuthenticatorsByUserId!(user.id);
    expect(authenticators.map((a) => a.credentialID).sort()).toEqual([stored(firstId), stored(registration.id)].sort());
    expect(authenticators.find((a) => a.credentialID === stored(registration.id))!.transports).toBe("usb,nfc");

    for (const authenticator of [browser.authenticator, laptop]) {
      const other = { jar: new CookieJar(), authenticator };
      await signInWithPasskey(config, other);
      expect((await sessionOf(config, other.jar))?.user?.email).toBe("ada@example.com");
    }
  });

  it("pages.newUser on the first sign-in only; the callbackUrl otherwise; X-Auth-Return-Redirect answers {url}", async () => {
    const { config } = setup({ adapter: adapterKind, strategy, overrides: { pages: { newUser: "/welcome" } } });
    const browser = newBrowser();
    const signUp = await registerPasskey(config, browser, { email: "ada@example.com", callbackUrl: "/dashboard" });
    expect(signUp.headers.get("location")).toBe(`/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`);

    const again = { jar: new CookieJar(), authenticator: browser.authenticator };
    const { body } = await fetchOptions<SoftRequestOptions>(config, "passkey", {}, again.jar);
    const data = await again.authenticator.authenticate(body.options);
    const response = await postCeremony(config, "passkey", { action: "authenticate", data, callbackUrl: "/dashboard" }, again.jar, {
      "X-Auth-Return-Redirect": "1",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${ORIGIN}/dashboard` });
    expect(setCookies(response).has(SESSION_COOKIE)).toBe(true);
  });
});

describe("GET webauthn-options", () => {
  it("authenticate (the default): discoverable credentials only, the sealed challenge cookie for 15 minutes, no-store", async () => {
    const { config } = setup();
    const queries: Record<string, string>[] = [{}, { action: "authenticate" }, { action: "authenticate", email: "ada@example.com" }];
    for (const params of queries) {
      const jar = new CookieJar();
      const { response, body } = await fetchOptions<Record<string, unknown>>(config, "passkey", params, jar);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(body).toEqual({
        action: "authenticate",
        options: {
          challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          timeout: 300000,
          userVerification: "required",
          rpId: "localhost",
          allowCredentials: [],
        },
      });
      const cookie = setCookies(response).get(CHALLENGE_COOKIE)!;
      expect(cookie).toMatch(/^authjs\.challenge=[^;]+; Max-Age=900; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    }
  });

  it("register (signed out): options for the typed address — RP from the request, passkey requirements, attestation none", async () => {
    const { config } = setup();
    const { response, body } = await fetchOptions<Record<string, any>>(config, "passkey", { action: "register", email: "ada@example.com" }, new CookieJar());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.action).toBe("register");
    expect(body.options).toMatchObject({
      rp: { name: "localhost:3000", id: "localhost" },
      user: { name: "ada@example.com", displayName: "ada@example.com", id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      timeout: 300000,
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    });
    expect(body.options.pubKeyCredParams).toContainEqual({ alg: -7, type: "public-key" });
    expect(setCookies(response).get(CHALLENGE_COOKIE)).toMatch(/Max-Age=900/);
  });

  it("the relying party follows AUTH_URL-style public origins: a configured relayingParty list gives the options' first entry", async () => {
    const { config } = setup({
      providers: [
        Passkey({ relayingParty: { id: ["example.com", "www.example.com"], name: "Example", origin: ["https://example.com", "https://www.example.com"] } }),
      ],
    });
    const { body } = await fetchOptions<Record<string, any>>(config, "passkey", { action: "register", email: "ada@example.com" }, new CookieJar());
    expect(body.options.rp).toEqual({ name: "Example", id: "example.com" });
    const { body: auth } = await fetchOptions<Record<string, any>>(config, "passkey", {}, new CookieJar());
    expect(auth.options.rpId).toBe("example.com");
  });

  it("a bare { id, name, type: 'webauthn' } provider object works with Foyer's defaults", async () => {
    const { config } = setup({ providers: [{ id: "keys", name: "Keys", type: "webauthn" }] });
    const browser = newBrowser();
    const response = await registerPasskey(config, browser, { provider: "keys", email: "ada@example.com" });
    expect(response.headers.get("location")).toBe(ORIGIN);
    const again = { jar: new CookieJar(), authenticator: browser.authenticator };
    await signInWithPasskey(config, again, { provider: "keys" });
    expect((await sessionOf(config, again.jar))?.user?.email).toBe("ada@example.com");
  });

  it("on a non-WebAuthn provider → the Configuration error (InvalidProvider logged)", async () => {
    const { config, errorTypes } = setup({ providers: [Passkey(), { id: "other", name: "Other", type: "credentials", authorize: () => null }] });
    const response = await Auth(get("/auth/webauthn-options/other"), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errorTypes()).toEqual(["InvalidProvider"]);
  });
});

describe("relying party", () => {
  it("a configured list of origins: the second origin is accepted for registration and sign-in", async () => {
    const rp = { id: ["localhost"], name: "Local", origin: ["http://localhost:3000", "http://localhost:4000"] };
    const { config, adapter, errors } = setup({ providers: [Passkey({ relayingParty: rp })] });
    const other = newBrowser(new SoftAuthenticator({ origin: "http://localhost:4000" }));
    const response = await registerPasskey(config, other, { email: "ada@example.com" });
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(errors).toEqual([]);
    expect(await adapter.getUserByEmail!("ada@example.com")).not.toBeNull();
    const signIn = await signInWithPasskey(config, { jar: new CookieJar(), authenticator: other.authenticator });
    expect(signIn.headers.get("location")).toBe(ORIGIN);
  });

  it("derived from AUTH_URL's origin when it is set (the public URL, not the internal one)", async () => {
    vi.stubEnv("AUTH_URL", "https://auth.example.com/auth");
    try {
      const { config, adapter } = setup();
      const { body } = await fetchOptions<SoftCreationOptions>(config, "passkey", { action: "register", email: "ada@example.com" }, new CookieJar());
      expect(body.options.rp.id).toBe("auth.example.com");
      const authenticator = new SoftAuthenticator({ origin: "https://auth.example.com" });
      const jar = new CookieJar();
      const { body: fresh } = await fetchOptions<SoftCreationOptions>(config, "passkey", { action: "register", email: "ada@example.com" }, jar);
      const data = await authenticator.register(fresh.options);
      const response = await postCeremony(config, "passkey", { action: "register", data }, jar);
      expect(response.headers.get("location")).toBe("https://auth.example.com");
      expect(await adapter.getUserByEmail!("ada@example.com")).not.toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("user verification", () => {
  it("WebAuthn (preferred): a security key without user verification registers and signs in", async () => {
    const { config, adapter, errors } = setup({ providers: [WebAuthn()] });
    const browser = newBrowser();
    const { body } = await fetchOptions<Record<string, any>>(config, "webauthn", {}, new CookieJar());
    expect(body.options.userVerification).toBe("preferred");
    const response = await registerPasskey(config, browser, { provider: "webauthn", email: "ada@example.com", overrides: { userVerified: false } });
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(errors).toEqual([]);
    const signIn = await signInWithPasskey(
      config,
      { jar: new CookieJar(), authenticator: browser.authenticator },
      { provider: "webauthn", overrides: { userVerified: false } },
    );
    expect(signIn.headers.get("location")).toBe(ORIGIN);
    expect(await adapter.getUserByEmail!("ada@example.com")).not.toBeNull();
  });

  it("Passkey (required): a response without user verification is refused, registration and sign-in", async () => {
    const { config, adapter, errors } = setup();
    const browser = newBrowser();
    const refused = await registerPasskey(config, browser, { email: "ada@example.com", overrides: { userVerified: false } });
    expect(refused.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=WebAuthnVerificationError`);
    expect(await adapter.getUserByEmail!("ada@example.com")).toBeNull();
    expect(errors.map((error) => error.message).join()).toContain("User verification was required");

    const fresh = newBrowser();
    await registerPasskey(config, fresh, { email: "bob@example.com" });
    const signIn = await signInWithPasskey(config, { jar: new CookieJar(), authenticator: fresh.authenticator }, { overrides: { userVerified: false } });
    expect(signIn.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=WebAuthnVerificationError`);
  });
});

describe("configuration", () => {
  async function configError(config: AuthConfig): Promise<{ status: number; logged: string }> {
    const errors: Error[] = [];
    const response = await Auth(get("/auth/webauthn-options/passkey"), {
      ...config,
      logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    });
    // Type, Auth.js's message, then Foyer's detail (as the log line has them).
    const line = (error: Error) =>
      `${(error as { type?: string }).type}: ${error.message} ${String((error.cause as { detail?: unknown } | undefined)?.detail ?? "")}`;
    return { status: response.status, logged: errors.map(line).join("\n") };
  }

  it("two providers with conditional UI → DuplicateConditionalUI", async () => {
    const result = await configError(testConfig({ adapter: unusedAdapter(), providers: [WebAuthn(), Passkey()] }));
    expect(result.status).toBe(500);
    expect(result.logged).toMatch(/^DuplicateConditionalUI: .* WebAuthn providers "webauthn" and "passkey" both have enableConditionalUI: true/);
  });

  it("conditional UI without a `webauthn` autocomplete field → MissingWebAuthnAutocomplete", async () => {
    const result = await configError(
      testConfig({ adapter: unusedAdapter(), providers: [Passkey({ formFields: { email: { label: "Email", autocomplete: "email" } } })] }),
    );
    expect(result.status).toBe(500);
    expect(result.logged).toMatch(/^MissingWebAuthnAutocomplete: Provider "passkey"/);
  });

  it("no adapter → MissingAdapter; an adapter without getUserByEmail → MissingAdapterMethods naming it", async () => {
    expect((await configError(testConfig({ providers: [Passkey()] }))).logged).toMatch(/^MissingAdapter: WebAuthn requires an adapter/);
    const { getUserByEmail: _drop, ...rest } = unusedAdapter();
    const result = await configError(testConfig({ adapter: rest, session: { strategy: "jwt" }, providers: [Passkey()] }));
    expect(result.logged).toMatch(/^MissingAdapterMethods: Required adapter methods were missing: getUserByEmail\. Read more/);
  });

  it("a relayingParty origin that is not an origin → InvalidConfiguration", async () => {
    const result = await configError(testConfig({ adapter: unusedAdapter(), providers: [Passkey({ relayingParty: { origin: "https://example.com/path" } })] }));
    expect(result.logged).toMatch(/^InvalidConfiguration: Provider "passkey": relayingParty\.origin must be origins/);
  });

  it("experimental.enableWebAuthn is not needed: accepted, with the experimental-webauthn warning; absent: no error", async () => {
    const warnings: string[] = [];
    const config = testConfig({
      adapter: unusedAdapter(),
      session: { strategy: "jwt" },
      providers: [Passkey()],
      experimental: { enableWebAuthn: true },
      logger: { error() {}, warn: (code) => void warnings.push(code), debug() {} },
    });
    const response = await Auth(get("/auth/webauthn-options/passkey"), config);
    expect(response.status).toBe(200);
    expect(warnings).toEqual(["experimental-webauthn"]);
    const plain = await Auth(
      get("/auth/webauthn-options/passkey"),
      testConfig({ adapter: unusedAdapter(), session: { strategy: "jwt" }, providers: [Passkey()] }),
    );
    expect(plain.status).toBe(200);
  });

  it("GET /providers lists the passkey provider with its form field", async () => {
    const { config } = setup();
    const { result } = await captureConsole(async () => (await Auth(get("/auth/providers"), config)).json());
    expect((result as Record<string, unknown>).passkey).toMatchObject({
      id: "passkey",
      name: "Passkey",
      type: "webauthn",
      callbackUrl: `${ORIGIN}/auth/callback/passkey`,
    });
  });
});
