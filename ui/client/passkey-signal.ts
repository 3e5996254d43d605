/**
 * Tells the browser's passkey provider that a credential is no longer accepted here, so it stops
 * offering it (WebAuthn's Signal API, `PublicKeyCredential.signalUnknownCredential`). Where the
 * browser has no such method nothing happens, and its refusals (a wrong RP ID, …) are swallowed:
 * this is housekeeping, never an error for the visitor. (A promise-returning Web IDL method reports
 * every failure as a rejection, so no `try` is needed.)
 *
 * `signalAllAcceptedCredentials` is not used: it is keyed by the WebAuthn user handle, and Foyer
 * (like Auth.js) gives every passkey its own random handle and stores none, so there is no handle
 * to name the user's credentials by.
 *
 * @module
 */

/** The Signal API's static method, which TypeScript's DOM types do not have yet. */
export interface Signals {
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
}

/** Signals `credentialId` (base64url) as unknown for `rpId`. */
export function signalUnknownPasskey(rpId: string, credentialId: string): void {
  (globalThis as { PublicKeyCredential?: Signals }).PublicKeyCredential?.signalUnknownCredential?.({ rpId, credentialId }).catch(Boolean);
}
