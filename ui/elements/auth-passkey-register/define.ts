/** Defines `<auth-passkey-register>` (idempotent): the `foyer-auth/elements/auth-passkey-register` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthPasskeyRegister } from "./auth-passkey-register.js";

export const tagName = "auth-passkey-register";
export const define = defineElement(tagName, AuthPasskeyRegister);
export { AuthPasskeyRegister };
