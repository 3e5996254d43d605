/**
 * The passkey elements' loader in the self-contained `dist/browser/foyer-elements.js`
 * (scripts/build-elements.mjs uses this module in place of ./passkey-loader.ts). That bundle defines
 * every element already; a dynamic import, which a build without code splitting inlines, would only
 * add its module wrappers (about 1 KB gzip).
 */

/** Nothing to load: resolves at once. Never rejects. */
export function loadPasskeyElements(_basePath: string): Promise<unknown> {
  return Promise.resolve();
}
