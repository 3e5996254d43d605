/**
 * `renderPage`: a built-in page as an internal response (status, headers, HTML). The markup comes
 * from `markup.tsx`; this module adds the security headers.
 */
import type { ResponseInternal } from "../types.js";
import type { PageContext } from "./context.js";
import { pageHeaders } from "./headers.js";
import { pageDocument, pageMarkup, type PageRequest } from "./markup.js";

export type { PageRequest };

export interface RenderOptions {
  /** The page's complete stylesheet (Foyer's CSS, theme and provider rules). */
  css: string;
  /** The CSP's `form-action` sources (default `'self'`). */
  formAction?: string;
  headerOverrides?: Record<string, string | null>;
}

export function renderPage(page: PageContext, request: PageRequest, options: RenderOptions): ResponseInternal<string> {
  const markup = pageMarkup(page, request);
  // The verify-request page carries a token (and a masked address) when it offers a resend.
  const carriesToken = request.page === "signin" || request.page === "signout" || (request.page === "verify-request" && request.resend !== undefined);
  // `script-src 'self'` only where Foyer's own script is on the page; elsewhere `'none'`.
  const headers = pageHeaders({ css: options.css, carriesToken, scripts: markup.scripts.length > 0, formAction: options.formAction }, options.headerOverrides);
  // The page's <meta name="referrer"> says what the header says, so that `pageHeaders` can change it.
  const referrerPolicy = Object.entries(headers).find(([name]) => name.toLowerCase() === "referrer-policy")?.[1] ?? null;
  return { status: markup.status, headers, body: pageDocument(page, markup, options.css, referrerPolicy) };
}
