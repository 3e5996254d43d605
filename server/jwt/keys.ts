/**
 * Encryption keys for session and check tokens: HKDF-SHA-256 over the secret, with the token's salt
 * (its cookie name) and Auth.js's info string, so tokens are interchangeable with Auth.js.
 *
 * A key depends only on (enc, secret, salt), so it is derived once and cached; Auth.js derives it
 * (and its thumbprint) again on every request.
 */
import { crypto } from "./crypto.js";

export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

export interface DerivedKey {
  key: Uint8Array;
  /** RFC 7638 JWK thumbprint of the key, used as the JWE `kid`. */
  kid: string;
}

const KEY_LENGTH: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 };
const MAX_CACHED_KEYS = 512;
const cache = new Map<string, DerivedKey>();

export function isContentEncryption(value: unknown): value is ContentEncryption {
  return value === "A256CBC-HS512" || value === "A256GCM";
}

export async function deriveKey(enc: ContentEncryption, secret: string, salt: string): Promise<DerivedKey> {
  const cacheKey = `${enc}\u0000${salt}\u0000${secret}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const length = KEY_LENGTH[enc];
  const key = await crypto.hkdfSha256(secret, salt, `Auth.js Generated Encryption Key (${salt})`, length);
  const jwk = `{"k":"${base64url(key)}","kty":"oct"}`;
  const kid = base64url(await crypto.digest(length === 64 ? "sha512" : "sha256", new TextEncoder().encode(jwk)));
  const derived = { key, kid };
  // A bounded cache: configs are few, but a secret per tenant must not grow memory without limit.
  if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, derived);
  return derived;
}

export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Strict base64url decoding: Node's decoder silently skips bad characters, which we must not. */
export function fromBase64url(text: string): Uint8Array {
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new TypeError("Invalid base64url");
  return Buffer.from(text, "base64url");
}
