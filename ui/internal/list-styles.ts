/**
 * Styles of the elements that show lists and profiles rather than forms (`<auth-user>`,
 * `<auth-passkeys>`, `<auth-account>`). Kept apart from ./styles.ts, which `<auth-signin>` bundles:
 * Lit's `css` tags run at import, so every rule here would otherwise count in its size budget.
 */
import { css } from "lit";

/**
 * Surface for elements without one of their own (`<auth-user>`, `<auth-passkeys>`, `<auth-account>`): a theme that fixes
 * the colour scheme — the element's `theme` (`data-color-scheme`) or the server's (the site sheet sets
 * the same private variables) — paints the scheme's surface, so its text stays readable on a page of
 * the other scheme.
 */
export const schemeSurfaceStyles = css`
  :host([data-color-scheme]) {
    --_scheme-surface: var(--_color-surface);
    --_scheme-padding: 0.5rem;
  }
  :host {
    background: var(--_scheme-surface, none);
    padding: var(--_scheme-padding, 0);
    border-radius: var(--_radius);
  }
`;

/** The small row buttons of the account lists (`<auth-passkeys>`, `<auth-account>`): rename, remove, revoke. */
export const actionStyles = css`
  .action {
    min-block-size: 2.25rem;
    padding: 0.375rem 0.875rem;
    font: inherit;
    font-size: 0.875rem;
    color: var(--_color-text);
    background: var(--_color-surface);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    cursor: pointer;
  }
  .action:focus-visible {
    outline: 3px solid var(--_color-focus);
    outline-offset: 2px;
  }
  .action[disabled] {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;
