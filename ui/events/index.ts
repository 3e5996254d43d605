/** The kit's typed events (docs/elements.md#events): all bubble and cross shadow roots. */
export { AuthSigninStartEvent } from "./auth-signin-start.js";
export { AuthSigninSuccessEvent } from "./auth-signin-success.js";
export { AuthSigninErrorEvent } from "./auth-signin-error.js";
export { AuthSessionChangeEvent } from "./auth-session-change.js";
export { AuthSignoutEvent } from "./auth-signout.js";
export { AuthPasskeyRegisteredEvent } from "./auth-passkey-registered.js";
export { AuthPasskeyRemovedEvent } from "./auth-passkey-removed.js";
