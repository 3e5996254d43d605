import { css } from "lit";
import { actionStyles, schemeSurfaceStyles } from "../../internal/list-styles.js";
import { controlStyles, tokenStyles } from "../../internal/styles.js";

/**
 * Sections, rows, small buttons and the danger style. `--auth-color-danger` / `--auth-color-on-danger`
 * default to theme/tokens.ts's DANGER_TOKENS. Logical properties only, so the element mirrors in RTL.
 */
export const accountStyles = [
  tokenStyles,
  controlStyles,
  actionStyles,
  // A theme that fixes the colour scheme paints its surface: light text never lands on a light page.
  schemeSurfaceStyles,
  css`
    :host {
      --_color-danger: var(--auth-color-danger, light-dark(#b42318, #ff7b72));
      --_color-on-danger: var(--auth-color-on-danger, light-dark(#fff, #0d1117));
      display: block;
      container-type: inline-size;
      max-inline-size: var(--auth-account-max-width, 40rem);
    }
    .base {
      display: grid;
      gap: 0;
    }
    section {
      padding-block: 1.25rem;
      border-block-start: 1px solid var(--_color-border);
    }
    section:first-of-type {
      border-block-start: 0;
      padding-block-start: 0;
    }
    h2 {
      margin: 0 0 0.75rem;
      font-size: 1.0625rem;
    }
    .identity {
      display: flex;
      align-items: center;
      gap: 0.75rem;
      margin-block-end: 1rem;
      min-inline-size: 0;
    }
    .identity > div {
      min-inline-size: 0;
      overflow-wrap: anywhere;
    }
    .avatar {
      flex: none;
      inline-size: 3rem;
      block-size: 3rem;
      border-radius: 50%;
      object-fit: cover;
      display: grid;
      place-items: center;
      font-weight: 700;
      color: var(--_color-on-brand);
      background: var(--_color-brand);
    }
    .muted {
      color: var(--_color-text-muted);
      font-size: 0.875rem;
    }
    .strong {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    ul {
      margin: 0 0 0.75rem;
      padding: 0;
      list-style: none;
    }
    li {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5rem 1rem;
      padding-block: 0.75rem;
      border-block-end: 1px solid color-mix(in srgb, var(--_color-border) 40%, transparent);
    }
    .main {
      flex: 1 1 12rem;
      min-inline-size: 0;
    }
    .badge {
      display: inline-block;
      margin-inline-start: 0.5rem;
      padding: 0 0.5rem;
      font-size: 0.75rem;
      font-weight: 600;
      border: 1px solid var(--_color-border);
      border-radius: 999px;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
    .action.danger-outline {
      color: var(--_color-danger);
      border-color: var(--_color-danger);
    }
    .action.danger {
      color: var(--_color-on-danger);
      background: var(--_color-danger);
      border-color: var(--_color-danger);
    }
    .empty {
      margin: 0.25rem 0 0.75rem;
      padding: 1rem;
      color: var(--_color-text-muted);
      background: color-mix(in srgb, var(--_color-border) 12%, transparent);
      border-radius: var(--_radius);
    }
    .status:empty,
    .error:empty {
      display: none;
    }
    .status {
      margin: 0 0 1rem;
      padding: 0.75rem 1rem;
      border: 1px solid var(--_color-border);
      border-radius: var(--_radius);
    }
    .error {
      margin: 0 0 1rem;
      padding: 0.75rem 1rem;
      color: var(--_color-error);
      background: var(--_color-error-surface);
      border-radius: var(--_radius);
    }
    .danger-zone h2 {
      color: var(--_color-danger);
    }
    ::slotted(form) {
      display: grid;
      gap: 0.75rem;
    }
  `,
];
