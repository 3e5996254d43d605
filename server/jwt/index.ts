/**
 * `foyer-auth/jwt`: sealing and reading session tokens, wire-compatible with Auth.js's `@auth/core/jwt`.
 *
 * Tokens are JWE compact serialisations (`dir` + A256CBC-HS512) keyed by HKDF(secret, salt), with the
 * key's JWK thumbprint as `kid` so that secret rotation can pick the right key. A token sealed by
 * Auth.js opens here and the other way round.
 */
import { MissingSecret } from "../core/errors.js";
import type { LoggerInstance } from "../core/logger.js";
import { ChunkedCookie } from "../cookies/chunks.js";
import { parseCookieHeader } from "../cookies/parse.js";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "../types.js";
import { checkTimeClaims, CLOCK_TOLERANCE, JWTClaimInvalid, JWTExpired } from "./claims.js";
import { crypto } from "./crypto.js";
import { decryptCompact, encryptCompact, isPlainObject, JWEInvalid, parseCompact } from "./jwe.js";
import { deriveKey, type DerivedKey } from "./keys.js";

export type { JWT, JWTDecodeParams, JWTEncodeParams };
export { JWEInvalid };

/** 30 days, Auth.js's default token lifetime. */
export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
export { CLOCK_TOLERANCE, JWTClaimInvalid, JWTExpired };

const ENC = "A256CBC-HS512" as const;

/** The secrets as a list; a string secret is a list of one. */
export function secretList(secret: string | string[] | undefined): string[] {
  if (secret === undefined) return [];
  return Array.isArray(secret) ? secret : [secret];
}

/**
 * Seals `token` with the first secret. Sets `iat`, `exp` (now + maxAge) and a random `jti`,
 * overwriting values the token already had.
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, salt, maxAge = DEFAULT_MAX_AGE } = params;
  const first = secretList(secret)[0];
  if (!first) throw new MissingSecret("encode() needs a secret");
  const key = await deriveKey(ENC, first, salt);
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...(token as object), iat: now, exp: now + maxAge, jti: crypto.randomUUID() };
  return encryptCompact(JSON.stringify(claims), key, ENC);
}

/**
 * Opens a token. Returns `null` for an empty token and **throws** for any bad one (tampered, expired,
 * sealed with an unknown secret or a foreign algorithm), as Auth.js does.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const decoded = await decodeWithPlaintext(params);
  return decoded ? (decoded.payload as Payload) : null;
}

/**
 * `decode`, also returning the plaintext JSON so that callers can tell cheaply whether a callback
 * changed the token.
 */
export async function decodeWithPlaintext(params: JWTDecodeParams): Promise<{ payload: JWT; plaintext: string } | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  const secrets = secretList(secret);
  if (secrets.length === 0) throw new MissingSecret("decode() needs a secret");
  const jwe = parseCompact(token);
  const key = await selectKey(jwe.header.enc, jwe.header.kid, secrets, salt);
  const plaintext = await decryptCompact(jwe, key);
  let payload: unknown;
  try {
    payload = JSON.parse(plaintext);
  } catch {
    throw new JWTClaimInvalid("JWT Claims Set must be a JSON object");
  }
  if (!isPlainObject(payload)) throw new JWTClaimInvalid("JWT Claims Set must be a JSON object");
  checkTimeClaims(payload);
  return { payload: payload as JWT, plaintext };
}

async function selectKey(enc: "A256CBC-HS512" | "A256GCM", kid: string | undefined, secrets: string[], salt: string): Promise<DerivedKey> {
  // Tokens without a kid predate rotation support; like Auth.js, only the first secret opens them.
  if (kid === undefined) return deriveKey(enc, secrets[0]!, salt);
  for (const secret of secrets) {
    const key = await deriveKey(enc, secret, salt);
    if (key.kid === kid) return key;
  }
  throw new JWEInvalid("no matching decryption secret");
}

export interface GetTokenParams<Raw extends boolean = false> {
  /** A web `Request`, or anything with `headers` as a `Headers` object or a plain record. */
  req: Request | { headers: Headers | Record<string, string | string[] | undefined> };
  /** Required unless `raw` is true. */
  secret?: string | string[];
  /** Defaults to the cookie name. */
  salt?: string;
  /** Defaults to `authjs.session-token`, or `__Secure-authjs.session-token` with `secureCookie`. */
  cookieName?: string;
  /**
   * Use the `__Secure-` cookie name. Defaults to **false** whatever the request's protocol (as Auth.js
   * does; its docs claim otherwise). Pass `true` behind https.
   */
  secureCookie?: boolean;
  /** Return the raw token string instead of its payload. */
  raw?: Raw;
  /** Replaces the default decoder. */
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null;
  logger?: Pick<LoggerInstance, "debug"> | Console;
}

/**
 * Reads the session token from a request: from the (possibly chunked) session cookie, else from an
 * `Authorization: Bearer …` header. Returns `null` when there is none or it does not open; never
 * throws for bad input (security case R-SESS-01).
 */
export async function getToken(params: GetTokenParams<false>): Promise<JWT | null>;
export async function getToken(params: GetTokenParams<true>): Promise<string | null>;
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null> {
  const { req, secureCookie = false, raw = false } = params;
  const cookieName = params.cookieName ?? `${secureCookie ? "__Secure-" : ""}authjs.session-token`;
  const headers = req.headers;
  const cookieHeader = readHeader(headers, "cookie");
  const chunked = new ChunkedCookie({ name: cookieName, options: {} }, parseCookieHeader(cookieHeader));
  let token = chunked.value;
  if (!token) token = bearerToken(readHeader(headers, "authorization")) ?? undefined;
  if (!token) return null;
  if (raw) return token;
  if (!params.secret || secretList(params.secret).length === 0) {
    throw new MissingSecret("Must pass `secret` if not set to JWT getToken()");
  }
  const salt = params.salt ?? cookieName;
  try {
    return await (params.decode ?? decode)({ token, secret: params.secret, salt });
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, percent-decoded; `null` when malformed. */
function bearerToken(header: string | null): string | null {
  if (!header || header.length > 64 * 1024) return null;
  const [scheme, value] = header.split(" ");
  if (scheme !== "Bearer" || !value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function readHeader(headers: Headers | Record<string, string | string[] | undefined>, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name] ?? record[name.toLowerCase()] ?? findCaseInsensitive(record, name);
  // Repeated headers join as `Headers` would; two Authorization values then fail to decode (R-SESS-01).
  if (Array.isArray(value)) return value.join(name === "cookie" ? "; " : ", ");
  return value ?? null;
}

function findCaseInsensitive(record: Record<string, string | string[] | undefined>, name: string) {
  for (const key of Object.keys(record)) if (key.toLowerCase() === name) return record[key];
  return undefined;
}
