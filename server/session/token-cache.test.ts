/**
 * The cache of opened session tokens (session/token-cache.ts): a repeated read skips the decryption,
 * and the cache never accepts what decrypting would refuse — a token past its `exp`, a token whose
 * secret is no longer listed, a token read for another cookie name or by another config.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import { normalizeConfig } from "../config/normalize.js";
import { crypto } from "../jwt/crypto.js";
import { encode, JWEInvalid } from "../jwt/index.js";
import { JWTExpired } from "../jwt/claims.js";
import { get, SECRET, signIn, testConfig } from "../testing/harness.js";
import { MAX_CACHED_TOKENS, openCachedToken } from "./token-cache.js";

const SESSION = "authjs.session-token";
const OTHER_SECRET = "another-secret-of-at-least-thirty-two-characters";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** How many times a token is decrypted (the HMAC-SHA-512 tag check runs once per decryption) while `run` runs. */
async function decryptions(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(crypto, "hmacSha512");
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

async function sessionBody(config: Parameters<typeof Auth>[1], cookie: string) {
  const response = await Auth(get("/auth/session", { cookie }), config);
  return { body: await response.json(), setCookies: response.headers.getSetCookie() };
}

describe("openCachedToken", () => {
  it("opens a token once; the next read of the same token by the same config decrypts nothing and gets a fresh object", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1", name: "A" }, secret: SECRET, salt: SESSION });
    const first = await openCachedToken(owner, token, [SECRET], SESSION);
    let second: Awaited<ReturnType<typeof openCachedToken>> = null;
    expect(await decryptions(async () => (second = await openCachedToken(owner, token, [SECRET], SESSION)))).toBe(0);
    expect(second!.payload).toEqual(first!.payload);
    expect(second!.payload).not.toBe(first!.payload);
    expect(second!.plaintext).toBe(first!.plaintext);
  });

  it("a cached token past its exp (beyond the 15 s tolerance) throws JWTExpired, as decrypting it would", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION, maxAge: 60 });
    await openCachedToken(owner, token, [SECRET], SESSION);
    vi.useFakeTimers({ now: Date.now() + 60_000 + 16_000, toFake: ["Date"] });
    await expect(openCachedToken(owner, token, [SECRET], SESSION)).rejects.toBeInstanceOf(JWTExpired);
    // And it is gone from the cache: going back in time, the token is decrypted again.
    vi.useRealTimers();
    expect(await decryptions(() => openCachedToken(owner, token, [SECRET], SESSION))).toBe(1);
  });

  it("a cached token whose nbf lies ahead is refused on every read", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, token, [SECRET], SESSION);
    vi.useFakeTimers({ now: Date.now() + 31 * 24 * 3600 * 1000, toFake: ["Date"] });
    await expect(openCachedToken(owner, token, [SECRET], SESSION)).rejects.toBeInstanceOf(JWTExpired);
  });

  it("after the secret changed (same config object), a token sealed with the old secret no longer opens", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, token, [SECRET], SESSION);
    await expect(openCachedToken(owner, token, [OTHER_SECRET], SESSION)).rejects.toBeInstanceOf(JWEInvalid);
  });

  it("a secret list changed in place (the same array) refuses tokens of the secret it no longer lists", async () => {
    const owner = {};
    const secrets = [SECRET];
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, token, secrets, SESSION);
    secrets[0] = OTHER_SECRET;
    await expect(openCachedToken(owner, token, secrets, SESSION)).rejects.toBeInstanceOf(JWEInvalid);
  });

  it("a rotation that drops the old secret refuses its tokens at once; one that keeps it still opens them", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, token, [OTHER_SECRET, SECRET], SESSION);
    expect((await openCachedToken(owner, token, [OTHER_SECRET, SECRET], SESSION))!.payload.sub).toBe("1");
    await expect(openCachedToken(owner, token, [OTHER_SECRET], SESSION)).rejects.toBeInstanceOf(JWEInvalid);
  });

  it("entries are per cookie name (salt): a token opened for one name does not open under another", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, token, [SECRET], SESSION);
    await expect(openCachedToken(owner, token, [SECRET], `__Secure-${SESSION}`)).rejects.toBeInstanceOf(JWEInvalid);
  });

  it("entries are per config: another config decrypts the same token itself", async () => {
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken({}, token, [SECRET], SESSION);
    expect(await decryptions(() => openCachedToken({}, token, [SECRET], SESSION))).toBe(1);
  });

  it("a tampered copy of a cached token is decrypted (and refused), never matched", async () => {
    const owner = {};
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, token, [SECRET], SESSION);
    const parts = token.split(".");
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith("A") ? "BA" : "AA");
    await expect(openCachedToken(owner, parts.join("."), [SECRET], SESSION)).rejects.toBeInstanceOf(JWEInvalid);
  });

  it("is bounded: after MAX_CACHED_TOKENS other tokens, the first is decrypted again", async () => {
    const owner = {};
    const first = await encode({ token: { sub: "first" }, secret: SECRET, salt: SESSION });
    await openCachedToken(owner, first, [SECRET], SESSION);
    for (let i = 0; i < MAX_CACHED_TOKENS; i++) {
      await openCachedToken(owner, await encode({ token: { sub: String(i) }, secret: SECRET, salt: SESSION }), [SECRET], SESSION);
    }
    expect(await decryptions(() => openCachedToken(owner, first, [SECRET], SESSION))).toBe(1);
  });
});

describe("session reads through Auth() with the cache", () => {
  it("a repeated GET /session decrypts the cookie once", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    await sessionBody(config, jar.header);
    expect(await decryptions(() => sessionBody(config, jar.header))).toBe(0);
  });

  it("a session read after exp is null and deletes the cookie, though the token was cached", async () => {
    const config = testConfig({ session: { maxAge: 120 } });
    const { jar } = await signIn(config);
    expect((await sessionBody(config, jar.header)).body).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + (120 + 16) * 1000, toFake: ["Date"] });
    const { body, setCookies } = await sessionBody(config, jar.header);
    expect(body).toBeNull();
    expect(setCookies).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("another config with another secret does not read a session the first config has cached", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    expect((await sessionBody(config, jar.header)).body).not.toBeNull();
    const other = testConfig({ secret: OTHER_SECRET });
    expect((await sessionBody(other, jar.header)).body).toBeNull();
  });

  it("the normalised config owns the entries: a config object prepared again reads through its own cache", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    await sessionBody(config, jar.header);
    expect(normalizeConfig(config)).toBe(normalizeConfig(config));
    const copy = { ...config };
    expect(await decryptions(() => sessionBody(copy, jar.header))).toBe(1);
  });
});
