import { css } from "lit";
import { feedbackStyles } from "../../internal/passkey-styles.js";
import { actionStyles, schemeSurfaceStyles } from "../../internal/list-styles.js";
import { controlStyles, tokenStyles } from "../../internal/styles.js";

/** The list chrome: rows, details, the small row buttons; the light-DOM rename form is styled by ui/internal/passkey.ts. */
export const passkeysStyles = [
  tokenStyles,
  controlStyles,
  actionStyles,
  schemeSurfaceStyles,
  feedbackStyles,
  css`
    .list {
      display: grid;
      margin: 0;
      padding: 0;
      list-style: none;
      border-block-start: 1px solid var(--_color-border);
    }
    .item {
      display: grid;
      gap: 0.375rem;
      padding-block: 0.75rem;
      border-block-end: 1px solid var(--_color-border);
    }
    .name {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .details {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 1rem;
      font-size: 0.875rem;
      color: var(--_color-text-muted);
    }
    .actions,
    .confirm {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
    }
    :host {
      --_color-danger: var(--auth-color-danger, light-dark(#b42318, #ff7b72));
      --_color-on-danger: var(--auth-color-on-danger, light-dark(#fff, #0d1117));
    }
    .danger {
      color: var(--_color-on-danger);
      background: var(--_color-danger);
      border-color: var(--_color-danger);
    }
    .note {
      margin: 0;
      font-size: 0.875rem;
      color: var(--_color-text-muted);
    }
    .center {
      display: flex;
      justify-content: center;
      padding: 1rem;
    }
  `,
];
