/** Defines `<auth-user>` (idempotent): the `foyer-auth/elements/auth-user` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthUser } from "./auth-user.js";

export const tagName = "auth-user";
export const define = defineElement(tagName, AuthUser);
export { AuthUser };
