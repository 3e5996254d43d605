/**
 * Keeps the browser's passkey manager in step with the server (WebAuthn's Signal API). Where the
 * browser has no such method nothing happens, and its refusals (a wrong RP ID, …) are swallowed:
 * this is housekeeping, never an error for the visitor. (A promise-returning Web IDL method reports
 * every failure, bad arguments included, as a rejection, so no `try` is needed.)
 *
 * - `signalUnknownCredential`: one credential is no longer accepted (after a removal).
 * - `signalAllAcceptedCredentials`: every credential the site still accepts for an account, so the
 *   manager hides the account's others (removed on the server or on another device). It is keyed by
 *   the WebAuthn user handle: Foyer derives one per account from its address and the secret (the
 *   passkey list's `signal`), and registers passkeys under it. Passkeys registered before (or by
 *   Auth.js) have random handles that no signal names, so they are left alone.
 * - `signalCurrentUserDetails`: the account's name and display name, as registrations send them.
 *
 * @module
 */
import type { PasskeySignal } from "../../server/account/passkeys.js";

/** The Signal API's static methods, which TypeScript's DOM types do not have yet. */
export interface Signals {
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
  signalAllAcceptedCredentials?(options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }): Promise<void>;
  signalCurrentUserDetails?(options: PasskeySignal): Promise<void>;
}

const signals = (): Signals | undefined => (globalThis as { PublicKeyCredential?: Signals }).PublicKeyCredential;

/** A stored credential id (standard base64, as Auth.js stores it) as the browser names it (base64url). */
export const wireId = (id: string): string => id.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Signals `credentialId` (base64url) as unknown for `rpId`. */
export function signalUnknownPasskey(rpId: string, credentialId: string): void {
  signals()?.signalUnknownCredential?.({ rpId, credentialId }).catch(Boolean);
}

/**
 * Signals the account's complete list of passkeys (stored ids) and its names, from the passkey
 * list's `signal`. Call it only with a complete, current list: the manager hides what is not in it.
 */
export function signalAcceptedPasskeys(signal: PasskeySignal, ids: string[]): void {
  const api = signals();
  api?.signalAllAcceptedCredentials?.({ rpId: signal.rpId, userId: signal.userId, allAcceptedCredentialIds: ids.map(wireId) }).catch(Boolean);
  api?.signalCurrentUserDetails?.(signal).catch(Boolean);
}
