/**
 * The account area through `Auth()`: profile, connected accounts, deletion, events, the form routes
 * and the hosted page, with the memory and SQLite adapters and database sessions.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import GitHub from "../providers/github.js";
import Passkey from "../providers/passkey.js";
import { CookieJar, csrf, get, postForm, postJson } from "../testing/harness.js";
import { newBrowser, registerPasskey, type PasskeyBrowser } from "../testing/passkey-flow.js";
import { passkeySetups, storedCredentialId, type AdapterKind, type PasskeySetup } from "../testing/passkey-setup.js";
import type { AuthConfig } from "../types.js";

const setup = passkeySetups();

afterEach(() => void vi.useRealTimers());

/** A config with passkeys and GitHub, recording the account events. */
function accountSetup(adapter: AdapterKind, overrides: Partial<AuthConfig> = {}) {
  const events: { name: string; message: any }[] = [];
  const record = (name: string) => (message: unknown) => void events.push({ name, message });
  const names = ["accountUpdated", "sessionRevoked", "passkeyRenamed", "passkeyRemoved", "accountUnlinked", "accountDeleted", "updateUser"];
  const s = setup({
    adapter,
    strategy: "database",
    providers: [Passkey(), GitHub({ clientId: "id", clientSecret: "secret" })],
    overrides: { events: Object.fromEntries(names.map((name) => [name, record(name)])), ...overrides },
  });
  return { ...s, accountEvents: events };
}

/** A user who signed up with a passkey (signed in in `browser`) and has a GitHub account linked. */
async function user(s: PasskeySetup, email = "ada@example.com"): Promise<PasskeyBrowser & { userId: string; passkeyId: string }> {
  const browser = newBrowser();
  await registerPasskey(s.config, browser, { email });
  const { id: userId } = (await s.adapter.getUserByEmail!(email))!;
  await s.adapter.linkAccount!({ userId, type: "oauth", provider: "github", providerAccountId: `gh-${email}` });
  return { ...browser, userId, passkeyId: storedCredentialId(browser.authenticator.credentials[0]!.id) };
}

async function call(config: AuthConfig, jar: CookieJar, path: string, body?: Record<string, unknown>, withCsrf = true) {
  const token = body && withCsrf ? (await csrf(config, jar)).csrfToken : undefined;
  const request = body
    ? postJson(`/auth/account/${path}`, { ...(token ? { csrfToken: token } : {}), ...body }, { cookie: jar.header })
    : get(`/auth/account/${path}`, { cookie: jar.header });
  const response = await Auth(request, config);
  jar.update(response);
  return { status: response.status, body: (await response.json()) as any };
}

async function form(config: AuthConfig, jar: CookieJar, path: string, fields: Record<string, string>, withCsrf = true) {
  const { csrfToken } = await csrf(config, jar);
  const response = await Auth(postForm(`/auth/account/form/${path}`, { ...(withCsrf ? { csrfToken } : {}), ...fields }, { cookie: jar.header }), config);
  jar.update(response);
  return { status: response.status, location: response.headers.get("location") };
}

