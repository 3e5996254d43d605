/** Defines `<auth-passkeys>` (idempotent). */
import { AuthPasskeys } from "./auth-passkeys.js";

export const tagName = "auth-passkeys";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthPasskeys);
}

define();

export { AuthPasskeys };
