/**
 * E-mail addresses for magic links, made canonical before anything else happens (security cases
 * R-EMAIL-01…10). The order matters: Unicode NFKC **first** (so a fullwidth `＠` becomes `@` before
 * it is counted), then a strict check, then the domain to punycode. The link is sent to exactly the
 * canonical string and stored under it; anything doubtful is refused rather than repaired.
 */
import { domainToASCII } from "node:url";

export type NormalizedEmail = { ok: true; email: string } | { ok: false; reason: string };

const MAX_LENGTH = 254;
const MAX_LOCAL = 64;
/** RFC 5322 "atext" plus dots, ASCII only (non-ASCII local parts are refused: R-EMAIL-08). */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** Separators, quotes, comments, brackets, whitespace, controls and invisible characters. */
const FORBIDDEN = /[\s,;"'()<>[\]\\:\p{Cc}\p{Cf}\u2028\u2029]/u;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The canonical form of an address, or why it is refused. */
export function normalizeEmail(input: unknown): NormalizedEmail {
  if (typeof input !== "string") return { ok: false, reason: "missing e-mail address" };
  if (input.length > 1024) return { ok: false, reason: "too long" };
  const text = input.normalize("NFKC").trim();
  if (text === "") return { ok: false, reason: "missing e-mail address" };
  if (text.length > MAX_LENGTH) return { ok: false, reason: "too long" };
  if (FORBIDDEN.test(text)) return { ok: false, reason: "contains a separator, quote, space or invisible character" };
  const at = text.indexOf("@");
  if (at <= 0 || at !== text.lastIndexOf("@") || at === text.length - 1) return { ok: false, reason: "needs exactly one @ between a name and a domain" };
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > MAX_LOCAL || !LOCAL_PART.test(local)) return { ok: false, reason: "the part before @ is not a plain address" };
  if (domain.endsWith(".")) return { ok: false, reason: "the domain ends with a dot" };
  const ascii = domainToASCII(domain.toLowerCase());
  if (!ascii) return { ok: false, reason: "the domain is not a valid domain name" };
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { ok: false, reason: "the domain is not a valid domain name" };
  return { ok: true, email: `${local.toLowerCase()}@${ascii}` };
}
