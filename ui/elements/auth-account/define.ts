/** Defines `<auth-account>` (idempotent): the `foyer-auth/elements/auth-account` entry point, loaded on its own. */
import { defineElement } from "../../internal/define-element.js";
// The passkey list it shows.
import "../auth-passkeys/define.js";
import { AuthAccount } from "./auth-account.js";

export const tagName = "auth-account";
export const define = defineElement(tagName, AuthAccount);
export { AuthAccount };
export { AuthProfileUpdatedEvent } from "../../events/auth-profile-updated.js";
export { AuthSessionRevokedEvent } from "../../events/auth-session-revoked.js";
export { AuthAccountUnlinkedEvent } from "../../events/auth-account-unlinked.js";
export { AuthAccountDeletedEvent } from "../../events/auth-account-deleted.js";
