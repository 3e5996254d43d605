/**
 * Which image URLs a theme or provider style may use (docs/pages.md#theme): an `https:` URL, a path on the
 * site, or a base64 `data:image/…` URL. Never `javascript:`, `http:`, protocol-relative URLs, or
 * anything that could break out of an attribute.
 */

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_LENGTH = 64 * 1024;

export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return false;
  if (/^\/(?![/\\])/.test(value)) return !/[\s"'<>\\]/.test(value);
  if (value.startsWith("data:")) return DATA_IMAGE.test(value);
  try {
    return new URL(value).protocol === "https:" && !/[\s"'<>]/.test(value);
  } catch {
    return false;
  }
}
