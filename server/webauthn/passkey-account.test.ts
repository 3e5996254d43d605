/**
 * `{basePath}/account/passkeys` (list, rename, remove), black-box through `Auth()` with passkeys made
 * by the software authenticator: the session is required (jwt and database), mutations need the CSRF
 * token, only the user's own passkeys are found, and the last way in cannot be removed.
 */
import { describe, expect, it } from "vitest";
import type { PasskeyInfo } from "../account/passkeys.js";
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import Nodemailer from "../providers/nodemailer.js";
import Passkey from "../providers/passkey.js";
import GitHub from "../providers/github.js";
import { CookieJar, ORIGIN, csrf, get, postJson, signIn, testConfig } from "../testing/harness.js";
import { newBrowser, registerPasskey, signInWithPasskey, type PasskeyBrowser } from "../testing/passkey-flow.js";
import { passkeySetups, storedCredentialId, type AdapterKind, type PasskeySetup } from "../testing/passkey-setup.js";
import { SoftAuthenticator } from "../testing/soft-authenticator.js";
import type { AuthConfig } from "../types.js";

const setup = passkeySetups();

async function list(config: AuthConfig, jar: CookieJar): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await Auth(get("/auth/account/passkeys", { cookie: jar.header }), config);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** POST with the browser's CSRF token (fetched into the same jar first). */
async function mutate(config: AuthConfig, jar: CookieJar, route: "rename" | "remove", body: Record<string, unknown>, withCsrf = true) {
  const { csrfToken } = await csrf(config, jar);
  const response = await Auth(postJson(`/auth/account/passkeys/${route}`, withCsrf ? { csrfToken, ...body } : body, { cookie: jar.header }), config);
  return { status: response.status, body: (await response.json()) as any };
}

/** A user who signed up with one passkey; the browser is signed in. */
async function passkeyUser(s: PasskeySetup, email = "ada@example.com"): Promise<PasskeyBrowser & { userId: string; id: () => string }> {
  const browser = newBrowser();
  await registerPasskey(s.config, browser, { email });
  const user = (await s.adapter.getUserByEmail!(email))!;
  return { ...browser, userId: user.id, id: () => storedCredentialId(browser.authenticator.credentials[0]!.id) };
}

