/**
 * The keys Foyer writes into the shared store: a namespace naming what the entry is for, and a
 * SHA-256 of the parts that identify it. Hashed because those parts come from requests (an e-mail
 * address, a credential id, a refresh token): the store then never holds an address or a token, and
 * no request can make a key longer than 64 hex characters plus its namespace.
 */
import { crypto } from "../jwt/crypto.js";

/** Every namespace Foyer uses (docs/stores.md lists them). */
export type StoreNamespace =
  | "webauthn-spent"
  | "webauthn-counter"
  | "passkey-removal"
  | "email-cooldown"
  | "oauth-refresh-claim"
  | "oauth-refresh-result"
  | "rate-limit"
  | "rate-limit-lock"
  | "rate-limit-strikes";

/** `<namespace>:<sha256 hex of the parts>`. */
export async function storeKey(namespace: StoreNamespace, ...parts: string[]): Promise<string> {
  return `${namespace}:${await crypto.sha256Hex(JSON.stringify(parts))}`;
}
