/**
 * Colours from configuration. A strict grammar (hex, or rgb()/hsl()/oklch() with numeric arguments
 * only) is what keeps a hostile `brandColor` out of the page's `<style>` (docs/pages.md#theme, R-CONF-05); the
 * parsed value is also what contrast decisions are made from.
 */

/** An opaque sRGB colour, channels 0–1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = new RegExp(
  String.raw`^(rgba?|hsla?|oklch)\(\s*(${NUMBER}%?|none)(?:\s*,\s*|\s+)(${NUMBER}%?|none)(?:\s*,\s*|\s+)(${NUMBER}(?:deg)?%?|none)(?:\s*(?:,|\/)\s*(${NUMBER}%?))?\s*\)$`,
  "i",
);

/** Parses a colour of the accepted grammar; `undefined` for anything else. */
export function parseColor(input: unknown): Rgb | undefined {
  if (typeof input !== "string" || input.length > 64) return undefined;
  const text = input.trim();
  const hex = HEX.exec(text);
  if (hex) return fromHex(hex[1]!);
  const fn = FUNCTION.exec(text);
  if (!fn) return undefined;
  const name = fn[1]!.toLowerCase();
  const [a, b, c] = [fn[2]!, fn[3]!, fn[4]!].map((part) => (part === "none" ? "0" : part)) as [string, string, string];
  if (fn[5] !== undefined && !(unit(fn[5], 1) >= 0 && unit(fn[5], 1) <= 1)) return undefined;
  if (name.startsWith("rgb")) return clampRgb({ r: unit(a, 255), g: unit(b, 255), b: unit(c, 255) });
  if (name.startsWith("hsl")) return hsl(parseFloat(a), unit(b, 100), unit(c, 100));
  // oklch: lightness 0–1 (or %), chroma absolute (100% = 0.4), hue in degrees.
  const chroma = b.endsWith("%") ? (parseFloat(b) / 100) * 0.4 : parseFloat(b);
  return oklchToRgb(unit(a, 1), chroma, parseFloat(c));
}

/**
 * Whether a value has the shape of an accepted colour (hex, or rgb()/hsl()/oklch() with numeric
 * arguments only), without converting it: what keeps anything else out of CSS. The web components
 * check this and then let the browser do the colour maths (ui/internal/theme.ts); {@link parseColor}
 * does both here.
 */
export function isColorSyntax(input: unknown): input is string {
  if (typeof input !== "string" || input.length > 64) return false;
  const text = input.trim();
  return HEX.test(text) || FUNCTION.test(text);
}

/** Whether a value is acceptable as a theme colour. */
export function isColor(input: unknown): input is string {
  return parseColor(input) !== undefined;
}

function unit(part: string, scale: number): number {
  return part.endsWith("%") ? parseFloat(part) / 100 : parseFloat(part) / scale;
}

function fromHex(digits: string): Rgb {
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join("") : digits;
  return { r: parseInt(full.slice(0, 2), 16) / 255, g: parseInt(full.slice(2, 4), 16) / 255, b: parseInt(full.slice(4, 6), 16) / 255 };
}

function clampRgb(color: Rgb): Rgb | undefined {
  const values = [color.r, color.g, color.b];
  if (values.some((v) => !Number.isFinite(v))) return undefined;
  const [r, g, b] = values.map((v) => Math.min(1, Math.max(0, v))) as [number, number, number];
  return { r, g, b };
}

function hsl(hue: number, s: number, l: number): Rgb | undefined {
  const h = (((hue % 360) + 360) % 360) / 360;
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return clampRgb({ r: f(0), g: f(8), b: f(4) });
}

function oklchToRgb(l: number, c: number, hueDegrees: number): Rgb | undefined {
  const h = (hueDegrees * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = {
    r: 4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    g: -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    b: -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  };
  const gamma = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.max(v, 0) ** (1 / 2.4) - 0.055);
  return clampRgb({ r: gamma(linear.r), g: gamma(linear.g), b: gamma(linear.b) });
}

/** WCAG 2 relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio between two colours (1–21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The luminance up to which white text has at least the contrast of black text: contrast with white,
 * 1.05 / (L + 0.05), is at least contrast with black, (L + 0.05) / 0.05, while (L + 0.05)² ≤ 1.05 × 0.05.
 */
const WHITE_TEXT_UP_TO = Math.sqrt(1.05 * 0.05) - 0.05;

/** Black or white, whichever reads better on `background` (always ≥ 4.58:1, so AA for normal text). */
export function readableTextOn(background: Rgb): "#fff" | "#000" {
  return luminance(background) <= WHITE_TEXT_UP_TO ? "#fff" : "#000";
}
