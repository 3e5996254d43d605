/** Defines `<auth-passkey-button>` (idempotent): the `foyer-auth/elements/auth-passkey-button` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthPasskeyButton } from "./auth-passkey-button.js";

export const tagName = "auth-passkey-button";
export const define = defineElement(tagName, AuthPasskeyButton);
export { AuthPasskeyButton };
