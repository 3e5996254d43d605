/**
 * The server's `theme` on every element, without the app repeating it: the elements read it from
 * `{basePath}/assets/theme.json` (server/pages/site-theme.ts), once per page and base path, and
 * adopt it into their shadow roots as a constructable stylesheet (no `style` element or attribute, so
 * a strict `style-src` does not block it). The request runs beside the element's first render and
 * its own requests, never before them; the element shows the default look until it answers, and its
 * `updateComplete` waits for it. The answer is HTTP-cached, so later pages have it at once.
 *
 * Precedence, highest first (docs/elements.md#theming): the element's `theme` attribute, the page's
 * `--auth-*` custom properties, this server theme, the built-in defaults.
 *
 * Only the request is here (./auth.ts `loadSiteTheme`, through the client of the base path). No theme configured (a 204) costs nothing more; a theme loads the customisation code (./customization-loader.ts), which validates every value before
 * it reaches CSS and adopts the stylesheet (./site-theme-style.ts).
 */
import { loadSiteTheme } from "./auth.js";
import { loadCustomization } from "./customization-loader.js";
import { waitFor } from "./pending-work.js";
import type { ThemedHost } from "./theme.js";

/** Gives `host` the server's theme of its base path; call it when the base path is set or changes. */
export function adoptSiteTheme(host: ThemedHost & { basePath: string }): void {
  const { basePath } = host;
  waitFor(
    host,
    loadSiteTheme(basePath).then((theme) => theme && loadCustomization(basePath).then((module) => module?.adoptSiteTheme(host, basePath, theme))),
  );
}
