/**
 * The single cancel path for a pending passkey (WebAuthn) ceremony: one abort path for the
 * whole page, and every other way of signing in cancels the pending ceremony first.
 *
 * `signIn()` of `foyer-auth/client` must abort a pending passkey request — above all the silent
 * autofill (conditional UI) request, which otherwise can still raise a biometric prompt after the
 * visitor signed in with a password. It must do so without importing the passkey module and
 * @simplewebauthn/browser, which would add their weight to every app that never uses passkeys. So the
 * passkey module registers its canceller here when it starts a ceremony, and `signIn()` only calls
 * {@link cancelPasskeyCeremonies}.
 *
 * The registry lives on `globalThis` under a `Symbol.for` key so that separately built copies of the
 * client on one page (say `foyer-client.js` next to `foyer-elements.js`) still cancel each other's
 * ceremonies. Nothing here runs at import time.
 *
 * @internal
 * @module
 */

const REGISTRY = Symbol.for("foyer-auth.passkey-cancellers");

/** The cancellers of every passkey module loaded on the page, created on first use. */
function cancellers(): Set<() => void> {
  const scope = globalThis as { [REGISTRY]?: Set<() => void> };
  return (scope[REGISTRY] ??= new Set());
}

/**
 * Registers a function that aborts the pending ceremony of one passkey module. Registering the same
 * function again changes nothing.
 *
 * @param cancel Aborts that module's pending ceremony; does nothing when none is pending.
 */
export function registerPasskeyCanceller(cancel: () => void): void {
  cancellers().add(cancel);
}

/** Aborts every pending passkey ceremony on the page. Does nothing when no passkey module ever started one. */
export function cancelPasskeyCeremonies(): void {
  for (const cancel of cancellers()) {
    try {
      cancel();
    } catch {
      // An abort that throws has nothing left to abort; the next canceller must still run.
    }
  }
}
