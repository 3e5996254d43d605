/**
 * The server's `theme` on every element, without the app repeating it: the elements read it from
 * `{basePath}/assets/theme.json` (server/pages/site-theme.ts), once per page and base path, and
 * adopt it into their shadow roots as a constructable stylesheet (no `style` element or attribute, so
 * a strict `style-src` does not block it). The request runs beside the element's first render and
 * its own requests, never before them; the element shows the default look until it answers, and its
 * `updateComplete` waits for it. The answer is HTTP-cached, so later pages have it at once.
 *
 * Precedence, highest first (docs/elements.md#theming): the element's `theme` attribute, the page's
 * `--auth-*` custom properties, this server theme, the built-in defaults. The stylesheet declares
 * the private tokens as `var(--auth-color-brand, <server colour>)` (ui/internal/theme-style.ts), so
 * any `--auth-*` value on the element or an ancestor still wins.
 *
 * An empty theme (`{}`, no theme configured) costs nothing more; a non-empty one loads the
 * customisation code (./customization-loader.ts), which validates every value before it reaches CSS.
 */
import type { ReactiveElement } from "lit";
import { DEFAULT_BASE_PATH } from "./auth.js";
import { loadCustomization } from "./customization-loader.js";
import { waitFor } from "./pending-work.js";

/** The server's theme, ready to adopt: the stylesheet and the logo (validated). */
export interface SiteTheme {
  sheet: CSSStyleSheet;
  logo?: string;
}

const loads = new Map<string, Promise<SiteTheme | undefined>>();
/** Loaded themes by base path, for what is read while rendering (the logo). */
const loaded = new Map<string, SiteTheme | undefined>();
const sheets = new WeakSet<CSSStyleSheet>();

/** The server's theme for `basePath`, fetched once per page. Never rejects. */
function loadSiteTheme(basePath: string): Promise<SiteTheme | undefined> {
  let load = loads.get(basePath);
  if (!load) {
    load = fetch(`${basePath}/assets/theme.json`)
      .then((response) => (response.ok ? response.json() : undefined))
      .then(async (theme: unknown) =>
        theme && typeof theme === "object" && Object.keys(theme).length ? (await loadCustomization(basePath))?.siteThemeSheet(theme) : undefined,
      )
      .catch(() => undefined)
      .then((theme) => {
        if (theme) sheets.add(theme.sheet);
        loaded.set(basePath, theme);
        return theme;
      });
    loads.set(basePath, load);
  }
  return load;
}

/**
 * Gives `host` the server's theme of its base path (call it when the base path is set or changes):
 * its shadow root adopts the theme's stylesheet, in place of another base path's.
 */
export function adoptSiteTheme(host: ReactiveElement & { basePath?: string }): void {
  const basePath = host.basePath ?? DEFAULT_BASE_PATH;
  waitFor(
    host,
    loadSiteTheme(basePath).then((theme) => {
      const root = host.renderRoot;
      if (!(root instanceof ShadowRoot) || (host.basePath ?? DEFAULT_BASE_PATH) !== basePath) return;
      const others = root.adoptedStyleSheets.filter((sheet) => !sheets.has(sheet));
      root.adoptedStyleSheets = theme ? [...others, theme.sheet] : others;
    }),
  );
}

/** The server theme's logo for `basePath`, once loaded (validated). */
export function siteLogo(basePath: string): string | undefined {
  return loaded.get(basePath)?.logo;
}
