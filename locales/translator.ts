/**
 * The translator over a catalogue registry: tags, writing direction, lookup with fallbacks and the
 * sign-in error messages. English is the only catalogue imported here (it is the fallback of every
 * lookup); the others are given to {@link createTranslator} by the caller. The server registers all
 * six (./index.ts); the web components start with English and add the others as they are loaded
 * (ui/internal/catalogues.ts), so the browser bundle carries English only (docs/elements.md#localisation).
 *
 * Data plus small pure functions only: no server imports and no Node APIs.
 */
import en from "./en.js";
import type { AppLabelKey, Direction, MessageKey, MessageOverrides, Messages } from "./types.js";

/** The locale every lookup and every negotiation falls back to. */
export const FALLBACK = "en";

// ---------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------

/** Longest tag considered; real tags are far shorter, and this bounds the work per candidate. */
const MAX_TAG_LENGTH = 64;
/** A BCP 47 tag's shape: a 2–8 letter language subtag and alphanumeric subtags of 1–8 characters. */
const TAG = /^[a-z]{2,8}(?:-[a-z0-9]{1,8})*$/i;

/** Trims a tag, accepts `_` as separator (`de_AT`), and returns it when well formed. */
export function normalizeTag(value: unknown): string | undefined {
  const tag = typeof value === "string" ? value.trim().replaceAll("_", "-") : "";
  // TAG needs at least two letters, so the empty string fails it.
  return tag.length <= MAX_TAG_LENGTH && TAG.test(tag) ? tag : undefined;
}

