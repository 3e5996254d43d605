/** Defines `<auth-passkeys>` (idempotent): the `foyer-auth/elements/auth-passkeys` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthPasskeys } from "./auth-passkeys.js";

export const tagName = "auth-passkeys";
export const define = defineElement(tagName, AuthPasskeys);
export { AuthPasskeys };
