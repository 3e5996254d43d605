/**
 * What the elements load only when a page asks for more than the default English look: another
 * language or message overrides (the translator with its fallback chain, the catalogue loader,
 * writing directions) and a `Theme` object (validation and colour contrast). Pages in English with
 * the default theme, or themed through CSS custom properties, never load it.
 *
 * In the package this module is a dynamic import (an app's bundler makes it a chunk); in
 * dist/browser/foyer-elements.js it is inlined; `auth-signin.js` and `auth-passkey.js` fetch it from
 * Foyer as `{basePath}/assets/auth-customization.<hash>.js` (./customization-import.bundle.ts).
 */
export { createTranslator } from "../../locales/translator.js";
export { catalogues, loadCatalogues } from "./catalogues.js";
export { writeTheme } from "./theme-style.js";
export { adoptSiteTheme, themeBrand } from "./site-theme-style.js";
