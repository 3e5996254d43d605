/** Defines `<auth-session>` (idempotent). */
import { AuthSession } from "./auth-session.js";

export const tagName = "auth-session";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthSession);
}

define();

export { AuthSession };
