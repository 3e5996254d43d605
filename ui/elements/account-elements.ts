/**
 * The account area's elements together: `<auth-account>` (with the `<auth-passkeys>` list it shows)
 * and `<auth-passkey-register>`, which an account page puts in `<auth-account>`'s `passkeys` slot to
 * add a passkey. The entry of the self-contained `dist/browser/auth-account.js`, which Foyer serves
 * under `{basePath}/assets/` (`accountScriptPath()`): `foyer-elements.js` leaves the account area
 * out, so that pages without one do not load it.
 */
export { AuthAccount, AuthAccountDeletedEvent, AuthAccountUnlinkedEvent, AuthProfileUpdatedEvent, AuthSessionRevokedEvent } from "./auth-account/define.js";
export { AuthPasskeyRegister } from "./auth-passkey-register/define.js";
export { AuthPasskeys } from "./auth-passkeys/define.js";
export { AuthPasskeyRegisteredEvent } from "../events/auth-passkey-registered.js";
export { AuthPasskeyRemovedEvent } from "../events/auth-passkey-removed.js";
