/** Defines `<auth-user>` (idempotent). */
import { AuthUser } from "./auth-user.js";

export const tagName = "auth-user";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthUser);
}

define();

export { AuthUser };
