/**
 * `foyer-auth/elements`: importing this module defines every element. `foyer-auth/elements/<tag>`
 * defines one. Elements talk to a Foyer on the page's own origin (see docs/elements.md).
 */
export { AuthSignin } from "./auth-signin/define.js";
export { AuthProviderButton } from "./auth-provider-button/define.js";
export { AuthSignout } from "./auth-signout/define.js";
export { AuthSession } from "./auth-session/define.js";
export { AuthUser } from "./auth-user/define.js";
export { AuthPasskeyButton } from "./auth-passkey-button/define.js";
export { AuthPasskeyRegister } from "./auth-passkey-register/define.js";
export { AuthPasskeys } from "./auth-passkeys/define.js";
export * from "../events/index.js";
