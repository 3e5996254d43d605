/** Defines `<auth-signout>` (idempotent). */
import { AuthSignout } from "./auth-signout.js";

export const tagName = "auth-signout";

export function define(): void {
  if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, AuthSignout);
}

define();

export { AuthSignout };
