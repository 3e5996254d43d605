/**
 * Per-element localisation (ui-kit §7), after Shoelace's LocalizeController: an element's own `lang`
 * and `dir` win, then the nearest ancestor's, then `<html lang dir>`, then the browser's language,
 * then English. Messages come from the catalogue the pages use; `messages` on the element overrides
 * any key per locale.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { createTranslator, type Direction, type MessageOverrides, type Translate, type Translator } from "../../locales/index.js";

export interface LocalizedHost extends ReactiveControllerHost, HTMLElement {
  /** Per-locale message overrides (`{ en: { "signin.heading": "Welcome" } }`). */
  messages?: Record<string, MessageOverrides>;
}

// Elements re-render when the document's language or direction changes. One observer for all of
// them, created on first use (never at import time: SSR-safe).
const hosts = new Set<LocalizedHost>();
let observer: MutationObserver | undefined;

function observeDocument(): void {
  if (observer || typeof MutationObserver === "undefined") return;
  observer = new MutationObserver(() => {
    for (const host of hosts) host.requestUpdate();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang", "dir"] });
}

export class LocalizeController implements ReactiveController {
  private translator?: Translator;
  private translatorKey?: string;
  private translatorMessages?: Record<string, MessageOverrides>;

  constructor(private readonly host: LocalizedHost) {
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.host);
    observeDocument();
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
  }

  /** The language tag in force for the element. */
  get lang(): string {
    const own = this.host.closest("[lang]")?.getAttribute("lang");
    return own || document.documentElement.lang || (typeof navigator !== "undefined" ? navigator.language : "") || "en";
  }

  private current(): Translator {
    const lang = this.lang;
    const messages = this.host.messages;
    if (!this.translator || this.translatorKey !== lang || this.translatorMessages !== messages) {
      this.translator = createTranslator(lang, messages);
      this.translatorKey = lang;
      this.translatorMessages = messages;
    }
    return this.translator;
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
