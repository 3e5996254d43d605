/** Defines `<auth-signin>` (and the `<auth-provider-button>` it uses); idempotent. */
import { AuthSignin } from "./auth-signin.js";
import { define as defineProviderButton } from "../auth-provider-button/define.js";

export const tagName = "auth-signin";

export function define(): void {
  defineProviderButton();
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthSignin);
}

define();

export { AuthSignin };
