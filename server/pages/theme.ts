/**
 * The `Theme` option: validated once at configuration time, then mapped onto the `--auth-*` custom
 * properties that the pages and the web components share (docs/pages.md#design-tokens). Values reach CSS and HTML
 * only after validation, so a hostile theme fails configuration instead of injecting markup.
 */
import { InvalidConfiguration } from "../core/errors.js";
import type { Theme } from "../types.js";
import { parseColor, readableTextOn } from "../../theme/color.js";
import { isSafeImageUrl } from "../../theme/image-url.js";

export { isSafeImageUrl };

const SCHEMES = new Set<ColorScheme>(["auto", "light", "dark"]);

export type ColorScheme = "auto" | "light" | "dark";

/** A validated theme: every value safe to put in CSS or an attribute. */
export interface ResolvedTheme {
  colorScheme: ColorScheme;
  brandColor?: string;
  /** `buttonText`, or black/white chosen for contrast with `brandColor`. */
  onBrandColor?: string;
  logo?: string;
  /** Plain text, trimmed; rendered as text, never as markup. */
  appName?: string;
}

/** Validates a theme; throws `InvalidConfiguration` naming the field and what is accepted. */
export function resolveTheme(theme: Theme | undefined, where = "theme"): ResolvedTheme {
  const input = theme ?? {};
  const colorScheme = input.colorScheme ?? "auto";
  if (!SCHEMES.has(colorScheme)) {
    throw new InvalidConfiguration(`${where}.colorScheme must be "auto", "light" or "dark"; got ${JSON.stringify(input.colorScheme)}.`);
  }
  const resolved: ResolvedTheme = { colorScheme };
  if (input.brandColor !== undefined && input.brandColor !== "") {
    const brand = parseColor(input.brandColor);
    if (!brand) throw invalidColor(`${where}.brandColor`, input.brandColor);
    resolved.brandColor = input.brandColor.trim();
    resolved.onBrandColor = readableTextOn(brand);
  }
  if (input.buttonText !== undefined && input.buttonText !== "") {
    if (!parseColor(input.buttonText)) throw invalidColor(`${where}.buttonText`, input.buttonText);
    resolved.onBrandColor = input.buttonText.trim();
  }
  if (input.logo !== undefined && input.logo !== "") {
    if (!isSafeImageUrl(input.logo)) {
      throw new InvalidConfiguration(
        `${where}.logo must be an https: URL, a path on this site starting with "/", or a base64 data:image URL; got ${JSON.stringify(String(input.logo).slice(0, 80))}.`,
      );
    }
    resolved.logo = input.logo;
  }
  if (input.appName !== undefined) {
    const name = typeof input.appName === "string" ? input.appName.trim() : "";
    // Control characters have no business in a heading; a long name would break the header's layout.
    if (!name || name.length > 60 || [...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) {
      throw new InvalidConfiguration(
        `${where}.appName must be a non-empty text of at most 60 characters without control characters; got ${JSON.stringify(String(input.appName).slice(0, 80))}.`,
      );
    }
    resolved.appName = name;
  }
  return resolved;
}

function invalidColor(field: string, value: unknown): InvalidConfiguration {
  return new InvalidConfiguration(
    `${field} must be a CSS colour written as #hex, rgb(), hsl() or oklch() with numbers only; got ${JSON.stringify(String(value).slice(0, 80))}.`,
  );
}

/** The theme's overrides of the system tokens, plus Auth.js's variable names for custom CSS written for it. */
export function themeDeclarations(theme: ResolvedTheme): string {
  let css = "";
  if (theme.brandColor) css += `--auth-color-brand:${theme.brandColor};--brand-color:${theme.brandColor};`;
  if (theme.onBrandColor) css += `--auth-color-on-brand:${theme.onBrandColor};--button-text-color:${theme.onBrandColor};`;
  return css;
}