/** The language subtag, lower-cased: `de-AT` → `de`, `zh-Hant-TW` → `zh`. */
export function languageOf(tag: string): string {
  return tag.split("-", 1)[0]!.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Direction
// ---------------------------------------------------------------------------------------------

/** Languages written right to left (including the deprecated codes `iw` and `ji`), as a whole subtag. */
const RTL_LANGUAGES = /^(?:ar|he|fa|ur|ps|sd|ug|yi|dv|ckb|iw|ji)$/i;
/** Right-to-left scripts, for tags that name their script (`az-Arab`, `pa-Arab`), as a whole subtag. */
const RTL_SCRIPTS = /^(?:adlm|arab|hebr|mand|mend|nkoo|rohg|samr|syrc|thaa)$/i;

/**
 * Writing direction of a locale, for `<html dir>` and the elements' `dir`. A script subtag decides
 * when present (`sd-Deva` is ltr, `pa-Arab` rtl); otherwise the language subtag does. Anything
 * unrecognised is `ltr`.
 */
export function directionOf(locale: string): Direction {
  const [language, script = ""] = (normalizeTag(locale) ?? "").split("-");
  return (/^[a-z]{4}$/i.test(script) ? RTL_SCRIPTS.test(script) : RTL_LANGUAGES.test(language!)) ? "rtl" : "ltr";
}

// ---------------------------------------------------------------------------------------------
// Translator
// ---------------------------------------------------------------------------------------------

/** An app-defined message: for a credentials failure code (`CredentialsSignin.<code>`), or a provider name or field label ({@link AppLabelKey}). */
export type CredentialsCodeKey = `signinError.CredentialsSignin.${string}` | AppLabelKey;

/** Arguments of a term: those of its function, none for strings and arrays. */
export type TermArgs<K extends MessageKey> = Messages[K] extends (...args: infer A) => string ? A : [];
/** What a term resolves to: a string for functions, the term itself otherwise (`string[]` for paragraphs). */
export type TermResult<K extends MessageKey> = Messages[K] extends (...args: never[]) => string ? string : Messages[K];

/** Looks a key up through the fallback chain of a {@link Translator}. */
export interface Translate {
  /** The term for `key`; function terms are called with `args`. Always found: English is complete. */
  <K extends MessageKey>(key: K, ...args: TermArgs<K>): TermResult<K>;
  /** An app-defined credentials message, or `undefined` when no catalogue or override has one. */
  (key: CredentialsCodeKey): string | undefined;
}

/** The locale, its direction and its lookup function. */
export interface Translator {
  /** The locale the messages come from: the requested tag, else its language, else `en`. */
  readonly locale: string;
  readonly dir: Direction;
  readonly t: Translate;
}

/**
 * Catalogues by tag, matched case-insensitively. A catalogue may give a function term as a string
 * template (`"Mit {provider} anmelden"`), as overrides may: that is how catalogues loaded as JSON
 * carry them. English is always the last fallback, whether or not it is in the registry.
 */
export type Catalogues = Readonly<Record<string, Messages | MessageOverrides>>;

type Catalogue = Readonly<Record<string, unknown>>;
const EN: Catalogue = en as unknown as Catalogue;

/** The entry of `record` for `tag`, matched case-insensitively; own properties only. */
function pick(record: Readonly<Record<string, unknown>> | undefined, tag: string): [string, Catalogue] | undefined {
  if (!record || typeof record !== "object") return undefined;
  const key = Object.hasOwn(record, tag) ? tag : Object.keys(record).find((k) => k.toLowerCase() === tag.toLowerCase());
  const value = key === undefined ? undefined : record[key];
  return value && typeof value === "object" ? [key!, value as Catalogue] : undefined;
}

/** `"string"`, `"function"`, `"array"` (of strings), or `undefined` for anything else. */
function kindOf(term: unknown): string | undefined {
  return typeof term === "string" || typeof term === "function"
    ? typeof term
    : Array.isArray(term) && term.every((item) => typeof item === "string")
      ? "array"
      : undefined;
}

/**
 * A translator for `locale` over the catalogues of `catalogues`. Each key is looked up in order in:
 * `overrides[locale]`, the catalogue for `locale`, `overrides[language]`, the catalogue for the
 * language, `overrides.en`, and English. Override tags match case-insensitively. An override whose
 * kind differs from English (say a string where English has a function) is skipped, so a bad
 * configuration cannot break a page.
 *
 * @param locale A tag, usually from `negotiateLocale`; a malformed one means `en`.
 * @param overrides Per-locale replacements of any key, or whole new locales (`{ it: {...} }`).
 * @param catalogues The catalogues available; English alone by default.
 */
export function createTranslator(locale: string, overrides?: Record<string, MessageOverrides>, catalogues: Catalogues = { en }): Translator {
  const tag = normalizeTag(locale) ?? FALLBACK;
  const language = languageOf(tag);
  const apps = overrides as Readonly<Record<string, unknown>> | undefined;
  const builtIn = catalogues as Readonly<Record<string, unknown>>;

  // overrides[tag], catalogue[tag], overrides[language], catalogue[language], overrides.en
  const found = [pick(apps, tag), pick(builtIn, tag), pick(apps, language), pick(builtIn, language), pick(apps, FALLBACK)];
  const chain = [...new Set(found.flatMap((entry) => (entry ? [entry[1]] : []))), EN];
  // The tag of the first catalogue found for the tag or its language (an `overrides.en` alone is English).
  const resolved = found.slice(0, 4).find(Boolean)?.[0] ?? FALLBACK;

  const t = ((key: string, ...args: unknown[]): unknown => {
    const expected = Object.hasOwn(EN, key)
      ? kindOf(EN[key])
      : /^(signinError\.CredentialsSignin|signin\.provider|signin\.field)\./.test(key)
        ? "string"
        : undefined;
    if (expected) {
      for (const catalogue of chain) {
        if (!Object.hasOwn(catalogue, key)) continue;
        const term = catalogue[key];
        if (expected === "function" && typeof term === "string") return interpolate(term, args);
        if (kindOf(term) === expected) {
          return typeof term === "function" ? String((term as (...a: unknown[]) => unknown)(...args)) : Array.isArray(term) ? [...(term as string[])] : term;
        }
      }
    }
    return undefined;
  }) as Translate;

  return Object.freeze({ locale: resolved, dir: directionOf(resolved), t });
}

/** Fills `{name}` (or `{0}`) placeholders of a string template with the arguments, in order. */
export function interpolate(template: string, args: unknown[]): string {
  const names: string[] = [];
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (/^\d+$/.test(name)) return String(args[Number(name)] ?? "");
    let index = names.indexOf(name);
    if (index === -1) index = names.push(name) - 1;
    return String(args[index] ?? "");
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-in errors
// ---------------------------------------------------------------------------------------------

type SigninErrorKey = Extract<MessageKey, `signinError.${string}`>;

/** Shape of an app-defined credentials failure code. */
const CREDENTIALS_CODE = /^[\w-]{1,64}$/;

/**
 * The sign-in page's alert for the `error` (and `code`) query parameters, or `undefined` when there
 * is no error. Lookup: `CredentialsSignin.<code>` → `CredentialsSignin` for credentials failures,
 * `signinError.<error>` for a known code, `signinError.default` for anything else. The raw `error`
 * and `code` never appear in the result.
 */
export function signinErrorMessage(t: Translate, error: string | undefined | null, code?: string | null): string | undefined {
  if (typeof error !== "string" || error === "") return undefined;
  if (error === "CredentialsSignin") {
    return (
      (typeof code === "string" && CREDENTIALS_CODE.test(code) ? t(`signinError.CredentialsSignin.${code}`) : undefined) ?? t("signinError.CredentialsSignin")
    );
  }
  // A code with its own message is a `signinError.*` key of English (`default` is the fallback anyway).
  return t(Object.hasOwn(en, `signinError.${error}`) ? (`signinError.${error}` as SigninErrorKey) : "signinError.default");
}
