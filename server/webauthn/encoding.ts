/**
 * Credential ids and keys as they travel and as they are stored. Browsers and SimpleWebAuthn speak
 * base64url; Auth.js stores `credentialID`, `providerAccountId` and `credentialPublicKey` in standard
 * base64 (with padding, as Auth.js stores them). Foyer stores exactly what Auth.js stores, so authenticators
 * registered under Auth.js keep working after the switch, and converts at the edge.
 */

/** WebAuthn allows credential ids up to 1023 bytes: 1364 base64url characters. */
const MAX_CREDENTIAL_ID_CHARS = 1364;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** True for a non-empty, unpadded base64url string of a plausible credential-id length. */
export function isCredentialIdWire(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_CREDENTIAL_ID_CHARS && BASE64URL.test(value);
}

/** The stored form (standard base64) of a credential id the browser sent (base64url). */
export function storedCredentialId(wireId: string): string {
  return Buffer.from(wireId, "base64url").toString("base64");
}

/** The browser form (base64url) of a stored credential id (standard base64, as Auth.js writes it). */
export function wireCredentialId(storedId: string): string {
  return Buffer.from(storedId, "base64").toString("base64url");
}

/** Bytes → standard base64 (how public keys are stored). */
export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** Standard base64 → bytes. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(text, "base64"));
}

/** Stored transports (`"internal,hybrid"`) as a list; Auth.js joins them with commas. */
export function transportsOf(stored: string | null | undefined): string[] {
  return stored ? stored.split(",").filter((transport) => transport !== "") : [];
}
