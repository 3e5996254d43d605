/** Defines `<auth-provider-button>` (idempotent): the `foyer-auth/elements/auth-provider-button` entry point. */
import { defineElement } from "../../internal/define-element.js";
import { AuthProviderButton } from "./auth-provider-button.js";

export const tagName = "auth-provider-button";
export const define = defineElement(tagName, AuthProviderButton);
export { AuthProviderButton };
