/** Defines `<auth-signin>` (idempotent): the `foyer-auth/elements/auth-signin` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthSignin } from "./auth-signin.js";

export const tagName = "auth-signin";
export const define = defineElement(tagName, AuthSignin);
export { AuthSignin };
