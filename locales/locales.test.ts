import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ACCOUNT_EN, ACCOUNT_LOCALES, accountTranslator } from "./account.js";
import en from "./en.js";
import { createTranslator, directionOf, LOCALES, negotiateLocale, signinErrorMessage, SUPPORTED_LOCALES, type MessageOverrides } from "./index.js";

type Term = unknown;
const entries = (catalogue: object) => Object.entries(catalogue) as [string, Term][];
const enKeys = Object.keys(en).sort();

function kind(term: Term): string {
  if (Array.isArray(term)) return `array(${term.length})`;
  return typeof term;
}

describe("catalogues", () => {
  it("lists the six built-in locales", () => {
    expect([...SUPPORTED_LOCALES].sort()).toEqual(["ar", "de", "en", "es", "fr", "ja"]);
    expect(Object.keys(LOCALES).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(LOCALES.en).toBe(en);
  });

  describe.each(SUPPORTED_LOCALES.filter((tag) => tag !== "en"))("%s", (tag) => {
    const catalogue = LOCALES[tag];

    it("has exactly the keys of English", () => {
      expect(Object.keys(catalogue).sort()).toEqual(enKeys);
    });

    it("has the same kind of value as English for every key", () => {
      for (const [key, term] of entries(en)) {
        const own = (catalogue as unknown as Record<string, Term>)[key];
        expect(kind(own), key).toBe(kind(term));
        if (Array.isArray(own)) for (const item of own) expect(typeof item, key).toBe("string");
      }
    });

    it("has no empty or untranslated-looking strings", () => {
      for (const [key, term] of entries(catalogue)) {
        const texts = typeof term === "function" ? [(term as (p: string) => string)("X")] : ([] as string[]).concat(term as string);
        for (const text of texts) {
          expect(text.trim(), key).not.toBe("");
          expect(text, key).not.toMatch(/\{provider\}|\$\{|undefined|TODO/);
        }
      }
    });

    it("keeps the provider name in function terms", () => {
      for (const [key, term] of entries(en)) {
        if (typeof term !== "function") continue;
        const own = (catalogue as unknown as Record<string, (p: string) => string>)[key]!;
        for (const provider of ["GitHub", "Microsoft Entra ID", "Sign in with <b>"]) {
          expect(own(provider), key).toContain(provider);
        }
      }
    });

    it("names its own language", () => {
      expect(catalogue["language.name"]).not.toBe(en["language.name"]);
    });
  });

  it("uses the expected wording for the main sign-in strings", () => {
    expect(LOCALES.de["signin.heading"]).toBe("Anmelden");
    expect(LOCALES.de["signin.withProvider"]("GitHub")).toBe("Mit GitHub anmelden");
    expect(LOCALES.fr["signin.withProvider"]("GitHub")).toBe("Se connecter avec GitHub");
    expect(LOCALES.es["signin.withProvider"]("GitHub")).toBe("Iniciar sesión con GitHub");
    expect(LOCALES.ja["signin.withProvider"]("GitHub")).toBe("GitHub でサインイン");
    expect(LOCALES.ar["signin.withProvider"]("GitHub")).toBe("تسجيل الدخول باستخدام GitHub");
  });
});

describe("account catalogues (locales/account.ts)", () => {
  const accountKeys = Object.keys(ACCOUNT_EN).sort();

  it("has one for every built-in locale", () => {
    expect(Object.keys(ACCOUNT_LOCALES).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(ACCOUNT_LOCALES.en).toBe(ACCOUNT_EN);
  });

  describe.each(SUPPORTED_LOCALES.filter((tag) => tag !== "en"))("%s", (tag) => {
    const catalogue = (ACCOUNT_LOCALES[tag] ?? {}) as Record<string, Term>;

    it("has exactly the keys of English: no account message falls back to English", () => {
      expect(Object.keys(catalogue).sort()).toEqual(accountKeys);
    });

    it("has the same kind of value as English for every key, and keeps every argument", () => {
      for (const [key, term] of entries(ACCOUNT_EN)) {
        expect(kind(catalogue[key]), key).toBe(kind(term));
        if (typeof term !== "function") continue;
        const own = catalogue[key] as (...args: string[]) => string;
        expect(own.length, key).toBe(term.length);
        const args = ["Firefox", "Ubuntu"].slice(0, term.length);
        for (const arg of args) expect(own(...args), key).toContain(arg);
      }
    });

    it("has no empty or untranslated-looking strings", () => {
      const t = accountTranslator(tag) as unknown as (key: string, ...args: string[]) => string;
      for (const key of accountKeys) {
        const text = t(key, "A", "B");
        expect(text.trim(), key).not.toBe("");
        expect(text, key).not.toMatch(/\{|\$\{|undefined|TODO/);
      }
    });
  });
});

describe("negotiateLocale", () => {
  it("falls back to en with no input", () => {
    expect(negotiateLocale()).toBe("en");
    expect(negotiateLocale({})).toBe("en");
    expect(negotiateLocale({ override: null, query: null, acceptLanguage: null })).toBe("en");
    expect(negotiateLocale({ override: "", query: "", acceptLanguage: "" })).toBe("en");
  });

  it("prefers override, then query, then Accept-Language", () => {
    expect(negotiateLocale({ override: "ja", query: "fr", acceptLanguage: "de" })).toBe("ja");
    expect(negotiateLocale({ query: "fr", acceptLanguage: "de" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "de" })).toBe("de");
  });

  it("moves on when a higher-precedence candidate is unavailable or malformed", () => {
    expect(negotiateLocale({ override: "pt", query: "fr", acceptLanguage: "de" })).toBe("fr");
    expect(negotiateLocale({ query: "<script>", acceptLanguage: "de" })).toBe("de");
    expect(negotiateLocale({ query: "xx-YY", acceptLanguage: "es" })).toBe("es");
  });

  it("orders Accept-Language by q-value", () => {
    expect(negotiateLocale({ acceptLanguage: "fr;q=0.5, de;q=0.9" })).toBe("de");
    expect(negotiateLocale({ acceptLanguage: "fr;q=0.5,de;q=0.4" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "ja;q=0.8, ar" })).toBe("ar");
    // Equal weights keep the header's order.
    expect(negotiateLocale({ acceptLanguage: "es;q=0.7, fr;q=0.7" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "pt-BR, pt;q=0.9, es;q=0.8, en;q=0.7" })).toBe("es");
  });

  it("skips q=0 and parts with a malformed weight", () => {
    expect(negotiateLocale({ acceptLanguage: "de;q=0, fr;q=0.1" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "de;q=2, fr;q=0.1" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "de;q=abc, fr;q=0.1" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "de;q=0.5;q=0.9, fr;q=0.1" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "de;level=1, fr;q=0.1" })).toBe("fr");
  });

  it("falls back from region to language", () => {
    expect(negotiateLocale({ acceptLanguage: "de-AT" })).toBe("de");
    expect(negotiateLocale({ query: "fr-CA" })).toBe("fr");
    expect(negotiateLocale({ query: "de_CH" })).toBe("de");
    expect(negotiateLocale({ acceptLanguage: "pt-BR" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "zh-Hant-TW", available: ["en", "zh"] })).toBe("zh");
  });

  it("ignores *", () => {
    expect(negotiateLocale({ acceptLanguage: "*" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "*, ja;q=0.5" })).toBe("ja");
    expect(negotiateLocale({ acceptLanguage: "*;q=1, fr;q=0.2" })).toBe("fr");
  });

  it("survives garbage", () => {
    for (const header of [",,,", ";;;", "q=1", "de;", ";q=0.9", "\u0000de", "de fr", "12-34", "a", "-de", "de-", "@@@, ===", "𝔡𝔢"]) {
      expect(negotiateLocale({ acceptLanguage: header }), header).toBe("en");
    }
    expect(negotiateLocale({ acceptLanguage: ",,garbage;;, de ,;;" })).toBe("de");
  });

  it("reads only the first kilobyte of Accept-Language", () => {
    expect(negotiateLocale({ acceptLanguage: "x".repeat(10 * 1024) })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "zz;q=0.1, ".repeat(1100) + "de" })).toBe("en");
    // Tags inside the first kilobyte still count; the part the cut goes through does not.
    expect(negotiateLocale({ acceptLanguage: "fr, " + "zz, ".repeat(3000) })).toBe("fr");
    // "dex" cut after 1 KB reads "de": it must be dropped, not taken for German.
    const cut = "zz,".repeat(340) + "z," + "dex";
    expect(cut.indexOf("dex")).toBe(1022);
    expect(negotiateLocale({ acceptLanguage: cut })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: cut.slice(0, 1024) })).toBe("de");
  });

  it("matches case-insensitively and returns the available spelling", () => {
    expect(negotiateLocale({ acceptLanguage: "DE-at" })).toBe("de");
    expect(negotiateLocale({ query: "JA" })).toBe("ja");
    expect(negotiateLocale({ override: "Ar-EG" })).toBe("ar");
    expect(negotiateLocale({ acceptLanguage: "pt-br", available: ["en", "pt-BR"] })).toBe("pt-BR");
  });

  it("honours app-added tags in available", () => {
    const available = [...SUPPORTED_LOCALES, "it"];
    expect(negotiateLocale({ acceptLanguage: "it-IT, de;q=0.8", available })).toBe("it");
    expect(negotiateLocale({ acceptLanguage: "it-IT, de;q=0.8" })).toBe("de");
    expect(negotiateLocale({ query: "de", available: ["en", "fr"] })).toBe("en");
  });

  it("prefers an exact regional tag over its language", () => {
    expect(negotiateLocale({ acceptLanguage: "pt-PT", available: ["en", "pt", "pt-PT"] })).toBe("pt-PT");
    expect(negotiateLocale({ acceptLanguage: "pt-BR", available: ["en", "pt", "pt-PT"] })).toBe("pt");
  });
});

describe("directionOf", () => {
  it("is rtl for right-to-left languages", () => {
    for (const tag of ["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "ar-EG", "AR", "he-IL", "fa_IR", "ckb-IQ"]) {
      expect(directionOf(tag), tag).toBe("rtl");
    }
  });

  it("is ltr for others and for garbage", () => {
    for (const tag of ["en", "de", "fr", "es", "ja", "zh-Hant-TW", "ku", "arn", "her", "", "<script>", "-ar"]) {
      expect(directionOf(tag), tag).toBe("ltr");
    }
  });

  it("follows an explicit script subtag", () => {
    expect(directionOf("pa-Arab")).toBe("rtl");
    expect(directionOf("az-Arab-IR")).toBe("rtl");
    expect(directionOf("sd-Deva")).toBe("ltr");
    expect(directionOf("ar-Latn")).toBe("ltr");
  });
});

describe("createTranslator", () => {
  it("translates, calls function terms and returns arrays", () => {
    const { locale, dir, t } = createTranslator("de");
    expect(locale).toBe("de");
    expect(dir).toBe("ltr");
    expect(t("signin.heading")).toBe("Anmelden");
    expect(t("signin.withProvider", "GitHub")).toBe("Mit GitHub anmelden");
    expect(t("errorPage.Configuration.message")).toEqual(LOCALES.de["errorPage.Configuration.message"]);
  });

  it("is typed by key", () => {
    const { t } = createTranslator("en");
    expectTypeOf(t("errorPage.Configuration.message")).toEqualTypeOf<string[]>();
    expectTypeOf(t("signin.withProvider", "GitHub")).toEqualTypeOf<string>();
    expectTypeOf(t("signin.heading")).toEqualTypeOf<string>();
    expectTypeOf(t("signinError.CredentialsSignin.bad-password")).toEqualTypeOf<string | undefined>();
    // @ts-expect-error: a function term needs its argument
    t("signin.withProvider");
    // @ts-expect-error: unknown keys are rejected
    t("signin.nope");
  });

  it("returns a copy of array terms", () => {
    const { t } = createTranslator("en");
    t("errorPage.Verification.message").push("mutated");
    expect(t("errorPage.Verification.message")).toEqual(en["errorPage.Verification.message"]);
  });

  it("gives Arabic rtl", () => {
    const translator = createTranslator("ar-EG");
    expect(translator.locale).toBe("ar");
    expect(translator.dir).toBe("rtl");
    expect(translator.t("signin.heading")).toBe("تسجيل الدخول");
  });

  it("gives a region tag its language (de-CH → German)", () => {
    const { locale, t } = createTranslator("de-CH");
    expect(locale).toBe("de");
    expect(t("signout.button")).toBe("Abmelden");
  });

  it("falls back to English for unknown or malformed locales", () => {
    for (const tag of ["pt-BR", "xx", "", "<script>", "toString", "__proto__", "constructor"]) {
      const { locale, dir, t } = createTranslator(tag);
      expect(locale, tag).toBe("en");
      expect(dir, tag).toBe("ltr");
      expect(t("signin.heading"), tag).toBe("Sign in");
    }
  });

  it("applies an app override of one key and keeps the rest", () => {
    const { t } = createTranslator("de", { de: { "signin.heading": "Willkommen zurück" } });
    expect(t("signin.heading")).toBe("Willkommen zurück");
    expect(t("signout.button")).toBe("Abmelden");
  });

  it("walks overrides[exact] → catalogue[exact] → overrides[language] → catalogue[language] → overrides.en → en", () => {
    const overrides: Record<string, MessageOverrides> = {
      "de-CH": { "signin.heading": "Anmelden (CH)" },
      de: { "signin.heading": "nicht erreicht", "signout.button": "Tschüss", "signin.or": "beziehungsweise" },
      en: { "signin.or": "or else", "signin.passkey.heading": "Security key" },
    };
    const { locale, t } = createTranslator("de-CH", overrides);
    expect(locale).toBe("de-CH");
    expect(t("signin.heading")).toBe("Anmelden (CH)"); // overrides[exact]
    expect(t("signout.button")).toBe("Tschüss"); // overrides[language] before catalogue[language]
    expect(t("signin.or")).toBe("beziehungsweise");
    expect(t("signin.passkey.heading")).toBe("Passkey"); // catalogue[language] before overrides.en
    expect(createTranslator("pt", overrides).t("signin.or")).toBe("or else"); // overrides.en before en
    expect(createTranslator("pt", overrides).t("signin.heading")).toBe("Sign in");
  });

  it("adds a new locale with a partial catalogue, falling back to English", () => {
    const overrides: Record<string, MessageOverrides> = {
      it: { "language.name": "Italiano", "signin.heading": "Accedi", "signin.withProvider": (p) => `Accedi con ${p}` },
    };
    const { locale, dir, t } = createTranslator("it-IT", overrides);
    expect(locale).toBe("it");
    expect(dir).toBe("ltr");
    expect(t("signin.heading")).toBe("Accedi");
    expect(t("signin.withProvider", "GitLab")).toBe("Accedi con GitLab");
    expect(t("signout.button")).toBe("Sign out");
    expect(t("errorPage.AccessDenied.message")).toEqual(["You do not have permission to sign in."]);
  });

  it("matches override tags case-insensitively", () => {
    const { locale, t } = createTranslator("pt-br", { "pt-BR": { "signin.heading": "Entrar" } });
    expect(locale).toBe("pt-BR");
    expect(t("signin.heading")).toBe("Entrar");
  });

  it("skips overrides of the wrong kind", () => {
    const bad = { de: { "signin.withProvider": "Mit {provider} anmelden", "signin.heading": 42 } } as unknown as Record<string, MessageOverrides>;
    const { t } = createTranslator("de", bad);
    expect(t("signin.withProvider", "GitHub")).toBe("Mit GitHub anmelden");
    expect(t("signin.heading")).toBe("Anmelden");
  });

  it("ignores inherited properties", () => {
    const { t } = createTranslator("en", JSON.parse('{"__proto__": {"signin.heading": "polluted"}}'));
    expect(t("signin.heading")).toBe("Sign in");
    expect(t("signinError.CredentialsSignin.constructor")).toBeUndefined();
    expect(t("signinError.CredentialsSignin.toString")).toBeUndefined();
  });
});

describe("signinErrorMessage", () => {
  const { t } = createTranslator("en");
  const de = createTranslator("de").t;

  it("is undefined without an error", () => {
    expect(signinErrorMessage(t, undefined)).toBeUndefined();
    expect(signinErrorMessage(t, null)).toBeUndefined();
    expect(signinErrorMessage(t, "")).toBeUndefined();
  });

  it("has a message per known code", () => {
    expect(signinErrorMessage(t, "OAuthAccountNotLinked")).toBe(en["signinError.OAuthAccountNotLinked"]);
    expect(signinErrorMessage(t, "EmailSignin")).toBe("The e-mail could not be sent.");
    expect(signinErrorMessage(t, "SessionRequired")).toBe(en["signinError.SessionRequired"]);
    expect(signinErrorMessage(de, "EmailSignin")).toBe(LOCALES.de["signinError.EmailSignin"]);
    for (const key of Object.keys(en).filter((k) => k.startsWith("signinError."))) {
      const code = key.slice("signinError.".length);
      expect(signinErrorMessage(t, code), code).toBe((en as unknown as Record<string, string>)[key]);
    }
  });

  it("uses the generic credentials message without a matching code", () => {
    expect(signinErrorMessage(t, "CredentialsSignin")).toBe(en["signinError.CredentialsSignin"]);
    expect(signinErrorMessage(t, "CredentialsSignin", "credentials")).toBe(en["signinError.CredentialsSignin"]);
    expect(signinErrorMessage(de, "CredentialsSignin", "unknown-code")).toBe(LOCALES.de["signinError.CredentialsSignin"]);
  });

  it("uses an app-defined message for a credentials code", () => {
    const overrides: Record<string, MessageOverrides> = {
      en: { "signinError.CredentialsSignin.account-locked": "Your account is locked." },
      de: { "signinError.CredentialsSignin.account-locked": "Ihr Konto ist gesperrt." },
    };
    expect(signinErrorMessage(createTranslator("de-AT", overrides).t, "CredentialsSignin", "account-locked")).toBe("Ihr Konto ist gesperrt.");
    expect(signinErrorMessage(createTranslator("fr", overrides).t, "CredentialsSignin", "account-locked")).toBe("Your account is locked.");
    expect(signinErrorMessage(createTranslator("de", overrides).t, "CredentialsSignin", "other")).toBe(LOCALES.de["signinError.CredentialsSignin"]);
    // The code only selects a credentials message.
    expect(signinErrorMessage(createTranslator("en", overrides).t, "OAuthSignin", "account-locked")).toBe(en["signinError.OAuthSignin"]);
  });

  it("does not look up malformed codes", () => {
    const overrides = { en: { "signinError.CredentialsSignin.a.b": "dotted", "signinError.CredentialsSignin.": "empty" } };
    const translate = createTranslator("en", overrides).t;
    for (const code of ["a.b", "", "x".repeat(65), "<script>", "../default", "a b"]) {
      expect(signinErrorMessage(translate, "CredentialsSignin", code), code).toBe(en["signinError.CredentialsSignin"]);
    }
  });

  it("never echoes hostile input", () => {
    const hostile = ["<script>alert(1)</script>", "default", "__proto__", "constructor", "signinError.Signin", "Signin ", "signin"];
    for (const error of hostile) {
      const message = signinErrorMessage(t, error, "<img src=x onerror=alert(1)>");
      expect(message, error).toBe("Unable to sign in.");
    }
    expect(signinErrorMessage(de, "<script>")).toBe(LOCALES.de["signinError.default"]);
    expect(signinErrorMessage(t, "CredentialsSignin", "<script>alert(1)</script>")).not.toContain("script");
  });
});

describe("locales/ stays browser-safe", () => {
  const folder = fileURLToPath(new URL(".", import.meta.url));
  const sources = readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));

  it("finds the modules", () => {
    expect(sources).toEqual(expect.arrayContaining(["index.ts", "types.ts", "en.ts", "de.ts", "fr.ts", "es.ts", "ja.ts", "ar.ts"]));
  });

  it.each(sources)("%s imports only sibling modules", (name) => {
    const text = readFileSync(new URL(name, import.meta.url), "utf8");
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gms),
      ...text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
      ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      expect(specifier, `${name}: ${specifier}`).toMatch(/^\.\/[\w-]+\.js$/);
      expect(specifier).not.toMatch(/^node:|server\//);
    }
    expect(text).not.toMatch(/\brequire\s*\(|\bprocess\.|\bBuffer\b/);
  });
});

describe("string templates in overrides (JSON-friendly)", () => {
  it("a string given for a function term is a template; {name} placeholders take the arguments", () => {
    const { t } = createTranslator("de", { de: { "signin.withProvider": "Weiter mit {provider}" } });
    expect(t("signin.withProvider", "GitHub")).toBe("Weiter mit GitHub");
    const positional = createTranslator("en", { en: { "signin.withProvider": "Use {0} ({0})" } });
    expect(positional.t("signin.withProvider", "Acme")).toBe("Use Acme (Acme)");
  });
});