describe.each([
  ["memory", "database"],
  ["memory", "jwt"],
  ["sqlite", "jwt"],
  ["sqlite", "database"],
] as [AdapterKind, "jwt" | "database"][])("with %s adapter, %s sessions", (adapterKind, strategy) => {
  it("signed out → 401 SessionRequired for every route", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    const { status, body } = await list(s.config, new CookieJar());
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: "SessionRequired" });
    for (const route of ["rename", "remove"] as const) {
      const answer = await mutate(s.config, new CookieJar(), route, { id: "x", name: "y" });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: "SessionRequired" });
    }
  });

  it("list: the user's passkey with its details; canRemove false for a passkey-only account", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    const ada = await passkeyUser(s);
    await signInWithPasskey(s.config, { jar: new CookieJar(), authenticator: ada.authenticator });
    const { status, body, headers } = await list(s.config, ada.jar);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({
      passkeys: [
        {
          id: ada.id(),
          name: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          lastUsedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          transports: ["internal"],
          deviceType: "singleDevice",
          backedUp: false,
        },
      ],
      canRemove: false,
      signal: { rpId: "localhost", userId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), name: "ada@example.com", displayName: "ada@example.com" },
    });
  });

  it("list: the Signal API's user handle is the one passkeys added while signed in are registered under, per account; a sign-up's is random", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    const ada = await passkeyUser(s);
    const laptop = new SoftAuthenticator({ origin: ORIGIN });
    const phone = new SoftAuthenticator({ origin: ORIGIN });
    await registerPasskey(s.config, { jar: ada.jar, authenticator: laptop });
    await registerPasskey(s.config, { jar: ada.jar, authenticator: phone });
    const { body } = await list(s.config, ada.jar);
    expect(body.passkeys).toHaveLength(3);
    const handle = body.signal.userId;
    expect(laptop.credentials[0]!.userHandle).toBe(handle);
    expect(phone.credentials[0]!.userHandle).toBe(handle);
    expect(Buffer.from(handle, "base64url").toString("latin1")).not.toContain("ada");
    // Signed out, the sign-up could not exclude an existing account's passkeys: under the account's
    // handle a passkey manager would replace a working passkey with one the server refuses.
    expect(ada.authenticator.credentials[0]!.userHandle).not.toBe(handle);

    const bob = await passkeyUser(s, "bob@example.com");
    const bobLaptop = new SoftAuthenticator({ origin: ORIGIN });
    await registerPasskey(s.config, { jar: bob.jar, authenticator: bobLaptop });
    const bobs = (await list(s.config, bob.jar)).body.signal;
    expect(bobs).toMatchObject({ name: "bob@example.com" });
    expect(bobs.userId).not.toBe(handle);
    expect(bobLaptop.credentials[0]!.userHandle).toBe(bobs.userId);
  });

  it("a sign-up's user handle is fresh each time: asking for options says nothing about whether the address has an account", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    await passkeyUser(s);
    const handles = new Set<string>();
    for (const email of ["ada@example.com", "ada@example.com", "new@example.com"]) {
      const response = await Auth(get(`/auth/webauthn-options/passkey?action=register&email=${encodeURIComponent(email)}`), s.config);
      handles.add(((await response.json()) as { options: { user: { id: string } } }).options.user.id);
    }
    expect(handles.size).toBe(3);
  });

  it("rename: trimmed name stored and listed; 1…64 characters of text only", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    const ada = await passkeyUser(s);
    const renamed = await mutate(s.config, ada.jar, "rename", { id: ada.id(), name: "  Work laptop  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey).toMatchObject({ id: ada.id(), name: "Work laptop" });
    expect((await list(s.config, ada.jar)).body.passkeys[0].name).toBe("Work laptop");
    expect((await s.adapter.listAuthenticatorsWithMetadata!(ada.userId)).find((a) => a.credentialID === ada.id())!.name).toBe("Work laptop");

    for (const name of ["", "   ", "x".repeat(65), "bad\u0000name", "line\nbreak", 42]) {
      const answer = await mutate(s.config, ada.jar, "rename", { id: ada.id(), name });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.error).toBe("InvalidRequest");
    }
    expect((await mutate(s.config, ada.jar, "rename", { id: ada.id(), name: "é".repeat(64) })).status).toBe(200);
    expect((await s.adapter.listAuthenticatorsWithMetadata!(ada.userId)).find((a) => a.credentialID === ada.id())!.name).toBe("é".repeat(64));
  });

  it("remove: the last passkey → 409 LastSignInMethod and it stays; with a second one → removed with its account, and it no longer signs in", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    const ada = await passkeyUser(s);
    const last = await mutate(s.config, ada.jar, "remove", { id: ada.id() });
    expect(last).toEqual({ status: 409, body: { error: "LastSignInMethod", message: expect.any(String) } });
    expect(await s.adapter.getAuthenticator!(ada.id())).not.toBeNull();

    const laptop = new SoftAuthenticator({ origin: ORIGIN });
    await registerPasskey(s.config, { jar: ada.jar, authenticator: laptop });
    expect((await list(s.config, ada.jar)).body).toMatchObject({ passkeys: [{}, {}], canRemove: true });

    const removed = await mutate(s.config, ada.jar, "remove", { id: ada.id() });
    expect(removed).toEqual({ status: 200, body: { removed: ada.id() } });
    expect(await s.adapter.getAuthenticator!(ada.id())).toBeNull();
    expect(await s.adapter.getAccount!(ada.id(), "passkey")).toBeNull();
    const remaining = await list(s.config, ada.jar);
    expect(remaining.body.passkeys.map((p: PasskeyInfo) => p.id)).toEqual([storedCredentialId(laptop.credentials[0]!.id)]);
    expect(remaining.body.canRemove).toBe(false);

    const gone = await signInWithPasskey(s.config, { jar: new CookieJar(), authenticator: ada.authenticator });
    expect(gone.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=WebAuthnVerificationError`);
  });

  it("another user's passkey id → 404 NotFound for rename and remove; theirs is untouched", async () => {
    const s = setup({ adapter: adapterKind, strategy });
    const ada = await passkeyUser(s, "ada@example.com");
    await registerPasskey(s.config, { jar: ada.jar, authenticator: new SoftAuthenticator({ origin: ORIGIN }) });
    const bob = await passkeyUser(s, "bob@example.com");
    for (const route of ["rename", "remove"] as const) {
      const answer = await mutate(s.config, ada.jar, route, { id: bob.id(), name: "mine now" });
      expect(answer).toEqual({ status: 404, body: { error: "NotFound", message: "No such passkey." } });
    }
    expect(await s.adapter.listAuthenticatorsWithMetadata!(bob.userId)).toMatchObject([{ credentialID: bob.id(), name: null }]);
    expect((await mutate(s.config, ada.jar, "remove", { id: "AAAA" })).status).toBe(404);
  });
});

describe("CSRF and routing", () => {
  it("mutations without (or with a wrong) csrfToken → 403 MissingCSRF, nothing changes", async () => {
    const s = setup();
    const ada = await passkeyUser(s);
    await registerPasskey(s.config, { jar: ada.jar, authenticator: new SoftAuthenticator({ origin: ORIGIN }) });
    for (const body of [
      { id: ada.id(), name: "x" },
      { id: ada.id(), name: "x", csrfToken: "0".repeat(64) },
    ]) {
      for (const route of ["rename", "remove"] as const) {
        const answer = await mutate(s.config, ada.jar, route, body, false);
        expect(answer.status).toBe(403);
        expect(answer.body.error).toBe("MissingCSRF");
      }
    }
    const stored = await s.adapter.listAuthenticatorsWithMetadata!(ada.userId);
    expect(stored.map((passkey) => passkey.name)).toEqual([null, null]);
    expect(stored.map((passkey) => passkey.credentialID)).toContain(ada.id());
  });

  it("a cross-site POST with a valid token pair → 403", async () => {
    const s = setup();
    const ada = await passkeyUser(s);
    const { csrfToken } = await csrf(s.config, ada.jar);
    const response = await Auth(
      postJson(
        "/auth/account/passkeys/rename",
        { csrfToken, id: ada.id(), name: "x" },
        { cookie: ada.jar.header, headers: { origin: "https://evil.example" } },
      ),
      s.config,
    );
    expect(response.status).toBe(403);
  });

  it("unknown routes and methods → 404 NotFound", async () => {
    const s = setup();
    const ada = await passkeyUser(s);
    for (const request of [
      get("/auth/account/passkeys/rename", { cookie: ada.jar.header }),
      get("/auth/account/passkeys/x/y", { cookie: ada.jar.header }),
      postJson("/auth/account/passkeys", {}, { cookie: ada.jar.header }),
    ]) {
      const response = await Auth(request, s.config);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: "NotFound" });
    }
  });

  it("an adapter without updateAuthenticator / deleteAuthenticator → 404 NotAvailable for that route; listing still works", async () => {
    const { updateAuthenticator: _u, deleteAuthenticator: _d, ...rest } = MemoryAdapter();
    const s = setup({ adapter: rest as Adapter });
    const ada = await passkeyUser(s);
    expect((await list(s.config, ada.jar)).status).toBe(200);
    for (const route of ["rename", "remove"] as const) {
      const answer = await mutate(s.config, ada.jar, route, { id: ada.id(), name: "x" });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        error: "NotAvailable",
        message: expect.stringContaining(route === "rename" ? "updateAuthenticator" : "deleteAuthenticator"),
      });
    }
  });

  it("an adapter without listAuthenticatorsWithMetadata (an Auth.js adapter): the list has the passkeys, without names or dates", async () => {
    const { listAuthenticatorsWithMetadata: _l, ...rest } = MemoryAdapter();
    const s = setup({ adapter: rest as Adapter });
    const ada = await passkeyUser(s);
    await signInWithPasskey(s.config, { jar: new CookieJar(), authenticator: ada.authenticator });
    const { status, body } = await list(s.config, ada.jar);
    expect(status).toBe(200);
    expect(body.passkeys).toEqual([
      { id: ada.id(), name: null, createdAt: null, lastUsedAt: null, transports: ["internal"], deviceType: "singleDevice", backedUp: false },
    ]);
  });

  it("a config without a WebAuthn provider → 404 NotAvailable", async () => {
    const config = testConfig({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    const response = await Auth(get("/auth/account/passkeys"), config);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "NotAvailable" });
  });
});

describe("canRemove / LastSignInMethod: what counts as another way in", () => {
  it("an OAuth/OIDC account (listAccounts) of a configured provider counts", async () => {
    const s = setup({ providers: [Passkey(), GitHub({ clientId: "id", clientSecret: "secret" })] });
    const ada = await passkeyUser(s);
    await s.adapter.linkAccount!({ userId: ada.userId, provider: "github", type: "oauth", providerAccountId: "123" });
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(true);
    expect((await mutate(s.config, ada.jar, "remove", { id: ada.id() })).status).toBe(200);
  });

  it("a verified address counts when an e-mail provider is configured; an unverified one does not", async () => {
    const email = Nodemailer({ server: "smtp://127.0.0.1:1" });
    const s = setup({ providers: [Passkey(), email] });
    const ada = await passkeyUser(s);
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(false);
    expect((await mutate(s.config, ada.jar, "remove", { id: ada.id() })).status).toBe(409);
    await s.adapter.updateUser!({ id: ada.userId, emailVerified: new Date() });
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(true);
  });

  it("a verified address without an e-mail provider does not count", async () => {
    const s = setup();
    const ada = await passkeyUser(s);
    await s.adapter.updateUser!({ id: ada.userId, emailVerified: new Date() });
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(false);
  });

  it("an account of a provider no longer configured does not count", async () => {
    const s = setup();
    const ada = await passkeyUser(s);
    await s.adapter.linkAccount!({ userId: ada.userId, provider: "github", type: "oauth", providerAccountId: "123" });
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(false);
  });

  it("a credentials account counts; a configured credentials provider alone does not (a passkey sign-up has no password)", async () => {
    const s = setup({ strategy: "database", providers: [Passkey(), ...testConfig().providers] });
    const ada = await passkeyUser(s);
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(false);
    // The harness's credentials provider has the id "credentials".
    await s.adapter.linkAccount!({ userId: ada.userId, provider: "credentials", type: "credentials", providerAccountId: ada.userId });
    expect((await list(s.config, ada.jar)).body.canRemove).toBe(true);
  });

  it("signed in with jwt as a credentials user the adapter does not store → 409 NotAvailable, not 'sign in'", async () => {
    const s = setup({ strategy: "jwt", providers: [Passkey(), ...testConfig().providers] });
    const { jar } = await signIn(s.config);
    const { status, body } = await list(s.config, jar);
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: "NotAvailable" });
  });
});
