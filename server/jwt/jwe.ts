/**
 * Compact JWE with direct key agreement (`alg: "dir"`), as RFC 7516/7518 define it for
 * A256CBC-HS512 and A256GCM. Only these two are accepted: no `none`, no key wrapping, no
 * compression, no critical extensions (security case R-SESS-04).
 */
import { crypto } from "./crypto.js";
import { base64url, fromBase64url, isContentEncryption, type ContentEncryption, type DerivedKey } from "./keys.js";

export class JWEInvalid extends Error {
  override name = "JWEInvalid";
}

export interface ProtectedHeader {
  alg: "dir";
  enc: ContentEncryption;
  kid?: string;
}

const encoder = new TextEncoder();
// One strict decoder for the module: `decode()` without `{ stream: true }` keeps no state between
// calls, and constructing a TextDecoder per call showed up in profiles of the session read.
const strictDecoder = new TextDecoder("utf-8", { fatal: true });
const headerCache = new WeakMap<DerivedKey, string>();

function protectedHeader(key: DerivedKey, enc: ContentEncryption): string {
  let header = headerCache.get(key);
  if (!header) {
    header = base64url(encoder.encode(JSON.stringify({ alg: "dir", enc, kid: key.kid })));
    headerCache.set(key, header);
  }
  return header;
}

/** Encrypts a UTF-8 plaintext into a compact JWE. */
export async function encryptCompact(plaintext: string, key: DerivedKey, enc: ContentEncryption): Promise<string> {
  const header = protectedHeader(key, enc);
  const aad = encoder.encode(header);
  const data = encoder.encode(plaintext);
  if (enc === "A256GCM") {
    const iv = crypto.randomBytes(12);
    const { ciphertext, tag } = await crypto.aesGcmEncrypt(key.key, iv, data, aad);
    return `${header}..${base64url(iv)}.${base64url(ciphertext)}.${base64url(tag)}`;
  }
  const iv = crypto.randomBytes(16);
  const ciphertext = await crypto.aesCbcEncrypt(key.key.subarray(32), iv, data);
  const tag = await cbcTag(key.key.subarray(0, 32), aad, iv, ciphertext);
  return `${header}..${base64url(iv)}.${base64url(ciphertext)}.${base64url(tag)}`;
}

/** The parts of a compact JWE, with its header checked against the allowed algorithms. */
export interface ParsedJWE {
  header: ProtectedHeader;
  headerText: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

/**
 * Headers that already passed the checks below, by their exact base64url text. Every token sealed
 * with one key carries the same header, so a session read skips the base64 decode, UTF-8 decode,
 * JSON parse and checks after the first time. Keyed by the input text itself (a different text is
 * parsed and checked afresh), only successes are stored, the objects are frozen because they are
 * shared, and both the count and the length of cached headers are bounded so that hostile headers
 * cannot grow memory (Foyer's own headers are about 175 characters).
 */
const parsedHeaders = new Map<string, ProtectedHeader>();
const MAX_PARSED_HEADERS = 256;
const MAX_CACHED_HEADER_LENGTH = 512;

export function parseCompact(token: string): ParsedJWE {
  const parts = token.split(".");
  if (parts.length !== 5) throw new JWEInvalid("Invalid Compact JWE");
  const [headerText, encryptedKey, iv, ciphertext, tag] = parts as [string, string, string, string, string];
  if (encryptedKey !== "") throw new JWEInvalid("Encountered unexpected JWE Encrypted Key");
  let header = parsedHeaders.get(headerText);
  if (!header) {
    header = parseHeader(headerText);
    if (headerText.length > MAX_CACHED_HEADER_LENGTH) return { header, headerText, iv, ciphertext, tag };
    if (parsedHeaders.size >= MAX_PARSED_HEADERS) parsedHeaders.delete(parsedHeaders.keys().next().value as string);
    parsedHeaders.set(headerText, header);
  }
  return { header, headerText, iv, ciphertext, tag };
}

function parseHeader(headerText: string): ProtectedHeader {
  let header: unknown;
  try {
    header = JSON.parse(strictDecoder.decode(fromBase64url(headerText)));
  } catch {
    throw new JWEInvalid("Invalid JWE Protected Header");
  }
  if (!isPlainObject(header)) throw new JWEInvalid("Invalid JWE Protected Header");
  if (header.alg !== "dir") throw new JWEInvalid(`Unsupported "alg" (Algorithm) Header Parameter value`);
  if (!isContentEncryption(header.enc)) throw new JWEInvalid(`Unsupported "enc" (Encryption Algorithm) Header Parameter value`);
  if ("zip" in header || "crit" in header) throw new JWEInvalid("Unsupported JWE Protected Header Parameter");
  if (header.kid !== undefined && typeof header.kid !== "string") throw new JWEInvalid("Invalid JWE Key ID");
  return Object.freeze(header) as unknown as ProtectedHeader;
}

/** Decrypts a parsed compact JWE. Throws `JWEInvalid` on any tampering. */
export async function decryptCompact(jwe: ParsedJWE, key: DerivedKey): Promise<string> {
  let plaintext: Uint8Array;
  try {
    const iv = fromBase64url(jwe.iv);
    const ciphertext = fromBase64url(jwe.ciphertext);
    const tag = fromBase64url(jwe.tag);
    const aad = encoder.encode(jwe.headerText);
    if (jwe.header.enc === "A256GCM") {
      if (iv.length !== 12 || tag.length !== 16 || key.key.length !== 32) throw new Error("bad lengths");
      plaintext = await crypto.aesGcmDecrypt(key.key, iv, ciphertext, tag, aad);
    } else {
      if (iv.length !== 16 || tag.length !== 32 || key.key.length !== 64) throw new Error("bad lengths");
      const expected = await cbcTag(key.key.subarray(0, 32), aad, iv, ciphertext);
      if (!crypto.timingSafeEqual(expected, tag)) throw new Error("bad tag");
      plaintext = await crypto.aesCbcDecrypt(key.key.subarray(32), iv, ciphertext);
    }
    return strictDecoder.decode(plaintext);
  } catch {
    throw new JWEInvalid("decryption operation failed");
  }
}

/** RFC 7518 §5.2.2.1: the first half of HMAC-SHA-512 over AAD ‖ IV ‖ ciphertext ‖ AAD length in bits. */
async function cbcTag(macKey: Uint8Array, aad: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array> {
  // AL: the AAD length in bits as a 64-bit big-endian integer. Written as two 32-bit halves rather
  // than through BigInt, which cost more than the rest of this function's JavaScript together.
  const bits = aad.length * 8;
  const aadBits = new Uint8Array(8);
  const view = new DataView(aadBits.buffer);
  view.setUint32(0, Math.floor(bits / 0x1_0000_0000));
  view.setUint32(4, bits >>> 0);
  const mac = await crypto.hmacSha512(macKey, [aad, iv, ciphertext, aadBits]);
  return mac.subarray(0, 32);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
