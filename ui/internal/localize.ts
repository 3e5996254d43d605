/**
 * Per-element localisation (docs/elements.md#localisation), after Shoelace's LocalizeController: an element's own `lang`
 * and `dir` win, then the nearest ancestor's, then `<html lang dir>`, then the browser's language,
 * then English. Messages come from the catalogue the pages use; `messages` on the element overrides
 * any key per locale.
 *
 * English without overrides is a plain lookup in the English catalogue, the only one in the
 * elements' code (the others are fetched from Foyer's origin). Any other language, or `messages`, needs the translator with its
 * fallback chain and the catalogue loader, which come with the customisation code loaded on demand
 * (./customization-loader.ts); the catalogue itself is then loaded on first use (./catalogues.ts).
 * Until they are there the element shows the closest messages it already has (English, then the
 * language's, with `lang` saying so) and re-renders when they arrive; its `updateComplete` waits
 * for those loads and the re-render after them.
 */
import type { ReactiveController, ReactiveElement } from "lit";
import en from "../../locales/en.js";
import { FALLBACK, type Catalogues, type Translate, type Translator } from "../../locales/translator.js";
import type { Direction, MessageOverrides } from "../../locales/types.js";
import { DEFAULT_BASE_PATH } from "./auth.js";
import { customization, loadCustomization } from "./customization-loader.js";
import { trackPendingWork, waitFor } from "./pending-work.js";

export interface LocalizedHost extends ReactiveElement {
  /** Per-locale message overrides (`{ en: { "signin.heading": "Welcome" } }`). */
  messages?: Record<string, MessageOverrides>;
  /** Where Foyer is mounted on this origin: the customisation code and catalogues are loaded from its `assets/`. */
  basePath?: string;
}

/** English as the catalogue has it: the messages of every element in English without overrides. */
const ENGLISH: Translator = {
  locale: FALLBACK,
  dir: "ltr",
  t: ((key: string, ...args: unknown[]) => {
    const term: unknown = Object.hasOwn(en, key) ? en[key as keyof typeof en] : undefined;
    // Array terms (paragraphs) are the pages' only; none is an element's, so they need no copy here.
    return typeof term === "function" ? String(term(...args)) : term;
  }) as Translate,
};

// Elements re-render when a `lang` or `dir` attribute changes: on `<html>`, on the element itself or
// an ancestor, or inside the shadow root an element is rendered in (an app's own component that
// uses Foyer's elements in its shadow DOM). One observer for all of them, created on first use
// (never at import time: SSR-safe).
const hosts = new Set<LocalizedHost>();
const observed = new WeakSet<Node>();
let observer: MutationObserver | undefined;

function observe(root: Node): void {
  // Only ever called on connection, in a browser (or a DOM implementation with MutationObserver).
  if (observed.has(root)) return;
  observer ??= new MutationObserver(() => {
    for (const host of hosts) host.requestUpdate();
  });
  observed.add(root);
  observer.observe(root, { attributes: true, subtree: true, attributeFilter: ["lang", "dir"] });
}

export class LocalizeController implements ReactiveController {
  /** The translator, and the language, overrides and catalogues it was made for. */
  private cache?: [Translator, string, Record<string, MessageOverrides> | undefined, Catalogues];
  /** The customisation load this element already waits for (renders ask again until it is there). */
  private awaited?: Promise<unknown>;

  constructor(private readonly host: LocalizedHost) {
    host.addController(this);
    // Before anyone reads `updateComplete`: loads started by the first update must count (./pending-work.ts).
    trackPendingWork(host);
  }

  hostConnected(): void {
    hosts.add(this.host);
    observe(document.documentElement);
    const root = this.host.getRootNode();
    if (root instanceof ShadowRoot) observe(root);
    this.current(); // start loading what the language needs before the first render
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
  }

  /** The language tag in force for the element. */
  get lang(): string {
    return this.host.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || globalThis.navigator?.language || FALLBACK;
  }

  private current(): Translator {
    const lang = this.lang;
    const messages = this.host.messages;
    // English (`en`, `en-GB`, …) without overrides needs nothing more. Anything else, malformed tags
    // included, goes through the translator, which knows what each tag means.
    if (!messages && /^en(?:[-_]|$)/i.test(lang.trim())) return ENGLISH;
    const basePath = this.host.basePath ?? DEFAULT_BASE_PATH;
    if (!customization) {
      const load = loadCustomization(basePath);
      if (this.awaited !== load) waitFor(this.host, (this.awaited = load));
      return ENGLISH;
    }
    const { catalogues } = customization;
    const cache = this.cache;
    if (cache?.[1] === lang && cache[2] === messages && cache[3] === catalogues) return cache[0];
    const translator = customization.createTranslator(lang, messages, catalogues);
    this.cache = [translator, lang, messages, catalogues];
    const load = customization.loadCatalogues(lang, basePath);
    if (load) waitFor(this.host, load);
    return translator;
  }

  /** The element's writing direction: its own or an ancestor's `dir`, else the language's. */
  get dir(): Direction {
    const explicit = this.host.closest("[dir]")?.getAttribute("dir");
    return explicit === "rtl" || explicit === "ltr" ? explicit : this.current().dir;
  }

  /** The locale messages actually come from (`de-CH` → `de`). */
  get locale(): string {
    return this.current().locale;
  }

  get t(): Translate {
    return this.current().t;
  }
}
