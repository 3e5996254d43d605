/**
 * The media type of a `Content-Type` header, judged by its type and subtype alone. A substring test
 * (`includes("application/json")`) would take `text/plain; charset=application/json` for JSON; a page on
 * another site can send that header without a CORS preflight, so it must not count as JSON (nor as a form).
 */

/** `type/subtype` made of HTTP token characters (RFC 9110 §8.3.1). */
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * `type/subtype` of a `Content-Type` value, lower-cased: the text before the first `;`, trimmed of
 * whitespace. Parameters are ignored. `undefined` when the header is absent or not a media type.
 */
export function mediaType(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  const semicolon = contentType.indexOf(";");
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return MEDIA_TYPE.test(essence) ? essence : undefined;
}

export const FORM = "application/x-www-form-urlencoded";
export const JSON_TYPE = "application/json";
