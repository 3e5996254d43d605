/**
 * Safe default headers for every built-in page. Pages carry CSRF tokens and sign-in links travel in
 * URLs, so: no framing, no referrer, no sniffing, no caching of token-bearing pages, and a CSP that
 * allows only the page's own inline style (by hash) and, where passkeys need it, Foyer's own script,
 * and lets forms go only where Foyer's own forms (and the redirects after them) go (`form-action`).
 * Apps override or remove single headers with the `pageHeaders` option (`null` removes).
 */
import { createHash } from "node:crypto";

export interface PageHeaderOptions {
  /** The exact text of the page's `<style>` element. */
  css: string;
  /** The page carries a CSRF token (sign-in, sign-out): never cache it. */
  carriesToken: boolean;
  /** The page loads Foyer's own script (passkeys). */
  scripts: boolean;
  /** `form-action` sources: where the page's forms, and the redirects after them, may go (default `'self'`). */
  formAction?: string;
}

const styleHashes = new Map<string, string>();

/** `'sha256-…'` of a style text, cached: a config renders only a handful of distinct stylesheets. */
export function styleHash(css: string): string {
  let hash = styleHashes.get(css);
  if (!hash) {
    hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
    if (styleHashes.size > 256) styleHashes.clear();
    styleHashes.set(css, hash);
  }
  return hash;
}

export function pageHeaders(options: PageHeaderOptions, overrides?: Record<string, string | null>): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `style-src ${styleHash(options.css)}`,
    "img-src 'self' https: data:",
    options.scripts ? "script-src 'self'" : "script-src 'none'",
    options.scripts ? "connect-src 'self'" : undefined,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action ${options.formAction ?? "'self'"}`,
  ]
    .filter(Boolean)
    .join("; ");
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
  if (options.carriesToken) headers["Cache-Control"] = "no-store";
  for (const [name, value] of Object.entries(overrides ?? {})) {
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
    if (existing) delete headers[existing];
    if (value !== null) headers[name] = value;
  }
  return headers;
}
