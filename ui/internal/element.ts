/**
 * Helpers every element may use: custom states and the light-DOM stylesheets. Nothing here runs at
 * import time (SSR-safe).
 */
import type { CSSResult } from "lit";

/** Switches a custom state (`:state(name)`) on or off. Custom states are optional: older browsers lack them. */
export function toggleState(internals: ElementInternals | undefined, name: string, on: boolean): void {
  try {
    if (on) internals?.states.add(name);
    else internals?.states.delete(name);
  } catch {
    // no CustomStateSet here; the element's ARIA and reflected attributes carry the same information
  }
}

/**
 * Adopts `styles` (the CSS of an element's light-DOM forms) into the document or shadow
 * root `host` lives in, once per root. Lit makes one constructable stylesheet per `css` result;
 * where there are none, nothing is adopted.
 */
export function adoptLightStyles(host: HTMLElement, styles: CSSResult): void {
  const root = host.getRootNode() as Document | ShadowRoot;
  const sheet = styles.styleSheet;
  // Lit gives no stylesheet where adopting is unsupported.
  if (sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
