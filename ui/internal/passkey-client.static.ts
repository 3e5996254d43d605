/**
 * ./passkey-client.ts for the self-contained bundles in dist/browser/ (scripts/build-elements.mjs
 * swaps it in): they have no chunks to load later, and a dynamic import inlined there would keep
 * every export of the passkey client. Imported statically, only the three ceremonies are kept.
 */
import { registerPasskey, signInWithPasskey, startConditionalSignIn } from "../client/passkey.js";
import type { PasskeyCeremonies } from "./passkey-client.js";

export { cancelPasskeyCeremonies as cancelPasskeyCeremony } from "../client/ceremony.js";
export type { PasskeyCeremonyOptions, PasskeyResult } from "../client/passkey.js";

const ceremonies: Promise<PasskeyCeremonies> = Promise.resolve({ registerPasskey, signInWithPasskey, startConditionalSignIn });

/** The passkey client's ceremonies, already here. */
export function passkeyClient(): Promise<PasskeyCeremonies> {
  return ceremonies;
}

/** Whether this browser has WebAuthn (as ./passkey-client.ts decides). */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === "function";
}
