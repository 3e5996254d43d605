import { css } from "lit";
import { controlStyles, tokenStyles } from "../../internal/styles.js";

/**
 * The element's shadow chrome: its surface, brand header, alert, provider buttons, dividers, status.
 * OAuth/OIDC buttons are secondary (outlined, in the text colour) unless the provider has brand
 * colours, which it sets on its own button, as on the built-in page: the form's "Continue" stays the one
 * primary button. The host is a size container: the layout follows the element's own width (container queries),
 * never the window's. It takes its container's whole width up to `--auth-signin-max-width`, so its
 * width never depends on its content (which a size container's may not).
 */
export const signinStyles = [
  tokenStyles,
  controlStyles,
  css`
    :host {
      display: block;
      box-sizing: border-box;
      inline-size: 100%;
      max-inline-size: var(--auth-signin-max-width, 25rem);
      padding: 1.5rem;
      container-type: inline-size;
      background: var(--_color-surface);
      border: 1px solid var(--_color-border);
      border-radius: calc(var(--_radius) * 2);
      box-shadow: 0 1px 3px #0003;
    }
    .base {
      display: grid;
      gap: 0.75rem;
    }
    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: center;
      gap: 0.5rem 0.75rem;
      margin-block-end: 0.5rem;
      font-size: 1.125rem;
      font-weight: 700;
    }
    .logo {
      max-inline-size: 9.375rem;
      max-block-size: 4.375rem;
    }
    .providers {
      display: grid;
      gap: 0.75rem;
      --auth-button-bg: transparent;
      --auth-button-text: var(--_color-text);
    }
    @container (min-width: 20rem) {
      .many {
        grid-template-columns: 1fr 1fr;
      }
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
 * `!important`. Custom properties inherit from the host, so the tokens apply here too. Secondary
 * methods (`.auth-alt`: buttons and the passkey elements alike, whose buttons read the same
 * `--auth-button-*` properties) are outlined, in the text colour. (No comments inside the CSS: the
 * build compacts only templates without them, scripts/vite-compact-templates.ts.)
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
    gap: 0.5rem;
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
  :where(auth-signin) :where(.auth-alt) {
    --auth-button-bg: transparent;
    --auth-button-text: var(--_color-text);
  }
  :where(auth-signin) :where(.auth-spinner) {
    inline-size: 1em;
    block-size: 1em;
    border: 2px solid;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: auth-signin-spin 0.8s linear infinite;
  }
  @keyframes auth-signin-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    :where(auth-signin) :where(.auth-spinner) {
      animation-duration: 2.4s;
    }
  }
  :where(auth-signin) :where(auth-passkey-button, auth-passkey-register):not(:defined) {
    display: none;
  }
`;
