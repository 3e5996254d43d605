/**
 * A software WebAuthn authenticator for tests: it answers the options Foyer sends with REAL
 * responses — an ES256 (P-256) key pair, a CBOR attestation object with `fmt: "none"`, authenticator
 * data with the RP ID hash, flags, signature counter and the COSE public key, and assertions signed
 * over `authenticatorData ‖ SHA-256(clientDataJSON)` — exactly what SimpleWebAuthn verifies.
 *
 * It uses only WebCrypto (`globalThis.crypto`) and no Node `Buffer`, so the same file runs in Node
 * (server tests) and in a browser (element tests). Public as `softAuthenticator()` in `foyer-auth/testing`.
 *
 * ```ts
 * const authenticator = new SoftAuthenticator({ origin: "http://localhost:3000" });
 * const registration = await authenticator.register(optionsFromServer);   // RegistrationResponseJSON
 * const assertion = await authenticator.authenticate(optionsFromServer);  // AuthenticationResponseJSON
 * ```
 *
 * Every call takes overrides to make hostile responses: another origin or RP ID, a chosen counter,
 * no user verification, another challenge or credential.
 */

/** The JSON of a registration, as SimpleWebAuthn's browser `startRegistration()` returns it. */
export interface SoftRegistrationResponse {
  id: string;
  rawId: string;
  type: "public-key";
  response: {
    clientDataJSON: string;
    attestationObject: string;
    authenticatorData: string;
    transports: string[];
    publicKeyAlgorithm: number;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: "platform" | "cross-platform";
}

/** The JSON of an assertion, as SimpleWebAuthn's browser `startAuthentication()` returns it. */
export interface SoftAuthenticationResponse {
  id: string;
  rawId: string;
  type: "public-key";
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: "platform" | "cross-platform";
}

/** The parts of the server's registration options the authenticator reads. */
export interface SoftCreationOptions {
  challenge: string;
  rp: { id?: string; name?: string };
  user: { id: string; name?: string; displayName?: string };
  excludeCredentials?: { id: string }[];
}

/** The parts of the server's authentication options the authenticator reads. */
export interface SoftRequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface SoftAuthenticatorOptions {
  /** The page's origin, written into clientDataJSON (e.g. `http://localhost:3000`). */
  origin: string;
  /** Counter increase per assertion. Default 1; 0 behaves like synced passkeys (always 0). */
  counterStep?: number;
  /** Transports reported at registration. Default `["internal"]`. */
  transports?: string[];
  /** Sets the backup-eligible and backed-up flags (a synced, multi-device passkey). Default false. */
  backedUp?: boolean;
  /** The AAGUID written into the attestation (e.g. iCloud Keychain's). Default all zeros (anonymous). */
  aaguid?: string;
}

/** Overrides for one ceremony, to build hostile responses. */
export interface CeremonyOverrides {
  /** Origin written into clientDataJSON instead of the authenticator's. */
  origin?: string;
  /** RP ID hashed into authenticatorData instead of the one in the options. */
  rpId?: string;
  /** Challenge written into clientDataJSON instead of the one in the options. */
  challenge?: string;
  /** Set the user-verified flag (default true). */
  userVerified?: boolean;
  /** clientDataJSON `type` (default `webauthn.create` / `webauthn.get`). */
  type?: string;
}

export interface RegistrationOverrides extends CeremonyOverrides {
  /** Register this held credential (base64url id) again instead of a new one: same id and key. */
  credentialId?: string;
}

export interface AssertionOverrides extends CeremonyOverrides {
  /** Sign with this credential (base64url id) instead of the first one for the RP ID. */
  credentialId?: string;
  /** Report this signature counter (and remember it) instead of the next one. */
  counter?: number;
}

/** A credential the authenticator holds. */
export interface SoftCredential {
  /** base64url credential id. */
  id: string;
  rpId: string;
  /** base64url user handle from the registration options. */
  userHandle: string;
  counter: number;
  keys: CryptoKeyPair;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;
const COSE_ES256 = -7;

/** A software authenticator: `register()` answers registration options, `authenticate()` authentication options. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  readonly origin: string;
  private readonly counterStep: number;
  private readonly transports: string[];
  private readonly backedUp: boolean;
  private readonly aaguid: Uint8Array;

  constructor(options: SoftAuthenticatorOptions) {
    this.origin = options.origin;
    this.counterStep = options.counterStep ?? 1;
    this.transports = options.transports ?? ["internal"];
    this.backedUp = options.backedUp ?? false;
    const hex = (options.aaguid ?? "").replace(/-/g, "");
    if (options.aaguid !== undefined && !/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError("aaguid must be 16 bytes in hex");
    this.aaguid = new Uint8Array(16).map((_, index) => (hex ? parseInt(hex.slice(index * 2, index * 2 + 2), 16) : 0));
  }

  /** `navigator.credentials.create()`: a new ES256 credential for the options' RP and user. */
  async register(options: SoftCreationOptions, overrides: RegistrationOverrides = {}): Promise<SoftRegistrationResponse> {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((credential) => credential.id));
    if (this.credentials.some((credential) => credential.rpId === rpId && excluded.has(credential.id))) {
      throw new Error("InvalidStateError: this authenticator already holds an excluded credential");
    }
    const reused = overrides.credentialId ? this.credentials.find((candidate) => candidate.id === overrides.credentialId) : undefined;
    if (overrides.credentialId && !reused) throw new Error(`no held credential ${overrides.credentialId}`);
    const keys = reused?.keys ?? ((await subtle().generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair);
    const rawId = reused ? fromBase64url(reused.id) : randomBytes(32);
    const id = toBase64url(rawId);
    const credential: SoftCredential = reused ?? { id, rpId, userHandle: options.user.id, counter: 0, keys };

    const publicKey = await coseKey(keys.publicKey);
    const attested = concat(this.aaguid, uint16(rawId.length), rawId, publicKey);
    const authData = concat(await sha256(utf8(rpId)), new Uint8Array([this.flags(overrides.userVerified) | FLAG_AT]), uint32(0), attested);
    const clientDataJSON = this.clientData(overrides.type ?? "webauthn.create", overrides.challenge ?? options.challenge, overrides.origin);
    const attestationObject = cbor(
      new Map<unknown, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    if (!reused) this.credentials.push(credential);
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: toBase64url(clientDataJSON),
        attestationObject: toBase64url(attestationObject),
        authenticatorData: toBase64url(authData),
        transports: [...this.transports],
        publicKeyAlgorithm: COSE_ES256,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** `navigator.credentials.get()`: an assertion by a credential for the options' RP ID. */
  async authenticate(options: SoftRequestOptions, overrides: AssertionOverrides = {}): Promise<SoftAuthenticationResponse> {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((credential) => credential.id));
    const credential = overrides.credentialId
      ? this.credentials.find((candidate) => candidate.id === overrides.credentialId)
      : this.credentials.find((candidate) => candidate.rpId === rpId && (allowed.size === 0 || allowed.has(candidate.id)));
    if (!credential) throw new Error("NotAllowedError: no credential for this relying party");
    credential.counter = overrides.counter ?? credential.counter + this.counterStep;

    const authData = concat(
      await sha256(utf8(overrides.rpId ?? credential.rpId)),
      new Uint8Array([this.flags(overrides.userVerified)]),
      uint32(credential.counter),
    );
    const clientDataJSON = this.clientData(overrides.type ?? "webauthn.get", overrides.challenge ?? options.challenge, overrides.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await subtle().sign({ name: "ECDSA", hash: "SHA-256" }, credential.keys.privateKey, signed as BufferSource));
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: toBase64url(clientDataJSON),
        authenticatorData: toBase64url(authData),
        signature: toBase64url(derSignature(raw)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** Forgets every credential (a lost device). */
  lose(): void {
    this.credentials.length = 0;
  }

  private flags(userVerified: boolean | undefined): number {
    let flags = FLAG_UP;
    if (userVerified !== false) flags |= FLAG_UV;
    if (this.backedUp) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  private clientData(type: string, challenge: string, origin = this.origin): Uint8Array {
    return utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}

// --- encodings -----------------------------------------------------------------------------------

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest("SHA-256", data as BufferSource));
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function uint16(value: number): Uint8Array {
  return new Uint8Array([(value >>> 8) & 0xff, value & 0xff]);
}

function uint32(value: number): Uint8Array {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Bytes → unpadded base64url. */
export function toBase64url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += BASE64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += BASE64URL[n & 63]!;
  }
  return out;
}

/** Unpadded base64url → bytes. */
export function fromBase64url(text: string): Uint8Array {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.replace(/=+$/, "")) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw new Error(`not base64url: ${JSON.stringify(char)}`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}

/** The credential public key as a COSE_Key map (EC2, ES256, P-256, x, y). */
async function coseKey(publicKey: CryptoKey): Promise<Uint8Array> {
  const jwk = await subtle().exportKey("jwk", publicKey);
  return cbor(
    new Map<unknown, unknown>([
      [1, 2],
      [3, COSE_ES256],
      [-1, 1],
      [-2, fromBase64url(jwk.x!)],
      [-3, fromBase64url(jwk.y!)],
    ]),
  );
}

/** WebCrypto's ECDSA signature (r ‖ s, 32 bytes each) as the ASN.1 DER that WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.subarray(start);
    const value = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, value.length]), value);
  };
  const body = concat(integer(raw.subarray(0, 32)), integer(raw.subarray(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

/** A minimal CBOR encoder: integers, byte and text strings, arrays, maps (Map or plain object). */
export function cbor(value: unknown): Uint8Array {
  if (typeof value === "number") {
    if (!Number.isInteger(value)) throw new Error("cbor: only integers");
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  if (typeof value === "string") {
    const bytes = utf8(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (Array.isArray(value)) return concat(head(4, value.length), ...value.map(cbor));
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as Record<string, unknown>);
  return concat(head(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

function head(major: number, length: number): Uint8Array {
  const type = major << 5;
  if (length < 24) return new Uint8Array([type | length]);
  if (length < 0x100) return new Uint8Array([type | 24, length]);
  if (length < 0x10000) return concat(new Uint8Array([type | 25]), uint16(length));
  return concat(new Uint8Array([type | 26]), uint32(length));
}

/**
 * A software passkey authenticator for Node tests (`foyer-auth/testing`): give `register()` the
 * options of `GET {basePath}/webauthn-options/<provider>?action=register` and post what it returns as
 * `data` (with `action=register`) to `{basePath}/callback/<provider>`; the same with `authenticate()`
 * for a sign-in. The bytes are real: an ES256 key, a `none` attestation, signed assertions.
 * `origin` (default `http://localhost:3000`) must be the app's origin as the browser would see it.
 */
export function softAuthenticator(options: Partial<SoftAuthenticatorOptions> = {}): SoftAuthenticator {
  return new SoftAuthenticator({ ...options, origin: options.origin ?? "http://localhost:3000" });
}
