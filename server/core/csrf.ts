/**
 * CSRF protection: Auth.js's double-submit cookie (`<token>|sha256hex(token + secret)`, a list of secrets comma-joined),
 * plus Foyer's browser-provenance check: a POST whose `Origin` names another origin, or whose
 * `Sec-Fetch-Site` is `cross-site`, fails the same way a bad token does (security case R-REQ-05).
 * Requests without those headers (server to server) are judged by the token alone.
 */
import { crypto } from "../jwt/crypto.js";
import { VerifiedValues } from "./verified-values.js";

/**
 * CSRF cookie values whose hash verified, per secret. A browser sends the same CSRF cookie with every
 * request, and hashing it again (SHA-256) was a visible part of a session read. Only a byte-identical
 * value that verified under the same secret string skips the hash: an altered value, or a value that
 * verified under a secret no longer in use, is hashed and checked as before.
 */
const verifiedCookies = new VerifiedValues({ maxValueLength: 512 });

export interface CsrfState {
  /** The token to hand out (`GET /csrf`, hidden form fields). */
  token: string;
  /** Whether this request passed the CSRF check (only a POST can). */
  verified: boolean;
  /** The cookie value to set when a new token was minted. */
  newCookieValue?: string;
}

/** Checks the CSRF cookie and the submitted token; mints a new token when the cookie is missing or forged. */
export async function verifyCsrf(options: { cookieValue: string | undefined; secret: string; isPost: boolean; bodyToken: unknown }): Promise<CsrfState> {
  const { cookieValue, secret, isPost, bodyToken } = options;
  if (cookieValue) {
    const separator = cookieValue.indexOf("|");
    if (separator > 0) {
      const token = cookieValue.slice(0, separator);
      let valid = verifiedCookies.has(secret, cookieValue);
      if (!valid) {
        const expected = await crypto.sha256Hex(`${token}${secret}`);
        valid = constantTimeEqual(cookieValue.slice(separator + 1), expected);
        if (valid) verifiedCookies.add(secret, cookieValue);
      }
      if (valid) {
        const verified = isPost && typeof bodyToken === "string" && constantTimeEqual(bodyToken, token);
        return { token, verified };
      }
    }
  }
  const random = crypto.randomBytes(32);
  // Hex straight from the bytes' own memory: no second copy just to call toString.
  const token = Buffer.from(random.buffer, random.byteOffset, random.byteLength).toString("hex");
  const hash = await crypto.sha256Hex(`${token}${secret}`);
  return { token, verified: false, newCookieValue: `${token}|${hash}` };
}

/** Constant-time string comparison (security case V11.2.4). */
export function constantTimeEqual(a: string, b: string): boolean {
  // Buffer.from(…, "utf8") gives exactly TextEncoder's bytes (lone surrogates become U+FFFD in both)
  // at a quarter of the cost for short strings; this runs on every request that carries a CSRF cookie.
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  // Compare against itself on a length mismatch so timing does not depend on where strings differ.
  if (left.length !== right.length) return crypto.timingSafeEqual(left, left) && false;
  return crypto.timingSafeEqual(left, right);
}

/**
 * True when the browser says this request came from another site. `Sec-Fetch-Site` decides when the
 * browser sends it: `same-origin` is trusted even with `Origin: null`, which Chromium sends for
 * same-origin form posts from pages with `Referrer-Policy: no-referrer` (Foyer's own pages). Without
 * it, an `Origin` of another origin — or `null` (sandboxed or privacy-stripped contexts) — is foreign.
 */
export function isCrossSiteRequest(headers: Headers, origin: string): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  if (fetchSite === "same-origin") return false;
  const requestOrigin = headers.get("origin");
  return requestOrigin !== null && requestOrigin !== origin;
}
