/** Defines `<auth-session>` (idempotent): the `foyer-auth/elements/auth-session` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthSession } from "./auth-session.js";

export const tagName = "auth-session";
export const define = defineElement(tagName, AuthSession);
export { AuthSession };
