/**
 * The crypto Foyer needs, behind one small interface. The Node implementation is synchronous
 * (`node:crypto`): on the session hot path every WebCrypto call is a hop to the libuv thread pool,
 * which is where Auth.js spends most of a session read. The methods may return promises so that a
 * WebCrypto implementation for edge runtimes can be dropped in later without changing callers.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes as nodeRandomBytes,
  randomFillSync,
  randomUUID as nodeRandomUUID,
  timingSafeEqual as nodeTimingSafeEqual,
} from "node:crypto";
import type { Awaitable } from "../types.js";

export interface CryptoBackend {
  randomBytes(length: number): Uint8Array;
  randomUUID(): string;
  /** Lowercase hex SHA-256 of a UTF-8 string. */
  sha256Hex(input: string): Awaitable<string>;
  digest(algorithm: "sha256" | "sha512", data: Uint8Array): Awaitable<Uint8Array>;
  hkdfSha256(ikm: string, salt: string, info: string, length: number): Awaitable<Uint8Array>;
  hmacSha512(key: Uint8Array, data: Uint8Array[]): Awaitable<Uint8Array>;
  aesCbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Awaitable<Uint8Array>;
  /** Throws on bad padding. */
  aesCbcDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Awaitable<Uint8Array>;
  aesGcmEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Awaitable<{ ciphertext: Uint8Array; tag: Uint8Array }>;
  /** Throws when the tag does not verify. */
  aesGcmDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array): Awaitable<Uint8Array>;
  /** Constant-time comparison; false for different lengths. */
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/**
 * Small random values (CSRF tokens: 32 bytes, JWE IVs: 16 or 12) are cut from a pool that one
 * `randomFillSync` call refills. Why: a synchronous `randomBytes(32)` costs ≈ 5 µs in Node 20 (it
 * runs a whole crypto job per call), which was the largest single cost of a session GET without
 * cookies (a CSRF token is minted on every such request). Node's own `randomUUID()` pools the same
 * way. Each pool byte is handed out once and the caller gets a copy, so a refill never changes
 * bytes already returned.
 */
const POOL_SIZE = 2048;
const POOLED_MAX = 64;
const pool = Buffer.allocUnsafeSlow(POOL_SIZE);
let poolOffset = POOL_SIZE;

function pooledRandomBytes(length: number): Uint8Array {
  // Anything unusual (large, negative, fractional) goes to Node directly, with Node's own errors.
  if (!(Number.isInteger(length) && length >= 0 && length <= POOLED_MAX)) return nodeRandomBytes(length);
  if (poolOffset + length > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + length));
  // Wipe what was handed out: the pool never holds a value that is already in use.
  pool.fill(0, poolOffset, poolOffset + length);
  poolOffset += length;
  return bytes;
}

export const nodeCrypto: CryptoBackend = {
  randomBytes: pooledRandomBytes,
  randomUUID: () => nodeRandomUUID(),
  sha256Hex: (input) => createHash("sha256").update(input).digest("hex"),
  digest: (algorithm, data) => createHash(algorithm).update(data).digest(),
  hkdfSha256: (ikm, salt, info, length) => new Uint8Array(hkdfSync("sha256", ikm, salt, info, length)),
  hmacSha512(key, data) {
    const hmac = createHmac("sha512", key);
    for (const part of data) hmac.update(part);
    return hmac.digest();
  },
  aesCbcEncrypt(key, iv, plaintext) {
    const cipher = createCipheriv("aes-256-cbc", key, iv);
    return Buffer.concat([cipher.update(plaintext), cipher.final()]);
  },
  aesCbcDecrypt(key, iv, ciphertext) {
    const decipher = createDecipheriv("aes-256-cbc", key, iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  },
  aesGcmEncrypt(key, iv, plaintext, aad) {
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { ciphertext, tag: cipher.getAuthTag() };
  },
  aesGcmDecrypt(key, iv, ciphertext, tag, aad) {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  },
  timingSafeEqual: (a, b) => a.length === b.length && nodeTimingSafeEqual(a, b),
};

/** The backend in use. One process-wide value: it holds no configuration, only an implementation. */
export const crypto: CryptoBackend = nodeCrypto;
