/**
 * Per-element localisation (ui-kit §7), after Shoelace's LocalizeController: an element's own `lang`
 * and `dir` win, then the nearest ancestor's, then `<html lang dir>`, then the browser's language,
 * then English. Messages come from the catalogue the pages use; `messages` on the element overrides
 * any key per locale.
 *
 * Only English is part of the elements' code (ui-kit §6). Another language's catalogue is loaded the
 * first time an element needs it (./catalogues.ts); until it is there the element shows the closest
 * catalogue it already has (the language's, else English, with `lang` saying so), then re-renders.
 * The element's `updateComplete` also waits for that load and the re-render after it.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { createTranslator, type Catalogues, type Translate, type Translator } from "../../locales/translator.js";
import type { Direction, MessageOverrides } from "../../locales/types.js";
import { DEFAULT_BASE_PATH } from "./auth.js";
import { catalogues, loadCatalogues } from "./catalogues.js";

export interface LocalizedHost extends ReactiveControllerHost, HTMLElement {
  /** Per-locale message overrides (`{ en: { "signin.heading": "Welcome" } }`). */
  messages?: Record<string, MessageOverrides>;
  /** Where Foyer is mounted on this origin: catalogues are loaded from its `assets/locales/`. */
  basePath?: string;
}

// Elements re-render when a `lang` or `dir` attribute changes: on `<html>`, on the element itself or
// an ancestor, or inside the shadow root an element is rendered in (`<auth-signin>` gives its
// provider buttons their language that way). One observer for all of them, created on first use
// (never at import time: SSR-safe).
const hosts = new Set<LocalizedHost>();
const observed = new WeakSet<Node>();
let observer: MutationObserver | undefined;

function observe(root: Node): void {
  if (typeof MutationObserver === "undefined" || observed.has(root)) return;
  observer ??= new MutationObserver(() => {
    for (const host of hosts) host.requestUpdate();
  });
  observed.add(root);
  observer.observe(root, { attributes: true, subtree: true, attributeFilter: ["lang", "dir"] });
}

export class LocalizeController implements ReactiveController {
  /** The translator, and the language, overrides and catalogues it was made for. */
  private cache?: [Translator, string, Record<string, MessageOverrides> | undefined, Catalogues];
  /** The catalogue load this element waits for, if any. */
  private loading?: Promise<void>;

  constructor(private readonly host: LocalizedHost) {
    host.addController(this);
    // `updateComplete` resolves once a catalogue being loaded has arrived (or failed) and the
    // element has re-rendered with it, as Lit's docs suggest for updates that depend on async work.
    const element = host as unknown as { getUpdateComplete?: () => Promise<boolean> };
    const own = element.getUpdateComplete?.bind(host);
    if (own) {
      element.getUpdateComplete = async () => {
        let complete = await own();
        while (this.loading) {
          await this.loading;
          complete = await own();
        }
        return complete;
      };
    }
  }

  hostConnected(): void {
    hosts.add(this.host);
    observe(document.documentElement);
    const root = this.host.getRootNode();
    if (root instanceof ShadowRoot) observe(root);
    this.current(); // start loading the catalogue before the first render
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
  }

  /** The language tag in force for the element. */
  get lang(): string {
    return this.host.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || globalThis.navigator?.language || "en";
  }

  private current(): Translator {
    const lang = this.lang;
    const messages = this.host.messages;
    const cache = this.cache;
    if (cache?.[1] === lang && cache[2] === messages && cache[3] === catalogues) return cache[0];
    const translator = createTranslator(lang, messages, catalogues);
    this.cache = [translator, lang, messages, catalogues];
    const load = loadCatalogues(lang, this.host.basePath ?? DEFAULT_BASE_PATH);
    if (load) {
      const loading: Promise<void> = (this.loading = load.then(() => {
        if (this.loading === loading) this.loading = undefined;
        this.host.requestUpdate();
      }));
    }
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
