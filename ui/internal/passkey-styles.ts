/**
 * Shadow-root styles the passkey elements share: the alert and status regions, the message shown
 * when passkeys are unsupported, and the quieter secondary button.
 */
import { css } from "lit";

// The alert and status regions are never `display: none` while empty: a live region must be in the
// accessibility tree before its message arrives, or screen readers miss it. Empty, they are taken out of the flow
// instead (no size, still in the tree), so the grid's gaps are only between what shows.
export const feedbackStyles = css`
  :host {
    display: block;
  }
  :host([unsupported]) {
    display: none;
  }
  .base {
    display: grid;
    gap: 0.75rem;
  }
  .base > :is(.error, .status):empty {
    position: absolute;
  }
  .error:not(:empty) {
    padding: 0.75rem 1rem;
    color: var(--_color-error);
    background: var(--_color-error-surface);
    border-radius: var(--_radius);
  }
  .error:focus,
  .focus-target:focus {
    outline: 3px solid var(--_color-focus);
    outline-offset: 2px;
  }
  .status,
  .message {
    margin: 0;
  }
  .secondary {
    color: var(--_color-text);
    background: var(--_color-surface);
  }
`;
