/**
 * `GET {basePath}/assets/theme.json`: the server's `theme`, validated, for the web components on the
 * same site, so the elements show the brand colour, text colour, colour scheme and logo the built-in
 * pages show without the app repeating them (docs/elements.md#theming). It sits under `assets/`, one
 * of Foyer's two path areas, so integrations that route `{basePath}/*` by its first segment need no
 * change.
 *
 * The body is the `Theme` shape the elements' `theme` attribute takes, from the theme as
 * configuration validated it (server/pages/theme.ts), so nothing the server refused can reach it;
 * `buttonText` is the resolved text colour (the configured one, or black or white for the brand
 * colour). The elements validate it again before it reaches CSS. No theme configured:
 * 204 No Content, so the elements need not even parse an answer.
 *
 * Cacheable by everyone (the theme is the same for every visitor) for five minutes, then
 * revalidated by its ETag: a theme change reaches pages within five minutes, and an unchanged one
 * costs a 304.
 */
import type { ResolvedTheme } from "./theme.js";

/** The answer for one resolved theme: its body (`null` for none: a 204) and strong ETag. */
export interface SiteThemeAnswer {
  body: string | null;
  etag: string;
}

export const SITE_THEME_PATH = "theme.json";

export const SITE_THEME_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=300",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
} as const;

/** Made once per configuration (the resolved theme object is the configuration's). */
const answers = new WeakMap<ResolvedTheme, SiteThemeAnswer>();

/** The body and ETag of `{basePath}/assets/theme.json` for a resolved theme. */
export function siteThemeAnswer(theme: ResolvedTheme): SiteThemeAnswer {
  let answer = answers.get(theme);
  if (!answer) {
    const site: Record<string, string> = {};
    if (theme.brandColor) site.brandColor = theme.brandColor;
    if (theme.onBrandColor) site.buttonText = theme.onBrandColor;
    if (theme.colorScheme !== "auto") site.colorScheme = theme.colorScheme;
    if (theme.logo) site.logo = theme.logo;
    if (theme.appName) site.appName = theme.appName;
    const json = JSON.stringify(site);
    answer = { body: json === "{}" ? null : json, etag: `"${fnv1a(json)}"` };
    answers.set(theme, answer);
  }
  return answer;
}

/** Whether an `If-None-Match` header names `etag` (or `*`): the client's copy is current. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/** FNV-1a over UTF-16 code units, as 8 hex digits: a change detector for the ETag, not a security hash. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}
