/**
 * Writes a `Theme` onto an element as the same tokens the pages use (docs/pages.md#design-tokens). Part of
 * the code loaded on demand (./customization.ts; ./theme.ts is what the elements call). An invalid
 * value is ignored (with one console warning) rather than written into CSS.
 *
 * Colours must have the server's grammar (theme/color.ts: hex, or rgb()/hsl()/oklch() with numeric
 * arguments only) and be colours this browser supports (`CSS.supports`). The colour maths is left to
 * the browser: the text colour for a brand colour is picked from the brand colour as a canvas paints
 * it (sRGB; alpha is ignored, as the server does), so the elements carry no hsl/oklch conversions.
 */
import { isColorSyntax, readableTextOn } from "../../theme/color.js";
import { isSafeImageUrl } from "../../theme/image-url.js";
import type { Theme } from "../../server/types.js";

const warned = new WeakSet<HTMLElement>();

/** A theme colour, trimmed, or `undefined` when it is not one. */
export function themeColor(value: unknown): string | undefined {
  return isColorSyntax(value) && CSS.supports("color", (value = value.trim())) ? (value as string) : undefined;
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** Black or white, whichever reads better on `color` (a valid theme colour), as theme/color.ts decides. */
export function readableOn(color: string): "#fff" | "#000" {
  canvas ??= document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!canvas) return "#fff";
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
  return readableTextOn({ r: r! / 255, g: g! / 255, b: b! / 255 });
}

/** Writes the theme's tokens on the host (inline custom properties and `data-color-scheme`). */
export function writeTheme(host: HTMLElement, theme: Theme | undefined): void {
  const { style } = host;
  for (const name of ["--auth-color-brand", "--auth-color-on-brand", "color-scheme"]) style.removeProperty(name);
  host.removeAttribute("data-color-scheme");
  if (theme == null) return;
  if (typeof theme !== "object" || Array.isArray(theme)) {
    warnOnce(host, "theme (not a JSON object)");
    return;
  }
  const { brandColor, buttonText, colorScheme, logo } = theme;
  const invalid: string[] = [];
  if (brandColor) {
    const brand = themeColor(brandColor);
    if (brand) {
      style.setProperty("--auth-color-brand", brand);
      style.setProperty("--auth-color-on-brand", readableOn(brand));
    } else invalid.push("brandColor");
  }
  if (buttonText) {
    const text = themeColor(buttonText);
    if (text) style.setProperty("--auth-color-on-brand", text);
    else invalid.push("buttonText");
  }
  if (colorScheme === "light" || colorScheme === "dark") {
    host.setAttribute("data-color-scheme", colorScheme);
    style.setProperty("color-scheme", colorScheme);
  } else if (colorScheme && colorScheme !== "auto") invalid.push("colorScheme");
  if (logo && !isSafeImageUrl(logo)) invalid.push("logo");
  if (invalid.length) warnOnce(host, `theme ${invalid.join(", ")}`);
}

function warnOnce(host: HTMLElement, what: string): void {
  if (warned.has(host)) return;
  warned.add(host);
  console.warn(`<${host.localName}>: ignored invalid ${what}`);
}
