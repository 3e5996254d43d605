/**
 * The elements' `theme` attribute/property: the server's `theme` option (docs/elements.md#theming), given as JSON in the
 * attribute (Lit's `Object` converter: unparsable JSON is `null`). Validating it and writing the
 * tokens (./theme-style.ts) is part of the customisation code,
 * loaded the first time an element on the page is given a theme (./customization-loader.ts). Pages
 * themed through CSS custom properties never load it.
 */
import type { ReactiveElement } from "lit";
import type { Theme } from "../../server/types.js";
import { DEFAULT_BASE_PATH } from "./auth.js";
import { customization, loadCustomization } from "./customization-loader.js";
import { waitFor } from "./pending-work.js";

/**
 * An element with a `theme` (and the `basePath` the customisation code is loaded from). Its
 * `updateComplete` waits for the theme code when it has called `trackPendingWork` in its
 * constructor (./pending-work.ts; every element's `LocalizeController` does).
 */
export interface ThemedHost extends ReactiveElement {
  theme?: Theme;
  basePath?: string;
}

/**
 * Applies the host's theme: at once when the customisation code is loaded, else once it is (and
 * the host's `updateComplete` waits for that). A theme replaced in the meantime is not applied.
 * Without a theme, whatever an earlier one wrote is removed.
 */
export function applyTheme(host: ThemedHost, theme: Theme | undefined): void {
  if (customization || !theme) customization?.writeTheme(host, theme);
  // Writes the theme the host has once the code is here: a theme replaced meanwhile is not applied.
  else
    waitFor(
      host,
      loadCustomization(host.basePath ?? DEFAULT_BASE_PATH).then((module) => module?.writeTheme(host, host.theme)),
    );
}

/**
 * The brand header to show (logo and app name): the element theme's where it has them (a `""` logo
 * shows none), else the server theme's for `basePath` (./site-theme-style.ts). The logo only when it
 * is safe to show (`https:`, a site path, or a `data:image/…` URL; never `javascript:`); the name is
 * shown as text. The checks come with the customisation code, which a theme loads; until then, no header.
 */
export function themeBrand(theme: Theme | undefined, basePath: string): { logo?: string; appName?: string } | undefined {
  return customization?.themeBrand(theme, basePath);
}
