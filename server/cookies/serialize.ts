/**
 * `Set-Cookie` serialisation in the attribute order Auth.js uses, so header diffs against
 * Auth.js stay readable: name=value; Max-Age; Domain; Path; Expires; HttpOnly; Secure; Partitioned;
 * Priority; SameSite.
 */

export interface CookieSerializeOptions {
  domain?: string;
  expires?: Date;
  httpOnly?: boolean;
  maxAge?: number;
  partitioned?: boolean;
  path?: string;
  priority?: "low" | "medium" | "high";
  sameSite?: boolean | "lax" | "strict" | "none";
  secure?: boolean;
}

// RFC 6265 token characters for names; values are percent-encoded, so any string is safe there.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ATTRIBUTE_VALUE = /^[\u0021-\u003A\u003C-\u007E]*$/;

const SAME_SITE: Record<string, string> = { lax: "Lax", strict: "Strict", none: "None" };
const PRIORITY: Record<string, string> = { low: "Low", medium: "Medium", high: "High" };

/** Serialises one cookie. Throws `TypeError` for names or attributes that would corrupt the header. */
export function serializeCookie(name: string, value: string, options: CookieSerializeOptions = {}): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(name)}`);
  let header = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) {
    if (!Number.isInteger(options.maxAge)) throw new TypeError("Cookie maxAge must be an integer");
    header += `; Max-Age=${options.maxAge}`;
  }
  if (options.domain) header += `; Domain=${checkedAttribute("domain", options.domain)}`;
  if (options.path) header += `; Path=${checkedAttribute("path", options.path)}`;
  if (options.expires) {
    if (Number.isNaN(options.expires.valueOf())) throw new TypeError("Cookie expires must be a valid date");
    header += `; Expires=${options.expires.toUTCString()}`;
  }
  if (options.httpOnly) header += "; HttpOnly";
  if (options.secure) header += "; Secure";
  if (options.partitioned) header += "; Partitioned";
  if (options.priority) header += `; Priority=${PRIORITY[options.priority] ?? invalid("priority")}`;
  if (options.sameSite !== undefined && options.sameSite !== false) {
    header += `; SameSite=${options.sameSite === true ? "Strict" : (SAME_SITE[options.sameSite] ?? invalid("sameSite"))}`;
  }
  return header;
}

function checkedAttribute(attribute: string, value: string): string {
  if (!ATTRIBUTE_VALUE.test(value)) invalid(attribute);
  return value;
}

function invalid(attribute: string): never {
  throw new TypeError(`Invalid cookie ${attribute}`);
}
