/**
 * Where users are sent: the default `redirect` callback, callback-URL validation and URLs of
 * (possibly custom) pages. Every hostile input of security cases R-REDIR-01…11 ends on the
 * configured origin: decisions compare *parsed origins*, never strings.
 */

/** Longer callback URLs are refused (security case R-REDIR-10). */
export const MAX_CALLBACK_URL_LENGTH = 4096;

/**
 * The default `redirect` callback: a same-origin URL (absolute, or a path starting with one `/`)
 * is kept; anything else — other origins, protocol-relative `//x`, `/\x`, `javascript:`, garbage —
 * becomes `baseUrl`. `baseUrl` is the request's origin only when its host passed the host checks
 * (`AUTH_URL`, `allowedHosts`, loopback in development: server/core/hosts.ts), so a forged `Host`
 * cannot make the attacker's origin the "same origin" here.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (typeof url !== "string" || url.length > MAX_CALLBACK_URL_LENGTH) return baseUrl;
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return baseUrl;
  }
  let target: URL;
  try {
    // Relative input is resolved the way a browser would resolve the Location header, so
    // `//evil.com`, `/\evil.com` and `/\t/evil.com` land on evil.com here and are refused below.
    target = url.startsWith("/") ? new URL(url, base) : new URL(url);
  } catch {
    return baseUrl;
  }
  if (target.origin !== base.origin) return baseUrl;
  const href = target.href;
  // Keep `https://example.com` as written rather than `https://example.com/`.
  if (target.pathname === "/" && !target.search && !target.hash && !url.endsWith("/")) return href.slice(0, -1);
  return href;
}

/**
 * Whether a callback URL from the query or cookie is acceptable input at all (Auth.js's
 * `InvalidCallbackUrl` assertion): an http(s) URL, or a path resolved against the origin.
 */
export function isValidCallbackUrl(value: string, origin: string): boolean {
  if (value.length > MAX_CALLBACK_URL_LENGTH) return false;
  try {
    const url = value.startsWith("/") ? new URL(value, origin) : new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The URL of a page with query parameters added. `page` is a path or absolute URL; parameters join an
 * existing query with `&` (Auth.js joins with a second `?`, security case R-REDIR-13).
 * Relative pages give relative results, as Auth.js's page redirects do.
 */
export function withQuery(page: string, params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (entries.length === 0) return page;
  const hashIndex = page.indexOf("#");
  const hash = hashIndex === -1 ? "" : page.slice(hashIndex);
  const withoutHash = hashIndex === -1 ? page : page.slice(0, hashIndex);
  const query = new URLSearchParams(entries).toString();
  const separator = withoutHash.includes("?") ? (withoutHash.endsWith("?") || withoutHash.endsWith("&") ? "" : "&") : "?";
  return `${withoutHash}${separator}${query}${hash}`;
}

/** An absolute URL for a page: relative pages resolve against the origin; absolute ones stay. */
export function absolutePage(page: string, origin: string): string {
  return new URL(page, origin).href;
}
