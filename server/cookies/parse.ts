/**
 * `Cookie` header parsing. For a duplicated name the first occurrence wins (as in Auth.js and browsers'
 * most-specific-path-first ordering). The result has no prototype, so names such as `__proto__` are
 * plain keys (security case R-REQ-09).
 */

/** Caps that keep hostile headers from costing more than a normal one (security case R-SESS-08). */
export const MAX_COOKIE_HEADER_LENGTH = 64 * 1024;

export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  if (header.length > MAX_COOKIE_HEADER_LENGTH) header = header.slice(0, MAX_COOKIE_HEADER_LENGTH);
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end) {
      const name = header.slice(start, eq).trim();
      if (name && !(name in cookies)) {
        cookies[name] = decodeValue(header.slice(eq + 1, end).trim());
      }
    }
    start = end + 1;
  }
  return cookies;
}

function decodeValue(value: string): string {
  if (value.indexOf("%") === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // malformed percent-encoding: keep the raw text; it will simply fail verification
  }
}
