/**
 * The shared message catalogue: the built-in catalogues, locale negotiation, writing direction and
 * the translator used by the pages, the web components and the e-mails.
 *
 * This module registers all six catalogues: it is what the server (pages, e-mails) uses. The
 * translator itself lives in ./translator.ts and works over whatever catalogues it is given; the
 * web components use it with English alone and load the others on demand
 * (ui/internal/catalogues.ts), so the browser bundle carries English only (docs/elements.md#localisation).
 *
 * Data plus small pure functions only: no server imports and no Node APIs.
 */
import ar from "./ar.js";
import de from "./de.js";
import en from "./en.js";
import es from "./es.js";
import fr from "./fr.js";
import ja from "./ja.js";
import { createTranslator as createTranslatorOver, FALLBACK, languageOf, normalizeTag, type Translator } from "./translator.js";
import type { MessageOverrides, Messages } from "./types.js";

export type { AppLabelKey, Direction, MessageKey, MessageOverrides, Messages } from "./types.js";
export {
  directionOf,
  signinErrorMessage,
  type Catalogues,
  type CredentialsCodeKey,
  type TermArgs,
  type TermResult,
  type Translate,
  type Translator,
} from "./translator.js";

/** Tags of the built-in catalogues. English is the fallback of every lookup. */
export const SUPPORTED_LOCALES = Object.freeze(["en", "de", "fr", "es", "ja", "ar"] as const);

/** A tag of a built-in catalogue. */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** The built-in catalogues by tag. */
export const LOCALES: Readonly<Record<SupportedLocale, Messages>> = Object.freeze({ en, de, fr, es, ja, ar });

// ---------------------------------------------------------------------------------------------
// Negotiation
// ---------------------------------------------------------------------------------------------

/** Longest `Accept-Language` value read; the rest is ignored. */
const MAX_ACCEPT_LANGUAGE = 1024;
/** One `Accept-Language` parameter: only the weight `q` is defined (RFC 9110 §12.4.2). */
const WEIGHT = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i;

/**
 * The tags of an `Accept-Language` value, most preferred first (by `q`, then by position).
 * `*`, parts with a malformed tag or weight, and parts with `q=0` are skipped.
 */
function parseAcceptLanguage(header: string): string[] {
  let input = header;
  if (input.length > MAX_ACCEPT_LANGUAGE) {
    // Drop the part the cut went through, as it may be a truncated tag or weight.
    input = input.slice(0, MAX_ACCEPT_LANGUAGE);
    input = input.slice(0, Math.max(0, input.lastIndexOf(",")));
  }
  const entries: { tag: string; q: number; index: number }[] = [];
  input.split(",").forEach((part, index) => {
    const [rawTag, ...params] = part.split(";");
    const tag = normalizeTag(rawTag);
    if (tag === undefined || params.length > 1) return;
    let q = 1;
    if (params.length === 1) {
      const weight = WEIGHT.exec(params[0]!);
      if (!weight) return;
      q = Number(weight[1]);
    }
    if (q > 0) entries.push({ tag, q, index });
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((entry) => entry.tag);
}

/** Inputs of {@link negotiateLocale}, in order of precedence. */
export interface NegotiateOptions {
  /** A locale fixed by the configuration. */
  override?: string | null;
  /** The `lang` query parameter. */
  query?: string | null;
  /** The `Accept-Language` request header. */
  acceptLanguage?: string | null;
  /** Tags that can be served; defaults to {@link SUPPORTED_LOCALES}. Apps may add their own (e.g. `it`). */
  available?: readonly string[];
}

/**
 * Picks the locale of a page or an e-mail: `override`, then `query`, then each tag of
 * `acceptLanguage` by preference. A candidate matches an available tag case-insensitively, first by
 * the exact tag, then by its language subtag (`de-AT` → `de`). Returns the available tag as spelled
 * in `available`, or `en` when nothing matches.
 */
export function negotiateLocale(options: NegotiateOptions = {}): string {
  const available = new Map<string, string>();
  for (const tag of options.available ?? SUPPORTED_LOCALES) {
    if (typeof tag === "string" && !available.has(tag.toLowerCase())) available.set(tag.toLowerCase(), tag);
  }
  const match = (candidate: unknown): string | undefined => {
    const tag = normalizeTag(candidate);
    if (tag === undefined) return undefined;
    return available.get(tag.toLowerCase()) ?? available.get(languageOf(tag));
  };

  const fixed = match(options.override) ?? match(options.query);
  if (fixed !== undefined) return fixed;
  if (typeof options.acceptLanguage === "string") {
    for (const tag of parseAcceptLanguage(options.acceptLanguage)) {
      const found = match(tag);
      if (found !== undefined) return found;
    }
  }
  return FALLBACK;
}

// ---------------------------------------------------------------------------------------------
// Translator
// ---------------------------------------------------------------------------------------------

/**
 * A translator for `locale` over the built-in catalogues. Each key is looked up in order in:
 * `overrides[locale]`, the built-in catalogue for `locale`, `overrides[language]`, the built-in
 * catalogue for the language, `overrides.en`, and English. Override tags match case-insensitively.
 * An override whose kind differs from English (say a string where English has a function) is
 * skipped, so a bad configuration cannot break a page.
 *
 * @param locale A tag, usually from {@link negotiateLocale}; a malformed one means `en`.
 * @param overrides Per-locale replacements of any key, or whole new locales (`{ it: {...} }`).
 */
export function createTranslator(locale: string, overrides?: Record<string, MessageOverrides>): Translator {
  return createTranslatorOver(locale, overrides, LOCALES);
}
