/** Defines `<auth-signin>`; idempotent. */
import { AuthSignin } from "./auth-signin.js";

export const tagName = "auth-signin";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthSignin);
}

define();

export { AuthSignin };
