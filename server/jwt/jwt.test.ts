import { createCipheriv, createHmac, generateKeyPairSync, hkdfSync, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { base64url as joseB64, calculateJwkThumbprint, CompactEncrypt, EncryptJWT, jwtDecrypt, SignJWT } from "jose";
import { decode, encode, DEFAULT_MAX_AGE, JWEInvalid } from "./index.js";

const SALT = "authjs.session-token";
const SECURE_SALT = "__Secure-authjs.session-token";
const A = "secret-a-0123456789abcdef0123456789abcdef";
const B = "secret-b-fedcba9876543210fedcba9876543210";
const C = "secret-c-not-configured-anywhere-000000000";

/** The Auth.js key derivation, written independently of Foyer. */
function hkdf(secret: string, salt: string, length: 64 | 32 = 64): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length));
}

async function thumbprint(key: Uint8Array): Promise<string> {
  return calculateJwkThumbprint({ kty: "oct", k: joseB64.encode(key) }, key.byteLength === 64 ? "sha512" : "sha256");
}

function b64(bytes: Uint8Array | Buffer | string): string {
  return Buffer.from(bytes as Uint8Array).toString("base64url");
}

function header(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
}

/**
 * An independent A256CBC-HS512 compact JWE sealer (RFC 7518 §5.2) that takes ANY protected header,
 * correctly authenticated. Lets us check that Foyer rejects tokens for what their header says,
 * not because the MAC failed.
 */
function sealWithHeader(hdr: Record<string, unknown>, plaintext: string, key: Uint8Array): string {
  const headerText = b64(JSON.stringify(hdr));
  const aad = Buffer.from(headerText, "ascii");
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length) * 8n);
  const tag = createHmac("sha512", key.subarray(0, 32))
    .update(Buffer.concat([aad, iv, ciphertext, al]))
    .digest()
    .subarray(0, 32);
  return `${headerText}..${b64(iv)}.${b64(ciphertext)}.${b64(tag)}`;
}

/** Flips one bit in the given base64url segment of a compact JWE (re-encoded canonically). */
function flipBit(token: string, part: number, byteIndex = 0): string {
  const parts = token.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[byteIndex] = bytes[byteIndex]! ^ 0x01;
  parts[part] = b64(bytes);
  return parts.join(".");
}

const nowS = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe("encode", () => {
  it("produces a 5-part compact JWE with an empty encrypted key", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const parts = token.split(".");
    expect(parts).toHaveLength(5);
    expect(parts[1]).toBe("");
    expect(Buffer.from(parts[2]!, "base64url")).toHaveLength(16); // IV
    expect(Buffer.from(parts[4]!, "base64url")).toHaveLength(32); // tag
  });

  it('protected header is exactly {"alg":"dir","enc":"A256CBC-HS512","kid":<SHA-512 JWK thumbprint>}', async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const kid = await thumbprint(hkdf(A, SALT));
    expect(kid).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const headerText = Buffer.from(token.split(".")[0]!, "base64url").toString("utf8");
    expect(headerText).toBe(`{"alg":"dir","enc":"A256CBC-HS512","kid":"${kid}"}`);
  });

  it("the kid depends on the salt and on the secret", async () => {
    const k1 = header(await encode({ token: {}, secret: A, salt: SALT })).kid;
    const k2 = header(await encode({ token: {}, secret: A, salt: SECURE_SALT })).kid;
    const k3 = header(await encode({ token: {}, secret: B, salt: SALT })).kid;
    expect(new Set([k1, k2, k3]).size).toBe(3);
    expect(k2).toBe(await thumbprint(hkdf(A, SECURE_SALT)));
  });

  it("sets iat = now, exp = now + default maxAge (30 days) and a UUID jti", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T12:00:00.700Z"));
    const now = Math.floor(Date.now() / 1000);
    const token = await encode({ token: { sub: "1", name: "Ada" }, secret: A, salt: SALT });
    const payload = await decode({ token, secret: A, salt: SALT });
    expect(DEFAULT_MAX_AGE).toBe(2592000);
    expect(payload).toMatchObject({ sub: "1", name: "Ada", iat: now, exp: now + 2592000 });
    expect(payload!.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("overwrites iat/exp/jti already present in the token", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
    const now = nowS();
    const input = { sub: "1", iat: 1, exp: 2, jti: "attacker-chosen" };
    const token = await encode({ token: input, secret: A, salt: SALT, maxAge: 60 });
    const payload = await decode({ token, secret: A, salt: SALT });
    expect(payload!.iat).toBe(now);
    expect(payload!.exp).toBe(now + 60);
    expect(payload!.jti).not.toBe("attacker-chosen");
    expect(input).toEqual({ sub: "1", iat: 1, exp: 2, jti: "attacker-chosen" }); // input not mutated
  });

  it("honours maxAge", async () => {
    const token = await encode({ token: {}, secret: A, salt: SALT, maxAge: 3600 });
    const payload = await decode({ token, secret: A, salt: SALT });
    expect(payload!.exp! - payload!.iat!).toBe(3600);
  });

  it("a fresh jti and IV every time", async () => {
    const t1 = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const t2 = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    expect(t1.split(".")[2]).not.toBe(t2.split(".")[2]);
    const [p1, p2] = await Promise.all([decode({ token: t1, secret: A, salt: SALT }), decode({ token: t2, secret: A, salt: SALT })]);
    expect(p1!.jti).not.toBe(p2!.jti);
  });

  it("round-trips non-ASCII claims", async () => {
    const token = await encode({ token: { name: "Zoë 🦊 Ωmega", nested: { a: [1, 2] } }, secret: A, salt: SALT });
    expect(await decode({ token, secret: A, salt: SALT })).toMatchObject({ name: "Zoë 🦊 Ωmega", nested: { a: [1, 2] } });
  });

  it("throws without a secret", async () => {
    await expect(encode({ token: {}, secret: [], salt: SALT })).rejects.toThrow();
  });
});

