/**
 * `foyer-auth/providers/passkey`: sign in with a passkey. The WebAuthn provider with user
 * verification and a discoverable (resident) credential required, as Auth.js defines it.
 *
 * ```ts
 * import Passkey from "foyer-auth/providers/passkey";
 * const config = { adapter, providers: [Passkey()] };
 * ```
 *
 * Setup, the wire and the recovery path for a lost passkey: docs/passkeys.md.
 */
import { DEFAULT_WEBAUTHN_TIMEOUT, webauthnProvider, type WebAuthnConfig, type WebAuthnUserConfig } from "./webauthn.js";

export type { WebAuthnConfig as PasskeyConfig, WebAuthnUserConfig as PasskeyUserConfig };

/** A passkey provider (`id` `passkey`): user verification and a discoverable credential are required. */
export default function Passkey(config: WebAuthnUserConfig = {}): WebAuthnConfig {
  return webauthnProvider(
    {
      id: "passkey",
      name: "Passkey",
      authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: "required" },
      registrationOptions: {
        timeout: DEFAULT_WEBAUTHN_TIMEOUT,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      },
      verifyAuthenticationOptions: { requireUserVerification: true },
      verifyRegistrationOptions: { requireUserVerification: true },
    },
    config,
  );
}
