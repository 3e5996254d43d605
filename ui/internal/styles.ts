/**
 * Styles shared by the elements' shadow roots. Two tiers (docs/elements.md#theming): public `--auth-*` tokens, read
 * into private `--_*` variables with the same defaults as the pages, so a host page themes pages and
 * elements with one set of properties — and cannot come to depend on the private ones.
 */
import { css } from "lit";

/**
 * Token defaults on `:host` and the font. A `theme`'s `colorScheme` is written on the element itself
 * (ui/internal/theme-style.ts: `color-scheme` through the CSSOM, with `data-color-scheme` for the
 * page's own CSS), so no rule here repeats it.
 * The defaults are theme/tokens.ts's (`ELEMENT_COLOR_TOKENS`, `BRAND_TOKENS`), written out rather than
 * generated so the bundles carry CSS only; ui/internal/styles.test.ts keeps the two in step.
 */
export const tokenStyles = css`
  :host {
    --_color-text: var(--auth-color-text, light-dark(#1f2328, #e6edf3));
    --_color-text-muted: var(--auth-color-text-muted, light-dark(#59636e, #9198a1));
    --_color-surface: var(--auth-color-surface, light-dark(#fff, #0d1117));
    --_color-border: var(--auth-color-border, light-dark(#818b98, #656c76));
    --_color-error: var(--auth-color-error, light-dark(#b42318, #ffa198));
    --_color-error-surface: var(--auth-color-error-surface, light-dark(#fef3f2, #25171c));
    --_color-focus: var(--auth-color-focus, light-dark(#0b57d0, #79b8ff));
    --_color-brand: var(--auth-color-brand, #1d4ed8);
    --_color-on-brand: var(--auth-color-on-brand, #fff);
    --_radius: var(--auth-radius, 0.5rem);
    --_font-family: var(--auth-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif);
    font-family: var(--_font-family);
    color: var(--_color-text);
  }
  :host([hidden]) {
    display: none;
  }
`;

/** Buttons (with a provider's logo, `.icon`) and the busy indicator. Component tokens: `--auth-button-bg`, `--auth-button-text`. */
export const controlStyles = css`
  .button {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 0.75rem;
    box-sizing: border-box;
    width: 100%;
    min-height: 2.75rem;
    padding: 0.625rem 1rem;
    font: inherit;
    font-weight: 600;
    color: var(--auth-button-text, var(--_color-on-brand));
    background: var(--auth-button-bg, var(--_color-brand));
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    cursor: pointer;
  }
  .button:focus-visible {
    outline: 3px solid var(--_color-focus);
    outline-offset: 2px;
  }
  .icon {
    inline-size: 1.25rem;
    block-size: 1.25rem;
  }
  .button[disabled] {
    cursor: progress;
    opacity: 0.75;
  }
  .spinner {
    display: inline-block;
    inline-size: 1em;
    block-size: 1em;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: auth-spin 0.8s linear infinite;
  }
  @keyframes auth-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.4s;
    }
  }
`;
