/**
 * The passkey elements together: `<auth-passkey-button>`, `<auth-passkey-register>` and
 * `<auth-passkeys>`. `<auth-signin>` loads this module only when `GET /providers` lists a WebAuthn
 * provider (./auth-signin/passkey-loader.ts), so a sign-in surface without passkeys carries none of
 * their code (nor @simplewebauthn/browser). It is also the entry of the self-contained
 * `dist/browser/auth-passkey.js`, which Foyer serves under `{basePath}/assets/`.
 */
export { AuthPasskeyButton } from "./auth-passkey-button/define.js";
export { AuthPasskeyRegister } from "./auth-passkey-register/define.js";
export { AuthPasskeys } from "./auth-passkeys/define.js";
export { AuthPasskeyRegisteredEvent } from "../events/auth-passkey-registered.js";
export { AuthPasskeyRemovedEvent } from "../events/auth-passkey-removed.js";