describe("decode", () => {
  it("decode('') → null", async () => {
    expect(await decode({ token: "", secret: A, salt: SALT })).toBeNull();
    expect(await decode({ token: undefined, secret: A, salt: SALT })).toBeNull();
  });

  it("throws (never null) on garbage", async () => {
    await expect(decode({ token: "not-a-jwe", secret: A, salt: SALT })).rejects.toThrow();
    await expect(decode({ token: "a.b.c.d.e", secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-03 a token sealed under salt authjs.session-token does not open with salt __Secure-authjs.session-token (and the reverse)", async () => {
    const plain = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const secure = await encode({ token: { sub: "1" }, secret: A, salt: SECURE_SALT });
    await expect(decode({ token: plain, secret: A, salt: SECURE_SALT })).rejects.toThrow();
    await expect(decode({ token: secure, secret: A, salt: SALT })).rejects.toThrow();
    expect(await decode({ token: secure, secret: A, salt: SECURE_SALT })).toMatchObject({ sub: "1" });
  });

  it("R-SESS-03 a kid-less token under the other salt still fails (the MAC, not just the kid)", async () => {
    const token = await new EncryptJWT({ sub: "1" }).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" }).encrypt(hkdf(A, SALT));
    await expect(decode({ token, secret: A, salt: SECURE_SALT })).rejects.toThrow();
  });
});

describe("secret rotation", () => {
  it("the first secret seals", async () => {
    const token = await encode({ token: {}, secret: [A, B], salt: SALT });
    expect(header(token).kid).toBe(await thumbprint(hkdf(A, SALT)));
  });

  it("a string secret equals a one-element list", async () => {
    const t1 = await encode({ token: {}, secret: A, salt: SALT });
    const t2 = await encode({ token: {}, secret: [A], salt: SALT });
    expect(header(t1)).toEqual(header(t2));
  });

  it("a token sealed with any listed secret opens, selected by kid", async () => {
    const byA = await encode({ token: { sub: "a" }, secret: A, salt: SALT });
    const byB = await encode({ token: { sub: "b" }, secret: B, salt: SALT });
    for (const secrets of [
      [A, B],
      [B, A],
      [C, A, B],
      [B, C, A],
    ]) {
      expect(await decode({ token: byA, secret: secrets, salt: SALT })).toMatchObject({ sub: "a" });
      expect(await decode({ token: byB, secret: secrets, salt: SALT })).toMatchObject({ sub: "b" });
    }
  });

  it("kid-less tokens open only with the first secret", async () => {
    const kidlessA = await new EncryptJWT({ sub: "a" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .encrypt(hkdf(A, SALT));
    expect(header(kidlessA).kid).toBeUndefined();
    expect(await decode({ token: kidlessA, secret: A, salt: SALT })).toMatchObject({ sub: "a" });
    expect(await decode({ token: kidlessA, secret: [A, B], salt: SALT })).toMatchObject({ sub: "a" });
    // A is listed, but second: kid-less tokens are tried with the first secret only.
    await expect(decode({ token: kidlessA, secret: [B, A], salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-07 a kid matching no configured secret → throws", async () => {
    const byC = await encode({ token: { sub: "c" }, secret: C, salt: SALT });
    await expect(decode({ token: byC, secret: [A, B], salt: SALT })).rejects.toThrow(/no matching decryption secret/);
  });

  it("R-SESS-07 a secret removed from the list → its tokens no longer open", async () => {
    const byB = await encode({ token: { sub: "b" }, secret: [B, A], salt: SALT });
    expect(await decode({ token: byB, secret: [A, B], salt: SALT })).toMatchObject({ sub: "b" });
    await expect(decode({ token: byB, secret: [A], salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-07 a forged kid (valid format, matching no key) → throws", async () => {
    const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid: "x".repeat(86) }, JSON.stringify({ sub: "1" }), hkdf(A, SALT));
    await expect(decode({ token, secret: [A, B], salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-07 a kid that is not a string → throws", async () => {
    const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid: 1 }, JSON.stringify({ sub: "1" }), hkdf(A, SALT));
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow();
  });
});

describe("A256GCM", () => {
  it("opens A256GCM tokens (32-byte key) made with jose, with a SHA-256 kid", async () => {
    const key = hkdf(A, SALT, 32);
    const kid = await thumbprint(key);
    expect(kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await new EncryptJWT({ sub: "gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid })
      .setIssuedAt()
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await decode({ token, secret: A, salt: SALT })).toMatchObject({ sub: "gcm" });
    expect(await decode({ token, secret: [B, A], salt: SALT })).toMatchObject({ sub: "gcm" });
  });

  it("opens kid-less A256GCM tokens with the first secret", async () => {
    const token = await new EncryptJWT({ sub: "gcm" }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(hkdf(A, SALT, 32));
    expect(await decode({ token, secret: A, salt: SALT })).toMatchObject({ sub: "gcm" });
    await expect(decode({ token, secret: [B, A], salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-05 a flipped bit in an A256GCM ciphertext or tag → throws", async () => {
    const token = await new EncryptJWT({ sub: "gcm" }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(hkdf(A, SALT, 32));
    await expect(decode({ token: flipBit(token, 2), secret: A, salt: SALT })).rejects.toThrow();
    await expect(decode({ token: flipBit(token, 3), secret: A, salt: SALT })).rejects.toThrow();
    await expect(decode({ token: flipBit(token, 4), secret: A, salt: SALT })).rejects.toThrow();
  });
});

describe("R-SESS-04 foreign algorithms and headers", () => {
  const payload = JSON.stringify({ sub: "1", exp: Math.floor(Date.now() / 1000) + 3600 });

  it("control: the hand-rolled sealer makes tokens Foyer accepts", async () => {
    const key = hkdf(A, SALT);
    const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(key) }, payload, key);
    expect(await decode({ token, secret: A, salt: SALT })).toMatchObject({ sub: "1" });
    const kidless = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512" }, payload, key);
    expect(await decode({ token: kidless, secret: A, salt: SALT })).toMatchObject({ sub: "1" });
  });

  it("R-SESS-04 alg none → decode throws", async () => {
    const token = sealWithHeader({ alg: "none", enc: "A256CBC-HS512" }, payload, hkdf(A, SALT));
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow();
    // An unencrypted "none" token in the JWS shape.
    const unsecured = `${b64('{"alg":"none"}')}.${b64(payload)}.`;
    await expect(decode({ token: unsecured, secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-04 alg RSA-OAEP → decode throws", async () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const token = await new EncryptJWT({ sub: "1" }).setProtectedHeader({ alg: "RSA-OAEP", enc: "A256CBC-HS512" }).encrypt(publicKey);
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
    // Same header, but authenticated with the real dir key: the header alone must be the reason.
    const forged = sealWithHeader({ alg: "RSA-OAEP", enc: "A256CBC-HS512" }, payload, hkdf(A, SALT));
    await expect(decode({ token: forged, secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-04 enc A128CBC-HS256 → decode throws", async () => {
    // The first 32 bytes of the derived key would be a valid A128CBC-HS256 key.
    const key = hkdf(A, SALT, 32);
    const token = await new EncryptJWT({ sub: "1" }).setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" }).encrypt(key);
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
    for (const enc of ["A128GCM", "A192CBC-HS384", "a256cbc-hs512", ""]) {
      const forged = sealWithHeader({ alg: "dir", enc }, payload, hkdf(A, SALT));
      await expect(decode({ token: forged, secret: A, salt: SALT })).rejects.toThrow();
    }
  });

  it("R-SESS-04 a JWS instead of a JWE → decode throws", async () => {
    const jws = await new SignJWT({ sub: "1" }).setProtectedHeader({ alg: "HS256" }).sign(hkdf(A, SALT, 32));
    await expect(decode({ token: jws, secret: A, salt: SALT })).rejects.toThrow();
    const jws512 = await new SignJWT({ sub: "1" }).setProtectedHeader({ alg: "HS512" }).sign(hkdf(A, SALT));
    await expect(decode({ token: jws512, secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-04 zip header → decode throws", async () => {
    const key = hkdf(A, SALT);
    const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(key), zip: "DEF" }, payload, key);
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
  });

  it("R-SESS-04 crit header → decode throws", async () => {
    const key = hkdf(A, SALT);
    const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(key), crit: ["exp"], exp: 1 }, payload, key);
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
  });

  it("R-SESS-04 a non-empty encrypted key segment → decode throws", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const parts = token.split(".");
    parts[1] = b64(randomBytes(64));
    await expect(decode({ token: parts.join("."), secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-04 a header that is not a JSON object → decode throws", async () => {
    for (const hdr of ["[]", "null", '"dir"', "{", "1"]) {
      const token = (await encode({ token: {}, secret: A, salt: SALT })).split(".");
      token[0] = b64(hdr);
      await expect(decode({ token: token.join("."), secret: A, salt: SALT })).rejects.toThrow();
    }
  });

  it("a payload that is not a JSON object → decode throws", async () => {
    const key = hkdf(A, SALT);
    const kid = await thumbprint(key);
    for (const body of ["[1,2]", "null", '"str"', "42", "not json"]) {
      const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid }, body, key);
      await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow();
    }
  });

  it("non-numeric time claims → decode throws", async () => {
    const key = hkdf(A, SALT);
    const kid = await thumbprint(key);
    for (const claims of [{ exp: "9999999999" }, { nbf: "0" }, { iat: null }]) {
      const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512", kid }, JSON.stringify(claims), key);
      await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow();
    }
  });
});

describe("R-SESS-05 tampering", () => {
  it("R-SESS-05 flipped bits in the IV → throws", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    for (const i of [0, 7, 15]) await expect(decode({ token: flipBit(token, 2, i), secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
  });

  it("R-SESS-05 flipped bits in the ciphertext → throws", async () => {
    const token = await encode({ token: { sub: "1", name: "a fairly long name to get several blocks" }, secret: A, salt: SALT });
    const len = Buffer.from(token.split(".")[3]!, "base64url").length;
    for (const i of [0, 16, len - 1]) await expect(decode({ token: flipBit(token, 3, i), secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
  });

  it("R-SESS-05 flipped bits in the tag → throws", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    for (const i of [0, 31]) await expect(decode({ token: flipBit(token, 4, i), secret: A, salt: SALT })).rejects.toThrow(JWEInvalid);
  });

  it("R-SESS-05 a truncated tag, ciphertext or IV → throws", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const parts = token.split(".");
    for (const i of [2, 3, 4]) {
      const p = [...parts];
      p[i] = b64(Buffer.from(p[i]!, "base64url").subarray(0, -1));
      await expect(decode({ token: p.join("."), secret: A, salt: SALT })).rejects.toThrow();
    }
  });

  it("R-SESS-05 a modified protected header (same kid, extra member) → throws (header is the AAD)", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const parts = token.split(".");
    const hdr = header(token);
    parts[0] = b64(JSON.stringify({ ...hdr, typ: "JWT" }));
    await expect(decode({ token: parts.join("."), secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-05 non-base64url characters in a segment → throws", async () => {
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT });
    const parts = token.split(".");
    parts[4] = parts[4]!.slice(0, -2) + "!!";
    await expect(decode({ token: parts.join("."), secret: A, salt: SALT })).rejects.toThrow();
    const p2 = token.split(".");
    p2[3] = p2[3] + "+/";
    await expect(decode({ token: p2.join("."), secret: A, salt: SALT })).rejects.toThrow();
  });

  it("R-SESS-05 swapping the ciphertext of two tokens under the same key → throws", async () => {
    const t1 = (await encode({ token: { sub: "1" }, secret: A, salt: SALT })).split(".");
    const t2 = (await encode({ token: { sub: "2" }, secret: A, salt: SALT })).split(".");
    t1[3] = t2[3]!;
    await expect(decode({ token: t1.join("."), secret: A, salt: SALT })).rejects.toThrow();
  });
});

describe("R-SESS-06 expiry with a 15 s clock tolerance", () => {
  it("R-SESS-06 exp 10 s past accepted, 20 s past rejected (fake clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = new Date("2026-05-01T00:00:00Z").valueOf();
    vi.setSystemTime(t0);
    const token = await encode({ token: { sub: "1" }, secret: A, salt: SALT, maxAge: 60 });
    vi.setSystemTime(t0 + 70_000); // exp 10 s in the past
    expect(await decode({ token, secret: A, salt: SALT })).toMatchObject({ sub: "1" });
    vi.setSystemTime(t0 + 74_000); // 14 s
    expect(await decode({ token, secret: A, salt: SALT })).toMatchObject({ sub: "1" });
    vi.setSystemTime(t0 + 75_000); // 15 s: jose rejects exp <= now - tolerance
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow();
    vi.setSystemTime(t0 + 80_000); // 20 s
    await expect(decode({ token, secret: A, salt: SALT })).rejects.toThrow(/exp/);
  });

  it("R-SESS-06 jose-crafted tokens: exp 10 s past accepted, 20 s past rejected", async () => {
    const key = hkdf(A, SALT);
    const kid = await thumbprint(key);
    const make = (exp: number) =>
      new EncryptJWT({ sub: "1" }).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid }).setExpirationTime(exp).encrypt(key);
    expect(await decode({ token: await make(nowS() - 10), secret: A, salt: SALT })).toMatchObject({ sub: "1" });
    await expect(decode({ token: await make(nowS() - 20), secret: A, salt: SALT })).rejects.toThrow();
  });

  it("nbf more than 15 s in the future → throws; 10 s → accepted", async () => {
    const key = hkdf(A, SALT);
    const kid = await thumbprint(key);
    const make = (nbf: number) => new EncryptJWT({ sub: "1" }).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid }).setNotBefore(nbf).encrypt(key);
    expect(await decode({ token: await make(nowS() + 10), secret: A, salt: SALT })).toMatchObject({ sub: "1" });
    await expect(decode({ token: await make(nowS() + 60), secret: A, salt: SALT })).rejects.toThrow();
  });
});

describe("cross-check with jose (reference JWE implementation)", () => {
  it("jose's jwtDecrypt (with the derived key) opens Foyer tokens, with the same claims and header", async () => {
    const token = await encode({ token: { sub: "42", name: "Ada", picture: null }, secret: [A, B], salt: SECURE_SALT, maxAge: 120 });
    const { payload, protectedHeader } = await jwtDecrypt(token, hkdf(A, SECURE_SALT), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256CBC-HS512"],
    });
    expect(protectedHeader).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(hkdf(A, SECURE_SALT)) });
    expect(payload).toEqual(await decode({ token, secret: A, salt: SECURE_SALT }));
    expect(payload.exp! - payload.iat!).toBe(120);
    // And with the wrong salt's key jose fails too.
    await expect(jwtDecrypt(token, hkdf(A, SALT))).rejects.toThrow();
  });

  it("Foyer opens jose-made A256CBC-HS512 tokens with a kid", async () => {
    const key = hkdf(B, SALT);
    const token = await new EncryptJWT({ sub: "7", email: "b@example.com" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(key) })
      .setIssuedAt()
      .setExpirationTime("2h")
      .setJti("jti-1")
      .encrypt(key);
    expect(await decode({ token, secret: [A, B], salt: SALT })).toMatchObject({ sub: "7", email: "b@example.com", jti: "jti-1" });
  });

  it("Foyer opens a raw CompactEncrypt JWE of a JSON object", async () => {
    const key = hkdf(A, SALT);
    const token = await new CompactEncrypt(new TextEncoder().encode('{"sub":"raw"}'))
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(key) })
      .encrypt(key);
    expect(await decode({ token, secret: A, salt: SALT })).toEqual({ sub: "raw" });
  });

  it("jose agrees with the hand-rolled sealer (so the R-SESS-04 fixtures are well-formed)", async () => {
    const key = hkdf(A, SALT);
    const token = sealWithHeader({ alg: "dir", enc: "A256CBC-HS512" }, '{"sub":"hand"}', key);
    const { payload } = await jwtDecrypt(token, key);
    expect(payload).toEqual({ sub: "hand" });
  });
});
