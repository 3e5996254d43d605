/**
 * The HTML document around a page. Assembled as a string because preact-render-to-string escapes
 * the text of `<style>` (`"Segoe UI"` would become `&quot;Segoe UI&quot;`); the CSS is Foyer's own
 * plus validated theme values only.
 */
import type { Direction } from "../../locales/index.js";
import type { ColorScheme } from "./theme.js";

export interface DocumentParts {
  lang: string;
  dir: Direction;
  colorScheme: ColorScheme;
  title: string;
  css: string;
  /** Rendered page markup (already escaped by Preact). */
  body: string;
  /** Extra `<head>` markup (Foyer's own script tags). */
  head?: string;
  /**
   * The page's referrer policy, repeated in a `<meta>` so that it holds wherever the page is saved or
   * proxied; the same value as the `Referrer-Policy` header (`pageHeaders` may change it). `null`: no
   * `<meta>`. Default `no-referrer`.
   */
  referrerPolicy?: string | null;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function renderDocument(parts: DocumentParts): string {
  const { lang, dir, colorScheme, title, css, body, head = "", referrerPolicy = "no-referrer" } = parts;
  const referrer = referrerPolicy === null ? "" : `<meta name="referrer" content="${escapeHtml(referrerPolicy)}">`;
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(lang)}" dir="${dir}" data-color-scheme="${colorScheme}">` +
    `<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `${referrer}<title>${escapeHtml(title)}</title><style>${css}</style>${head}</head>` +
    `<body class="__next-auth-theme-${colorScheme}">${body}</body></html>`
  );
}
