/**
 * The spent-challenge memory under attack, black-box through `Auth()` with the software authenticator.
 *
 * Options (and so challenges) are free to mint: `GET webauthn-options/<id>` needs no session and no
 * CSRF token. A challenge must therefore only be remembered as used once a ceremony over it has
 * verified — otherwise one client posting bogus assertions fills the memory and every real passkey
 * sign-in is refused. The memory is made small here (the real one holds 100 000 challenges) so that
 * "full" is reached in a few requests.
 */
import { describe, expect, it } from "vitest";
import { CookieJar, ORIGIN, setCookies } from "../testing/harness.js";
import { fetchOptions, newBrowser, postCeremony, registerPasskey, sessionOf, signInWithPasskey } from "../testing/passkey-flow.js";
import { passkeySetups, type AdapterKind, type PasskeySetup } from "../testing/passkey-setup.js";
import { SoftAuthenticator, type SoftCreationOptions, type SoftRequestOptions } from "../testing/soft-authenticator.js";
import type { AuthConfig } from "../types.js";
import { memoryStore } from "../stores/memory.js";

/** Foyer's detail of a logged error: the message is Auth.js's wording (server/core/authjs-wording.ts). */
function detailOf(error: Error): string {
  return String((error.cause as { detail?: unknown } | undefined)?.detail ?? "");
}

const CAPACITY = 8;
const REFUSED = `${ORIGIN}/auth/signin?error=WebAuthnVerificationError`;
const setup = passkeySetups();

const matrix: [AdapterKind, "jwt" | "database"][] = [
  ["memory", "jwt"],
  ["memory", "database"],
  ["sqlite", "jwt"],
  ["sqlite", "database"],
];

/** A setup whose spent-challenge memory holds only CAPACITY challenges. */
function smallMemorySetup(adapter: AdapterKind, strategy: "jwt" | "database"): PasskeySetup {
  const s = setup({ adapter, strategy });
  s.config.store = memoryStore({ maxEntries: CAPACITY });
  return s;
}

/** An attacker's authenticator holding one credential this server has never seen. */
async function attackerAuthenticator(): Promise<SoftAuthenticator> {
  const attacker = new SoftAuthenticator({ origin: ORIGIN });
  await attacker.register({ challenge: "AAAA", rp: { id: "localhost" }, user: { id: "YXR0YWNrZXI" } });
  return attacker;
}

/**
 * One bogus sign-in: fresh options (and challenge cookie) in a fresh jar, then a well-formed assertion
 * that cannot verify — signed by the attacker's key but naming the victim's credential (odd rounds),
 * or by a credential the server does not know (even rounds).
 */
async function bogusAssertion(config: AuthConfig, attacker: SoftAuthenticator, victimWireId: string, round: number): Promise<Response> {
  const jar = new CookieJar();
  const { body } = await fetchOptions<SoftRequestOptions>(config, "passkey", {}, jar);
  const signed = await attacker.authenticate(body.options);
  const data = round % 2 ? { ...signed, id: victimWireId, rawId: victimWireId } : signed;
  return postCeremony(config, "passkey", { action: "authenticate", data }, jar);
}

/** One bogus sign-up: fresh registration options for a new address, then an attestation made for another origin. */
async function bogusAttestation(config: AuthConfig, attacker: SoftAuthenticator, round: number): Promise<Response> {
  const jar = new CookieJar();
  const { body } = await fetchOptions<SoftCreationOptions>(config, "passkey", { action: "register", email: `flood-${round}@example.com` }, jar);
  const data = await attacker.register(body.options, { origin: "https://evil.example" });
  return postCeremony(config, "passkey", { action: "register", data }, jar);
}

