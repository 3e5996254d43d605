/**
 * Imports a module Foyer serves under `{basePath}/assets/` (server/pages/assets.ts): how the
 * self-contained bundles load their companions on demand (the passkey elements, the customisation
 * code). Always from the page's own origin, where the elements' Foyer is: the URL is built on
 * `location.origin` (an import would otherwise resolve a path against the bundle's own URL, which may
 * be elsewhere), and the base path is a path (`normalizeBasePath`: `//host` cannot name another host).
 * Nothing comes from anywhere else (no third-party host ever). A dynamic import carries the CSP nonce of the module
 * script that runs it, so a nonce-based policy that lets the bundle run lets its companions run too;
 * otherwise the policy needs `script-src 'self'`.
 */
import { normalizeBasePath } from "../client/options.js";

/** `import()` of `{basePath}/assets/<file>`; rejects when it cannot be loaded. */
export function importFoyerAsset(basePath: string, file: string): Promise<unknown> {
  return import(/* @vite-ignore */ `${location.origin}${normalizeBasePath(basePath)}/assets/${file}`);
}
