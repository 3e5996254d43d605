/**
 * The passkey ceremonies for the passkey elements, loaded when an element first needs them rather
 * than with the element: `foyer-auth/client/passkey` and @simplewebauthn/browser are most of the
 * passkey elements' weight, and a first paint needs none of it. A dynamic import, so an app's bundler
 * puts them in a chunk of their own (off the first load of `foyer-auth/elements`). The self-contained
 * bundles, which have no chunks, use ./passkey-client.static.ts instead (scripts/build-elements.mjs
 * swaps it in): a static import keeps only the functions the elements call. The elements start the load when they connect, so the code is there by the
 * time anyone clicks.
 *
 * What a first paint does need stays synchronous and small: whether the browser has WebAuthn, and
 * the page-wide cancel of a pending ceremony (which never needs the ceremonies themselves).
 */
import type * as PasskeyModule from "../client/passkey.js";

export { cancelPasskeyCeremonies as cancelPasskeyCeremony } from "../client/ceremony.js";
export type { PasskeyCeremonyOptions, PasskeyResult } from "../client/passkey.js";

/** The ceremonies the elements run. */
export type PasskeyCeremonies = Pick<typeof PasskeyModule, "registerPasskey" | "signInWithPasskey" | "startConditionalSignIn">;

let loading: Promise<PasskeyCeremonies> | undefined;

/** The passkey client's ceremonies (`foyer-auth/client/passkey`), loaded once per page. */
export function passkeyClient(): Promise<PasskeyCeremonies> {
  return (loading ??= import("../client/passkey.js"));
}

/**
 * Whether this browser has WebAuthn: the same test as the client's `passkeysSupported()`
 * (@simplewebauthn/browser's `browserSupportsWebAuthn`), without loading it.
 */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === "function";
}