describe("a flood of bogus ceremonies over freely minted challenges does not lock real passkey users out", () => {
  it.each(matrix)(
    "bogus assertions, each with fresh options, beyond the memory's capacity: the real user still signs in (%s, %s sessions)",
    async (adapter, strategy) => {
      const s = smallMemorySetup(adapter, strategy);
      const victim = newBrowser();
      await registerPasskey(s.config, victim, { email: "ada@example.com" });
      const attacker = await attackerAuthenticator();

      for (let round = 0; round < CAPACITY * 3; round++) {
        const answer = await bogusAssertion(s.config, attacker, victim.authenticator.credentials[0]!.id, round);
        expect(answer.headers.get("location")).toBe(REFUSED);
      }

      const jar = new CookieJar();
      const signedIn = await signInWithPasskey(s.config, { jar, authenticator: victim.authenticator });
      expect(signedIn.headers.get("location")).toBe(ORIGIN);
      expect((await sessionOf(s.config, jar))?.user?.email).toBe("ada@example.com");
      // Every bogus one was refused for its signature or credential, never as a "used" challenge.
      expect(new Set(s.errorTypes())).toEqual(new Set(["WebAuthnVerificationError"]));
    },
  );

  it.each(matrix)(
    "bogus sign-up attestations, each with fresh options, beyond the memory's capacity: a real sign-up and sign-in still work (%s, %s sessions)",
    async (adapter, strategy) => {
      const s = smallMemorySetup(adapter, strategy);
      const attacker = await attackerAuthenticator();
      for (let round = 0; round < CAPACITY * 3; round++) {
        const answer = await bogusAttestation(s.config, attacker, round);
        expect(answer.headers.get("location")).toBe(REFUSED);
      }
      expect(await s.adapter.getUserByEmail!("flood-0@example.com")).toBeNull();

      const victim = newBrowser();
      const signedUp = await registerPasskey(s.config, victim, { email: "ada@example.com" });
      expect(signedUp.headers.get("location")).toBe(ORIGIN);
      const jar = new CookieJar();
      expect((await signInWithPasskey(s.config, { jar, authenticator: victim.authenticator })).headers.get("location")).toBe(ORIGIN);
      expect((await sessionOf(s.config, jar))?.user?.email).toBe("ada@example.com");
    },
  );

  it.each(matrix)(
    "verified sign-ins with the attacker's own passkey beyond the memory's capacity: others still sign in, and a recent captured request is still refused (%s, %s sessions)",
    async (adapter, strategy) => {
      const s = smallMemorySetup(adapter, strategy);
      // Counter 0 (a synced passkey): only the memory, not the counter, can refuse a replay.
      const attacker = newBrowser(new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 }));
      await registerPasskey(s.config, attacker, { email: "mallory@example.com" });
      const victim = newBrowser(new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 }));
      await registerPasskey(s.config, victim, { email: "ada@example.com" });

      for (let round = 0; round < CAPACITY * 2; round++) {
        const answer = await signInWithPasskey(s.config, { jar: new CookieJar(), authenticator: attacker.authenticator });
        expect(answer.headers.get("location")).toBe(ORIGIN);
      }

      // The victim signs in; the request is captured (cookie and body) and replayed at once.
      const jar = new CookieJar();
      const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, jar);
      const data = await victim.authenticator.authenticate(body.options);
      const captured = jar.header;
      expect((await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar)).headers.get("location")).toBe(ORIGIN);
      s.errors.length = 0;
      const replay = await postCeremony(s.config, "passkey", { action: "authenticate", data }, cookieJar(captured));
      expect(replay.headers.get("location")).toBe(REFUSED);
      expect(s.errorTypes()).toEqual(["InvalidCheck"]);
      expect(detailOf(s.errors[0]!)).toContain("already used");
    },
  );
});

describe("a verified ceremony replayed with its challenge cookie is still refused (one challenge, one verified callback)", () => {
  it.each(matrix)("a captured sign-in replayed, after it and in parallel with it (%s, %s sessions)", async (adapter, strategy) => {
    const s = setup({ adapter, strategy });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 });
    await registerPasskey(s.config, { jar: new CookieJar(), authenticator }, { email: "ada@example.com" });

    // After: the first request signed in; the replay is refused and signs nobody in.
    const jar = new CookieJar();
    const { body } = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, jar);
    const data = await authenticator.authenticate(body.options);
    const captured = jar.header;
    expect((await postCeremony(s.config, "passkey", { action: "authenticate", data }, jar)).headers.get("location")).toBe(ORIGIN);
    s.errors.length = 0;
    const replayJar = cookieJar(captured);
    const replay = await postCeremony(s.config, "passkey", { action: "authenticate", data }, replayJar);
    expect(replay.headers.get("location")).toBe(REFUSED);
    expect(setCookies(replay).has("authjs.session-token")).toBe(false);
    expect(s.errorTypes()).toEqual(["InvalidCheck"]);

    // In parallel: the same request twice at once — exactly one signs in.
    const both = new CookieJar();
    const options = await fetchOptions<SoftRequestOptions>(s.config, "passkey", {}, both);
    const twice = await authenticator.authenticate(options.body.options);
    const answers = await Promise.all([0, 1].map(() => postCeremony(s.config, "passkey", { action: "authenticate", data: twice }, cookieJar(both.header))));
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([ORIGIN, REFUSED].sort());
    expect(answers.filter((answer) => setCookies(answer).has("authjs.session-token"))).toHaveLength(1);
  });

  it.each(matrix)("a captured sign-up replayed, after it and in parallel with it: one user, one passkey (%s, %s sessions)", async (adapter, strategy) => {
    const s = setup({ adapter, strategy });
    for (const [email, parallel] of [
      ["ada@example.com", false],
      ["bob@example.com", true],
    ] as const) {
      const browser = newBrowser();
      const { body } = await fetchOptions<SoftCreationOptions>(s.config, "passkey", { action: "register", email }, browser.jar);
      const data = await browser.authenticator.register(body.options);
      const captured = browser.jar.header;
      s.errors.length = 0;
      const answers = parallel
        ? await Promise.all([0, 1].map(() => postCeremony(s.config, "passkey", { action: "register", data }, cookieJar(captured))))
        : [
            await postCeremony(s.config, "passkey", { action: "register", data }, cookieJar(captured)),
            await postCeremony(s.config, "passkey", { action: "register", data }, cookieJar(captured)),
          ];
      expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([ORIGIN, REFUSED].sort());
      expect(s.errorTypes()).toEqual(["InvalidCheck"]);
      const user = (await s.adapter.getUserByEmail!(email))!;
      expect(await s.adapter.listAuthenticatorsByUserId!(user.id)).toHaveLength(1);
    }
  });
});

/** A jar holding exactly the cookies of a captured `Cookie` header. */
function cookieJar(header: string): CookieJar {
  const jar = new CookieJar();
  for (const pair of header.split("; ")) {
    const eq = pair.indexOf("=");
    if (eq > 0) jar.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
