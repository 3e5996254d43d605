/**
 * Imports a module Foyer serves under `{basePath}/assets/` (server/pages/assets.ts): how the
 * self-contained bundles load their companions on demand (the passkey elements, the customisation
 * code). Same origin only; nothing comes from anywhere else (ui-kit §6). A dynamic import carries the
 * CSP nonce of the module script that runs it, so a nonce-based policy that lets the bundle run lets
 * its companions run too; otherwise the policy needs `script-src 'self'`.
 */
import { normalizeBasePath } from "../client/options.js";

/** `import()` of `{basePath}/assets/<file>`; rejects when it cannot be loaded. */
export function importFoyerAsset(basePath: string, file: string): Promise<unknown> {
  return import(/* @vite-ignore */ `${normalizeBasePath(basePath)}/assets/${file}`);
}
