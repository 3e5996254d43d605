/**
 * Opened session tokens, remembered so that a browser's repeated session reads do not decrypt the
 * same cookie again (HMAC-SHA-512 and AES-CBC were the largest part of a session read's own work).
 *
 * What keeps this as strict as decrypting every time:
 * - The key is the exact sealed cookie value: only a byte-identical token hits, and every token in
 *   the cache once passed the full check (tag, key, claims). Failures are never stored.
 * - Entries belong to one normalised config (a `WeakMap` on it) and, inside it, to one salt (the
 *   cookie name) and one list of secrets: another config, another cookie name or a changed secret list
 *   never sees them, so a token stops opening as soon as its secret is no longer listed.
 * - What is stored is the plaintext JSON; every hit parses it again (callbacks may change the token
 *   object in place) and checks `exp`, `nbf` and `iat` against the clock as `decode` does, so a token
 *   is refused from the same second on whether it was cached or not.
 * - The cache is bounded (count and token length): cookies chosen by clients cannot grow memory.
 */
import { checkTimeClaims } from "../jwt/claims.js";
import { decodeWithPlaintext } from "../jwt/index.js";
import type { JWT } from "../types.js";

/** Entries per config, salt and secret list; the oldest goes first when full. */
export const MAX_CACHED_TOKENS = 1000;
/** Longer tokens (chunked cookies of a few KB) are decrypted every time, never stored. */
export const MAX_CACHED_TOKEN_LENGTH = 4096;

interface Scope {
  /** A copy of the secret list these entries were opened with, compared by value on every read. */
  secrets: readonly string[];
  tokens: Map<string, string>;
}

const scopes = new WeakMap<object, Map<string, Scope>>();

/**
 * `decodeWithPlaintext({ token, secret, salt })` for Foyer's own codec, answered from the cache when
 * this config opened the same token with the same secrets and salt before. Throws as `decode` does
 * (an expired token throws `JWTExpired` whether it was cached or not); `null` for an empty token.
 *
 * @param owner The normalised config the token is read for: entries are never shared between configs.
 */
export async function openCachedToken(owner: object, token: string, secret: string[], salt: string): Promise<{ payload: JWT; plaintext: string } | null> {
  if (!token || token.length > MAX_CACHED_TOKEN_LENGTH) return decodeWithPlaintext({ token, secret, salt });
  const scope = scopeOf(owner, secret, salt);
  const plaintext = scope.tokens.get(token);
  if (plaintext !== undefined) {
    // Parsed afresh: the cached text never changes, the object a reader gets may.
    const payload = JSON.parse(plaintext) as JWT;
    try {
      checkTimeClaims(payload);
    } catch (error) {
      scope.tokens.delete(token);
      throw error;
    }
    return { payload, plaintext };
  }
  const decoded = await decodeWithPlaintext({ token, secret, salt });
  if (decoded) {
    if (scope.tokens.size >= MAX_CACHED_TOKENS) scope.tokens.delete(scope.tokens.keys().next().value as string);
    scope.tokens.set(token, decoded.plaintext);
  }
  return decoded;
}

function scopeOf(owner: object, secret: string[], salt: string): Scope {
  let bySalt = scopes.get(owner);
  if (!bySalt) scopes.set(owner, (bySalt = new Map()));
  let scope = bySalt.get(salt);
  // By value, secret by secret (the list may have been changed in place): a copy is kept, never the list itself.
  if (!scope || !sameSecrets(scope.secrets, secret)) {
    scope = { secrets: [...secret], tokens: new Map() };
    bySalt.set(salt, scope);
  }
  return scope;
}

function sameSecrets(kept: readonly string[], current: readonly string[]): boolean {
  if (kept.length !== current.length) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== current[i]) return false;
  return true;
}
