/** Defines `<auth-passkey-register>` (idempotent). */
import { AuthPasskeyRegister } from "./auth-passkey-register.js";

export const tagName = "auth-passkey-register";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthPasskeyRegister);
}

define();

export { AuthPasskeyRegister };
