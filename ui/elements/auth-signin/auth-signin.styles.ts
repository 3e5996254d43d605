import { css } from "lit";
import { controlStyles, tokenStyles } from "../../internal/styles.js";

/** The element's shadow chrome: logo, alert, dividers, status. */
export const signinStyles = [
  tokenStyles,
  controlStyles,
  css`
    :host {
      display: block;
      max-inline-size: var(--auth-signin-max-width, 22rem);
      padding: 1.5rem;
      background: var(--_color-surface);
      border: 1px solid var(--_color-border);
      border-radius: calc(var(--_radius) * 2);
      box-shadow: 0 1px 3px #0003;
    }
    .base {
      display: grid;
      gap: 0.75rem;
    }
    .logo {
      display: block;
      max-inline-size: 9.375rem;
      max-block-size: 4.375rem;
      margin-inline: auto;
    }
    .error:not(:empty) {
      padding: 0.75rem 1rem;
      color: var(--_color-error);
      background: var(--_color-error-surface);
      border-radius: var(--_radius);
    }
    .error:focus {
      outline: 3px solid var(--_color-focus);
      outline-offset: 2px;
    }
    .divider {
      display: flex;
      align-items: center;
      gap: 0.75rem;
      margin-block: 0.5rem;
      font-size: 0.875rem;
      color: var(--_color-text-muted);
    }
    .divider::before,
    .divider::after {
      content: "";
      flex: 1;
      border-block-start: 1px solid var(--_color-border);
    }
    [part="base"] > .spinner {
      justify-self: center;
      margin: 1rem;
    }
    .sent {
      margin: 0;
    }
  `,
];

/**
 * Styles for the light-DOM forms (inputs must live outside shadow roots for password managers and
 * passkey autofill). `:where()` keeps specificity at zero, so any page style wins without
 * `!important`. Custom properties inherit from the host, so the tokens apply here too.
 */
export const lightDomStyles = css`
  :where(auth-signin) :where(.auth-form) {
    display: grid;
    gap: 0.75rem;
    margin: 0;
  }
  :where(auth-signin) :where(.auth-field label) {
    display: block;
    margin-block-end: 0.25rem;
    font-size: 0.875rem;
    font-weight: 600;
  }
  :where(auth-signin) :where(.auth-field input) {
    display: block;
    box-sizing: border-box;
    inline-size: 100%;
    padding: 0.625rem 0.75rem;
    font: inherit;
    color: inherit;
    background: var(--_color-surface);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
  }
  :where(auth-signin) :where(.auth-field input:focus-visible, .auth-submit:focus-visible) {
    outline: 3px solid var(--_color-focus);
    outline-offset: 2px;
  }
  :where(auth-signin) :where(.auth-field input[aria-invalid="true"]) {
    border-color: var(--_color-error);
  }
  :where(auth-signin) :where(.auth-submit) {
    display: flex;
    align-items: center;
    justify-content: center;
    min-block-size: 2.75rem;
    padding: 0.625rem 1rem;
    font: inherit;
    font-weight: 600;
    color: var(--auth-button-text, var(--_color-on-brand));
    background: var(--auth-button-bg, var(--_color-brand));
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    cursor: pointer;
  }
  :where(auth-signin) :where(.auth-submit[disabled]) {
    cursor: progress;
    opacity: 0.75;
  }
  :where(auth-signin) :where(auth-passkey-button, auth-passkey-register):not(:defined) {
    display: none;
  }
`;
