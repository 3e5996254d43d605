/** Defines `<auth-signout>` (idempotent): the `foyer-auth/elements/auth-signout` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthSignout } from "./auth-signout.js";

export const tagName = "auth-signout";
export const define = defineElement(tagName, AuthSignout);
export { AuthSignout };
