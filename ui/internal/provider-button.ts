/**
 * The "Sign in with …" button of an OAuth/OIDC provider, as both `<auth-provider-button>` and
 * `<auth-signin>` render it in their shadow roots (each with its own part names and click handler).
 *
 * The provider's colours come from `GET /providers` (validated by the server) and are set on the
 * button itself, only when the browser reads them as colours, so nothing else reaches its style.
 * They are set through the CSSOM (the `.style` property, i.e. `cssText`), never as a `style`
 * attribute, which a Content-Security-Policy without `'unsafe-inline'` styles would block.
 *
 * The logo is shown as the server gives it: Foyer checks every provider's `style.logo` when it reads
 * its configuration (an `https:` URL, a site path or a `data:image/…` URL; server/pages/providers.ts),
 * and an `<img>` runs no script whatever its source.
 */
import { html, nothing, type TemplateResult } from "lit";
import type { ClientProviderStyle } from "../client/index.js";

export interface ProviderButtonView {
  /** Part names of the button, its logo and its label. */
  parts: readonly [button: string, logo: string, label: string];
  /** The provider's `style` from `GET /providers`. */
  style?: ClientProviderStyle;
  label: string;
  /** The spinner's accessible name while busy. */
  busyLabel: string;
  busy: boolean;
  onClick: () => void;
  /** The button's language and direction, where no ancestor in the shadow root gives them. */
  lang?: string;
  dir?: string;
}

/** The `--auth-button-<name>` declaration for a provider colour, when the browser reads it as a colour. */
const color = (name: string, value: string | undefined) => (value && CSS.supports("color", value) ? `--auth-button-${name}:${value};` : "");

export function providerButton({ parts, style, label, busyLabel, busy, onClick, lang, dir }: ProviderButtonView): TemplateResult {
  const logo = style?.logo;
  // No whitespace in the button's content (the line breaks there are inside `${…}`): its text is
  // exactly its label. The logo and spinner are written inline, as single-use constants would cost
  // auth-signin.js bytes.
  return html`<button
    part=${parts[0]}
    class="button"
    type="button"
    lang=${lang ?? nothing}
    dir=${dir ?? nothing}
    .style=${color("bg", style?.brandColor) + color("text", style?.textColor)}
    ?disabled=${busy}
    aria-busy=${busy}
    @click=${onClick}
  >${logo ? html`<img part=${parts[1]} class="icon" src=${logo} alt="" />` : nothing}<span part=${parts[2]}>${label}</span>${
    busy ? html`<span part="spinner" class="spinner" role="status" aria-label=${busyLabel}></span>` : nothing
  }</button>`;
}

/** How long a provider button stays busy after its sign-in succeeded, if the page does not go. */
export const LEAVING_GRACE_MS = 5000;

/**
 * After a provider's sign-in succeeded the browser is on its way to the provider, so the button
 * stays busy; `idle` ends that as the page goes (`pagehide`: the back-forward cache would otherwise
 * restore the page busy), or after {@link LEAVING_GRACE_MS} if it never goes (Stop, a navigation
 * another script cancelled, a "stay on this page" answer).
 */
export function leaving(idle: () => void): void {
  addEventListener("pagehide", idle, { once: true });
  setTimeout(idle, LEAVING_GRACE_MS);
}
