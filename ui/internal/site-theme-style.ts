/**
 * The server's theme (`{basePath}/assets/theme.json`, requested by ./site-theme.ts) as a stylesheet
 * the elements' shadow roots adopt, one per base path. Part of the code loaded on demand
 * (./customization.ts). Values are checked as for an element's own `theme` (./theme-style.ts); an
 * invalid one is left out, with one console warning per page.
 *
 * The private tokens are declared as `var(--auth-…, <server value>)` and written through the CSSOM
 * (never parsed from text), so the page's `--auth-*` properties and the element's own `theme`
 * (inline `--auth-*` properties, `[data-color-scheme]`) still win over the server's values.
 */
import type { Theme } from "../../server/types.js";
import { isSafeImageUrl } from "../../theme/image-url.js";
import { themeColor, readableOn } from "./theme-style.js";

interface SiteTheme {
  sheet: CSSStyleSheet;
  logo?: string;
  appName?: string;
}

const themes = new Map<string, SiteTheme>();
const sheets = new WeakSet<CSSStyleSheet>();

function siteTheme(theme: Theme): SiteTheme {
  const sheet = new CSSStyleSheet();
  sheets.add(sheet);
  sheet.insertRule(":host{}");
  const { style } = sheet.cssRules[0] as CSSStyleRule;
  const { brandColor, buttonText, colorScheme, logo } = theme;
  const brand = themeColor(brandColor);
  const text = themeColor(buttonText);
  const onBrand = text ?? (brand && readableOn(brand));
  if (brand) style.setProperty("--_color-brand", `var(--auth-color-brand,${brand})`);
  if (onBrand) style.setProperty("--_color-on-brand", `var(--auth-color-on-brand,${onBrand})`);
  const scheme = colorScheme === "light" || colorScheme === "dark";
  if (scheme) {
    style.setProperty("color-scheme", colorScheme);
    // Elements without a surface of their own paint this one, so a fixed scheme stays readable on a page of the other.
    style.setProperty("--_scheme-surface", "var(--_color-surface)");
    style.setProperty("--_scheme-padding", "0.5rem");
  }
  const safeLogo = isSafeImageUrl(logo);
  const invalid = Object.entries({ brandColor: brand, buttonText: text, colorScheme: scheme || colorScheme === "auto", logo: safeLogo }).filter(
    ([field, valid]) => theme[field as keyof Theme] && !valid,
  );
  if (invalid.length) console.warn(`foyer-auth: ignored invalid server theme ${invalid.map(([field]) => field).join(", ")}`);
  return { sheet, logo: safeLogo ? logo : undefined, appName: theme.appName };
}

/** Adopts the server theme of `basePath` (`theme`, as theme.json gave it; a JSON object) into `host`'s shadow root, in place of another base path's. */
export function adoptSiteTheme(host: HTMLElement & { basePath: string }, basePath: string, theme: Theme): void {
  let site = themes.get(basePath);
  if (!site) themes.set(basePath, (site = siteTheme(theme)));
  const root = host.shadowRoot;
  // Not when the element moved to another base path meanwhile: that one's theme comes on its own.
  if (root && host.basePath === basePath) root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((sheet) => !sheets.has(sheet)), site.sheet];
}

/**
 * The brand header to show: the logo and the app name of the element's theme where it has them (a
 * `""` logo shows none), else the server theme's for `basePath` once adopted. The logo only when it is
 * safe to show (`https:`, a site path, or a `data:image/…` URL; never `javascript:`). The name is
 * rendered as text, never as markup; the server checks its own (1–60 characters, no control characters).
 */
export function themeBrand(theme: Theme | undefined, basePath: string): { logo?: string; appName?: string } {
  const site = themes.get(basePath);
  const logo = theme?.logo ?? site?.logo;
  return { logo: isSafeImageUrl(logo) ? logo : undefined, appName: theme?.appName ?? site?.appName };
}
