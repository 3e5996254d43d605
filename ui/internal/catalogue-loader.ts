/**
 * Loads a built-in catalogue other than English, for ./catalogues.ts: the modules of locales/ as
 * dynamic imports, which an app's bundler turns into separate chunks (and Vite serves on demand in
 * the tests and Storybook).
 *
 * The self-contained bundles of dist/browser/ use ./catalogue-loader.bundle.ts instead, which
 * fetches the same catalogues as JSON from Foyer's own origin; scripts/build-elements.mjs swaps it
 * in. Both export the same function.
 */
import type { Catalogues } from "../../locales/translator.js";

const MODULES: Readonly<Record<string, () => Promise<{ default: Catalogues[string] }>>> = {
  de: () => import("../../locales/de.js"),
  fr: () => import("../../locales/fr.js"),
  es: () => import("../../locales/es.js"),
  ja: () => import("../../locales/ja.js"),
  ar: () => import("../../locales/ar.js"),
};

/**
 * The catalogue for `tag` (a lower-case tag), or `undefined` when there is none.
 * @param _basePath Where Foyer is mounted (used by the bundle's loader only).
 */
export function importCatalogue(tag: string, _basePath: string): Promise<Catalogues[string]> | undefined {
  return Object.hasOwn(MODULES, tag) ? MODULES[tag]!().then((module) => module.default) : undefined;
}
