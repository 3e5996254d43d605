/**
 * The `theme` attribute/property of the elements: the spec's `Theme` mapped onto the same tokens as
 * the pages (ui-kit §4.3). Values are validated exactly as the server validates them; an invalid
 * value is ignored (with one console warning) rather than written into CSS.
 */
import { parseColor, readableTextOn } from "../../theme/color.js";
import { isSafeImageUrl } from "../../theme/image-url.js";
import type { Theme } from "../../server/types.js";

const warned = new WeakSet<HTMLElement>();

/** Parses the `theme` attribute (JSON). Invalid JSON gives `undefined`. */
export const themeConverter = {
  fromAttribute(value: string | null): Theme | undefined {
    if (!value) return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Theme) : undefined;
    } catch {
      return undefined;
    }
  },
  toAttribute(value: Theme | undefined): string | null {
    return value ? JSON.stringify(value) : null;
  },
};

/** Writes the theme's tokens on the host (inline custom properties and `data-color-scheme`). */
export function applyTheme(host: HTMLElement, theme: Theme | undefined): void {
  const style = host.style;
  for (const name of ["--auth-color-brand", "--auth-color-on-brand", "color-scheme"]) style.removeProperty(name);
  host.removeAttribute("data-color-scheme");
  if (!theme) return;
  const invalid: string[] = [];
  const brand = theme.brandColor ? parseColor(theme.brandColor) : undefined;
  if (theme.brandColor && !brand) invalid.push("brandColor");
  if (brand) {
    style.setProperty("--auth-color-brand", theme.brandColor!.trim());
    style.setProperty("--auth-color-on-brand", readableTextOn(brand));
  }
  if (theme.buttonText) {
    if (parseColor(theme.buttonText)) style.setProperty("--auth-color-on-brand", theme.buttonText.trim());
    else invalid.push("buttonText");
  }
  if (theme.colorScheme === "light" || theme.colorScheme === "dark") {
    host.setAttribute("data-color-scheme", theme.colorScheme);
    style.setProperty("color-scheme", theme.colorScheme);
  } else if (theme.colorScheme && theme.colorScheme !== "auto") invalid.push("colorScheme");
  if (theme.logo && !isSafeImageUrl(theme.logo)) invalid.push("logo");
  if (invalid.length && !warned.has(host)) {
    warned.add(host);
    console.warn(`<${host.localName}>: ignored invalid theme ${invalid.join(", ")}`);
  }
}
