import { LitElement, type PropertyDeclarations, type PropertyValues } from "lit";
import type { MessageOverrides } from "../../locales/types.js";
import type { Theme } from "../../server/types.js";
import { DEFAULT_BASE_PATH } from "../internal/auth.js";
import { toggleState } from "../internal/element.js";
import { LocalizeController } from "../internal/localize.js";
import { adoptSiteTheme } from "../internal/site-theme.js";
import { applyTheme } from "../internal/theme.js";

/**
 * The base of the elements that talk to the visitor (`<auth-signin>`, `<auth-provider-button>`,
 * `<auth-signout>` and the passkey elements): where Foyer is mounted, the `theme` and `messages`
 * every one of them takes, their localisation (the element's own `lang` and `dir` first), and the
 * busy state they show while a request runs. Not registered as an element of its own. It lives
 * beside the elements, not in ui/internal/, so that custom-elements.json (`npm run cem`, which reads
 * ui/elements/) lists the properties each element inherits from it.
 */
export class FoyerElement extends LitElement {
  static override properties: PropertyDeclarations = {
    basePath: { attribute: "base-path" },
    theme: { type: Object },
    messages: { attribute: false },
    busy: { state: true },
  };

  /** Where Foyer is mounted on this origin. */
  basePath = DEFAULT_BASE_PATH;
  /** The spec's `Theme` (JSON in the attribute). */
  theme?: Theme;
  /** Per-locale message overrides, e.g. `{ en: { "signin.heading": "Welcome" } }`. */
  messages?: Record<string, MessageOverrides>;

  /** A request of this element runs (see {@link setBusy}). */
  protected busy = false;
  /** Messages, language and direction for this element. */
  protected readonly localize = new LocalizeController(this);
  /** For custom states (`:state(busy)`); absent in browsers without `attachInternals`. */
  protected readonly internals = this.attachInternals?.();

  protected override willUpdate(changed: PropertyValues): void {
    // The server's theme of this base path (ui/internal/site-theme.ts); `theme` overrides it.
    if (changed.has("basePath")) adoptSiteTheme(this);
    if (changed.has("theme")) applyTheme(this, this.theme);
  }

  /** Sets {@link busy} and the `busy` custom state with it. */
  protected setBusy(busy: boolean): void {
    this.busy = busy;
    toggleState(this.internals, "busy", busy);
  }
}
