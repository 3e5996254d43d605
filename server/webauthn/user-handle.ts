/**
 * The WebAuthn user handle of an account: 32 bytes derived from the configured secret (the first of
 * the list, the one that seals) and the account's normalised e-mail address, never stored. Auth.js's
 * Authenticator table has no column for a handle, and a derived one needs none: the same address
 * gives the same handle whenever the signed-in user adds a passkey, so the browser can be told which
 * of the account's passkeys the site still accepts (WebAuthn's Signal API,
 * `signalAllAcceptedCredentials`, keyed by this handle). A signed-out sign-up does not use it
 * (server/actions/webauthn-options.ts says why): its passkey gets a random handle.
 *
 * The handle is opaque: an HKDF-SHA-256 output under a salt of its own, over a digest of the address,
 * so it carries no personal data and cannot be linked to the address without the secret.
 *
 * Trade-offs:
 * - One handle per account. An authenticator keeps one passkey per account and site, so a second
 *   registration for the account in the same passkey manager would replace the first there (the
 *   options' `excludeCredentials` refuses that for the account's known passkeys, which is why only
 *   signed-in registrations, which list them, use this handle).
 * - The handle changes with the address or with the first secret. Passkeys made before keep
 *   working (sign-in looks credentials up by id, never by handle); later signals simply no longer
 *   match them, which only means the browser is not told about them.
 * - Passkeys registered before Foyer derived handles have random ones, which no signal matches.
 *
 * @module
 */
import { normalizeEmail } from "../email/identifier.js";
import { crypto } from "../jwt/crypto.js";

const SALT = "foyer-webauthn-user-handle";
const INFO = "Foyer WebAuthn user handle";

/**
 * The user handle for the account with this address (32 bytes), or `undefined` without an address.
 * An address that does not pass Foyer's e-mail checks (an OAuth profile's, say) is only trimmed and
 * lowercased, so it still names one handle.
 */
export async function userHandleFor(secrets: readonly string[], email: string | null | undefined): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const secret = secrets[0];
  if (!secret || typeof email !== "string" || email.trim() === "") return undefined;
  const normalized = normalizeEmail(email);
  const address = normalized.ok ? normalized.email : email.trim().toLowerCase();
  // A fixed-length digest keeps HKDF's `info` short whatever the address.
  return new Uint8Array(await crypto.hkdfSha256(secret, SALT, `${INFO} ${await crypto.sha256Hex(address)}`, 32));
}
