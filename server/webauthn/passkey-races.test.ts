/**
 * Review findings, kept as tests: parallel removals of a passkey-only user's two passkeys leave one
 * (the last-way-in rule holds under concurrency in one process); the spent-challenge memory never
 * locks new challenges out, even when flooded; hostile bodies never reach a 500.
 */
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { Auth } from "../auth.js";
import { CookieJar, ORIGIN, csrf, get, postJson } from "../testing/harness.js";
import { newBrowser, registerPasskey, fetchOptions, postCeremony } from "../testing/passkey-flow.js";
import { passkeySetups, type AdapterKind } from "../testing/passkey-setup.js";
import { SoftAuthenticator, type SoftRequestOptions } from "../testing/soft-authenticator.js";
import { memoryStore } from "../stores/memory.js";
import type { Store } from "../stores/types.js";

/** A challenge spent as the callback spends it, with the store's clock at `now`. */
async function spend(store: Store, challenge: string, expiresAt: number, now: number): Promise<boolean> {
  vi.setSystemTime(now);
  return store.claim(`webauthn-spent:${challenge}`, "1", expiresAt - now);
}

const setup = passkeySetups();

describe("passkey races and floods", () => {
  it.each(["memory", "sqlite"] as AdapterKind[])("concurrent removes of a passkey-only user's two passkeys leave zero ways in (%s)", async (kind) => {
    const s = setup({ adapter: kind, strategy: "database" });
    const browser = newBrowser();
    await registerPasskey(s.config, browser, { email: "ada@example.com" });
    const second = new SoftAuthenticator({ origin: ORIGIN });
    await registerPasskey(s.config, { jar: browser.jar, authenticator: second });
    const user = (await s.adapter.getUserByEmail!("ada@example.com"))!;
    const ids = (await s.adapter.listAuthenticatorsByUserId!(user.id)).map((a) => a.credentialID);
    expect(ids).toHaveLength(2);
    const { csrfToken } = await csrf(s.config, browser.jar);
    const answers = await Promise.all(
      ids.map((id) => Auth(postJson("/auth/account/passkeys/remove", { csrfToken, id }, { cookie: browser.jar.header }), s.config)),
    );
    const statuses = answers.map((r) => r.status);
    const left = await s.adapter.listAuthenticatorsByUserId!(user.id);
    // The last-sign-in-method rule promises one of them is refused with 409.
    expect({ statuses, left: left.length }).toEqual({ statuses: expect.arrayContaining([409]), left: 1 });
  });

  it.each(["memory", "sqlite"] as AdapterKind[])(
    "two parallel assertions of a cloned authenticator with the same counter: one signs in, the other is refused (%s)",
    async (kind) => {
      const s = setup({ adapter: kind, strategy: "database" });
      const original = newBrowser();
      await registerPasskey(s.config, original, { email: "ada@example.com" });
      // Two browsers each fetch their own challenge; the clone signs both with counter 5.
      const browsers = [newBrowser(original.authenticator), newBrowser(original.authenticator)];
      const assertions = await Promise.all(
        browsers.map(async (browser) => {
          const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", { action: "authenticate" }, browser.jar);
          return browser.authenticator.authenticate(body.options, { counter: 5 });
        }),
      );
      const answers = await Promise.all(
        browsers.map((browser, i) => postCeremony(s.config, "passkey", { action: "authenticate", data: assertions[i] }, browser.jar)),
      );
      const locations = answers.map((r) => r.headers.get("location")).sort();
      expect(locations).toEqual([ORIGIN, `${ORIGIN}/auth/signin?error=WebAuthnVerificationError`].sort());
      const user = (await s.adapter.getUserByEmail!("ada@example.com"))!;
      const [stored] = await s.adapter.listAuthenticatorsByUserId!(user.id);
      expect(stored!.counter).toBe(5);
    },
  );

  it("a flood of verified challenges beyond the capacity never locks new ones out: the memory forgets those closest to expiry, and recent ones are still refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const memory = memoryStore({ maxEntries: 100_000 });
    const now = Date.now();
    // Spent 14 minutes ago (its cookie expires in one minute), then a recent one (expires in 15).
    expect(await spend(memory, "old", now + 60_000, now)).toBe(true);
    expect(await spend(memory, "recent", now + 900_000, now)).toBe(true);
    let refused = 0;
    for (let i = 0; i < 100_000; i++) if (!(await spend(memory, `flood-${i}`, now + 600_000 + i, now))) refused++;
    expect(refused).toBe(0);
    expect(memory.size).toBe(100_000);
    // The flood pushed out the entries closest to expiry: "old" first, then the earliest flood ones.
    expect(await spend(memory, "recent", now + 900_000, now)).toBe(false);
    expect(await spend(memory, "flood-99999", now + 900_000, now)).toBe(false);
    expect(await spend(memory, "old", now + 60_000, now)).toBe(true);
    // Expired entries make room before any live one is forgotten, and may be spent again.
    const small = memoryStore({ maxEntries: 2 });
    expect(await spend(small, "expired", now + 1, now)).toBe(true);
    expect(await spend(small, "live", now + 1000, now + 1)).toBe(true);
    expect(await spend(small, "new", now + 2000, now + 1)).toBe(true);
    expect(await spend(small, "live", now + 1000, now + 1)).toBe(false);
    expect(await spend(small, "expired", now + 3000, now + 1)).toBe(true);
  });

  it("hostile inputs never 500", async () => {
    const s = setup({ adapter: "memory", strategy: "database" });
    const results: Record<string, number> = {};
    const jar = new CookieJar();
    const reqs: [string, Request][] = [
      ["options non-webauthn provider", get("/auth/webauthn-options/credentials")],
      ["options unknown provider", get("/auth/webauthn-options/nope")],
      ["options POST", postJson("/auth/webauthn-options/passkey?action=register", { email: "a@b.com" })],
      ["options register array email", get("/auth/webauthn-options/passkey?action=register&email=a@b.com&email=c@d.com")],
      [
        "callback json data object",
        postJson("/auth/callback/passkey", { action: "authenticate", data: { id: "AA", rawId: "AA", type: "public-key", response: {} } }),
      ],
      ["callback json data array", postJson("/auth/callback/passkey", { action: ["authenticate"], data: [] })],
      ["callback json body array", postJson("/auth/callback/passkey", [1, 2])],
      ["callback json null", postJson("/auth/callback/passkey", "null")],
      ["callback GET", get("/auth/callback/passkey?action=authenticate&data=x")],
    ];
    for (const [name, req] of reqs) {
      const r = await Auth(req, s.config);
      results[name] = r.status;
    }
    // with a real challenge cookie and garbage response fields
    await fetchOptions(s.config, "passkey", { action: "authenticate" }, jar);
    const r1 = await postCeremony(
      s.config,
      "passkey",
      {
        action: "authenticate",
        data: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: 5, authenticatorData: {}, signature: [] } },
      },
      jar,
    );
    results["garbage assertion"] = r1.status;
    const jar2 = new CookieJar();
    await fetchOptions(s.config, "passkey", { action: "register", email: "x@example.com" }, jar2);
    const r2 = await postCeremony(
      s.config,
      "passkey",
      {
        action: "register",
        data: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "oA", transports: "usb" } },
      },
      jar2,
    );
    results["garbage attestation"] = r2.status;
    expect(Object.values(results).every((status) => status < 500)).toBe(true);
  });
});
