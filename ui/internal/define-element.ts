/**
 * Registration of one element, for the `define.ts` module of each (`foyer-auth/elements/<tag>`).
 * Registration happens only there, never when an element's class module is imported (SSR-safe).
 */

/**
 * Registers `element` as `<tagName>` now, and returns a `define()` that does it again: both do nothing
 * where the tag is taken already (idempotent) or there is no custom element registry (a server).
 */
export function defineElement(tagName: string, element: CustomElementConstructor): () => void {
  const define = () => {
    if (typeof customElements !== "undefined" && !customElements.get(tagName)) customElements.define(tagName, element);
  };
  define();
  return define;
}
