/** Defines `<auth-passkey-button>` (idempotent). */
import { AuthPasskeyButton } from "./auth-passkey-button.js";

export const tagName = "auth-passkey-button";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthPasskeyButton);
}

define();

export { AuthPasskeyButton };