describe.each(["memory", "sqlite"] as AdapterKind[])("the account area with the %s adapter", (adapter) => {
  it("every JSON route needs a session (401) and every change the CSRF token (403)", async () => {
    const s = accountSetup(adapter, { account: { deletion: true } });
    for (const path of ["profile", "accounts"]) expect((await call(s.config, new CookieJar(), path)).status).toBe(401);
    const ada = await user(s);
    for (const [path, body] of [
      ["profile", { name: "X" }],
      ["accounts/unlink", { provider: "github", providerAccountId: "gh-ada@example.com" }],
      ["delete", { confirm: "ada@example.com" }],
    ] as const) {
      const answer = await call(s.config, ada.jar, path, body, false);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toBe("MissingCSRF");
    }
    expect((await s.adapter.getUser!(ada.userId))!.name).toBeFalsy();
    expect(await s.adapter.listAccounts!(ada.userId)).toHaveLength(2);
  });

  it("profile: the name and picture are stored and shown; the e-mail stays; bad values are refused", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const saved = await call(s.config, ada.jar, "profile", { name: "  Ada Lovelace ", image: "https://example.com/ada.png" });
    expect(saved).toEqual({ status: 200, body: { user: { name: "Ada Lovelace", email: "ada@example.com", image: "https://example.com/ada.png" } } });
    expect(await s.adapter.getUser!(ada.userId)).toMatchObject({ name: "Ada Lovelace", image: "https://example.com/ada.png", email: "ada@example.com" });
    expect((await call(s.config, ada.jar, "profile")).body).toEqual({ user: saved.body.user, deletion: false });
    expect(s.accountEvents.find((event) => event.name === "accountUpdated")?.message.changes).toEqual({
      name: "Ada Lovelace",
      image: "https://example.com/ada.png",
    });

    for (const body of [
      { name: "bad\u0000name" },
      { name: "x".repeat(101) },
      { name: 42 },
      { name: "Ada", image: "javascript:alert(1)" },
      { name: "Ada", image: "http://example.com/a.png" },
    ]) {
      const answer = await call(s.config, ada.jar, "profile", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe("InvalidRequest");
    }
    expect((await s.adapter.getUser!(ada.userId))!.name).toBe("Ada Lovelace");

    // A picture the provider gave that Foyer would not accept as new (http:) is kept when sent back unchanged.
    await s.adapter.updateUser!({ id: ada.userId, image: "http://legacy.example/a.png" });
    const kept = await call(s.config, ada.jar, "profile", { name: "Ada", image: "http://legacy.example/a.png" });
    expect(kept.status).toBe(200);
    expect(await s.adapter.getUser!(ada.userId)).toMatchObject({ name: "Ada", image: "http://legacy.example/a.png" });
  });

  it("connected accounts: listed with what can be linked; another user's account is not found; the last way in is refused", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const bob = await user(s, "bob@example.com");
    const listed = await call(s.config, ada.jar, "accounts");
    expect(listed.body).toEqual({
      accounts: [{ provider: "github", name: "GitHub", providerAccountId: "gh-ada@example.com", canUnlink: true }],
      available: [],
    });

    const others = await call(s.config, ada.jar, "accounts/unlink", { provider: "github", providerAccountId: "gh-bob@example.com" });
    expect(others.status).toBe(404);
    expect(await s.adapter.listAccounts!(bob.userId)).toHaveLength(2);

    // Removing the passkey leaves GitHub as the only way in: it can no longer be unlinked.
    expect((await call(s.config, ada.jar, "passkeys/remove", { id: ada.passkeyId })).status).toBe(200);
    expect((await call(s.config, ada.jar, "accounts")).body.accounts[0].canUnlink).toBe(false);
    const last = await call(s.config, ada.jar, "accounts/unlink", { provider: "github", providerAccountId: "gh-ada@example.com" });
    expect(last).toMatchObject({ status: 409, body: { error: "LastSignInMethod" } });
    expect(await s.adapter.listAccounts!(ada.userId)).toEqual([expect.objectContaining({ provider: "github" })]);
    expect(s.accountEvents.map((event) => event.name)).toEqual(["passkeyRemoved"]);
  });

  it("unlinking while a passkey remains works and fires accountUnlinked", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const answer = await call(s.config, ada.jar, "accounts/unlink", { provider: "github", providerAccountId: "gh-ada@example.com" });
    expect(answer).toEqual({ status: 200, body: { unlinked: { provider: "github", providerAccountId: "gh-ada@example.com" } } });
    expect((await s.adapter.listAccounts!(ada.userId)).map((account) => account.provider)).toEqual(["passkey"]);
    expect((await call(s.config, ada.jar, "accounts")).body.available).toEqual([{ id: "github", name: "GitHub" }]);
    expect(s.accountEvents.find((event) => event.name === "accountUnlinked")?.message.account).toEqual({
      provider: "github",
      providerAccountId: "gh-ada@example.com",
    });
  });

  it("deletion is off unless configured", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const answer = await call(s.config, ada.jar, "delete", { confirm: "ada@example.com" });
    expect(answer).toMatchObject({ status: 404, body: { error: "NotAvailable" } });
    expect(await s.adapter.getUser!(ada.userId)).not.toBeNull();
  });

  it("deletion needs the confirmation and a recent sign-in, then removes the user and ends every session", async () => {
    const s = accountSetup(adapter, { account: { deletion: true } });
    const ada = await user(s);
    expect((await call(s.config, ada.jar, "profile")).body.deletion).toBe(true);
    expect(await call(s.config, ada.jar, "delete", { confirm: "someone@else.com" })).toMatchObject({ status: 400, body: { error: "ConfirmationRequired" } });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    expect(await call(s.config, ada.jar, "delete", { confirm: "ada@example.com" })).toMatchObject({ status: 403, body: { error: "RecentSignInRequired" } });
    expect(await s.adapter.getUser!(ada.userId)).not.toBeNull();
    vi.useRealTimers();

    const deleted = await call(s.config, ada.jar, "delete", { confirm: "ADA@example.com" });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await s.adapter.getUser!(ada.userId)).toBeNull();
    expect(await s.adapter.listSessions!(ada.userId)).toEqual([]);
    expect((await call(s.config, ada.jar, "profile")).status).toBe(401);
    expect(s.accountEvents.map((event) => event.name)).toContain("accountDeleted");
  });

  it("sessions: listed with a readable device; revoking another user's session is not found; events fire", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const bob = await user(s, "bob@example.com");
    const ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const listed = await Auth(get("/auth/account/sessions", { cookie: bob.jar.header, headers: { "user-agent": ua } }), s.config);
    const [bobSession] = (await listed.json()).sessions;
    expect(bobSession).toMatchObject({ current: true });
    expect(await call(s.config, ada.jar, "sessions/revoke", { id: bobSession.id })).toMatchObject({ status: 404 });
    expect((await call(s.config, ada.jar, "sessions/revoke-others", {})).status).toBe(200);
    expect(s.accountEvents.find((event) => event.name === "sessionRevoked")?.message).toMatchObject({ count: 0, current: false });
  });

  it("forms: a change redirects back to the page with a status; a missing CSRF token or a bad id with an error", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const renamed = await form(s.config, ada.jar, "passkeys/rename", { id: ada.passkeyId, name: "Work laptop" });
    expect(renamed).toEqual({ status: 302, location: "http://localhost:3000/auth/account?status=passkeyRenamed#passkeys" });
    expect((await s.adapter.listAuthenticatorsWithMetadata!(ada.userId))[0]!.name).toBe("Work laptop");
    expect(s.accountEvents.find((event) => event.name === "passkeyRenamed")?.message).toMatchObject({ passkeyId: ada.passkeyId, name: "Work laptop" });

    const noToken = await form(s.config, ada.jar, "passkeys/rename", { id: ada.passkeyId, name: "Stolen" }, false);
    expect(noToken.location).toBe("http://localhost:3000/auth/account?error=MissingCSRF#passkeys");
    expect(await form(s.config, ada.jar, "accounts/unlink", { provider: "github", providerAccountId: "nope" })).toMatchObject({
      location: "http://localhost:3000/auth/account?error=NotFound#accounts",
    });
    expect(await form(s.config, ada.jar, "nothing/here", {})).toMatchObject({ location: "http://localhost:3000/auth/account?error=NotFound" });
    expect((await s.adapter.listAuthenticatorsWithMetadata!(ada.userId))[0]!.name).toBe("Work laptop");
  });

  it("the JSON routes still refuse forms (a form posted to them is not read)", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const { csrfToken } = await csrf(s.config, ada.jar);
    const response = await Auth(postForm("/auth/account/profile", { csrfToken, name: "Mallory" }, { cookie: ada.jar.header }), s.config);
    expect(response.status).toBe(403);
    expect((await s.adapter.getUser!(ada.userId))!.name).toBeFalsy();
  });

  it("the hosted page: signed out it sends to sign in; signed in it lists everything, with a status message", async () => {
    const s = accountSetup(adapter);
    const signedOut = await Auth(get("/auth/account"), s.config);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("http://localhost:3000/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Faccount");

    const ada = await user(s);
    await s.adapter.updateAuthenticator!(ada.passkeyId, { name: "iCloud Keychain" });
    const page = await Auth(get("/auth/account?status=passkeyRenamed&error=<script>", { cookie: ada.jar.header }), s.config);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("<title>Account</title>");
    expect(html).toContain('<p class="status" role="status">Name saved.</p>');
    expect(html).not.toContain("<script>");
    expect(html).toContain("iCloud Keychain");
    expect(html).toContain("This device");
    expect(html).toContain('action="http://localhost:3000/auth/account/form/passkeys/remove"');
    expect(html).toContain('class="button danger small"');
    expect(html).toContain("GitHub");
    expect(html).toMatch(/name="csrfToken" value="[0-9a-f]{64}"/);
  });

  it("the hosted page follows the locale's direction (Arabic: right to left)", async () => {
    const s = accountSetup(adapter);
    const ada = await user(s);
    const page = await Auth(get("/auth/account?lang=ar", { cookie: ada.jar.header }), s.config);
    const html = await page.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain('<h1 id="heading">حسابك</h1>');
    expect(html).toContain("الأجهزة التي سجّلت الدخول منها");
  });
});
