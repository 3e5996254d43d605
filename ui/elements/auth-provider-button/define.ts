/** Defines `<auth-provider-button>` (idempotent). */
import { AuthProviderButton } from "./auth-provider-button.js";

export const tagName = "auth-provider-button";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthProviderButton);
}

define();

export { AuthProviderButton };
