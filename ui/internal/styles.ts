/**
 * Styles shared by the elements' shadow roots. Two tiers (ui-kit §4.3): public `--auth-*` tokens, read
 * into private `--_*` variables with the same defaults as the pages, so a host page themes pages and
 * elements with one set of properties — and cannot come to depend on the private ones.
 */
import { css, unsafeCSS } from "lit";
import { BRAND_TOKENS, ELEMENT_COLOR_TOKENS } from "../../theme/tokens.js";

const privateName = (token: string) => token.replace(/^--auth-/, "--_");

const declarations = [
  ...Object.entries(ELEMENT_COLOR_TOKENS).map(([name, [light, dark]]) => `${privateName(name)}:var(${name},light-dark(${light},${dark}))`),
  ...Object.entries(BRAND_TOKENS).map(([name, value]) => `${privateName(name)}:var(${name},${value})`),
].join(";");

/** Token defaults on `:host`, the font, and `color-scheme` from the `theme` (`data-color-scheme`). */
export const tokenStyles = unsafeCSS(
  `:host{${declarations};font-family:var(--_font-family);color:var(--_color-text)}` +
    `:host([data-color-scheme="light"]){color-scheme:light}:host([data-color-scheme="dark"]){color-scheme:dark}` +
    `:host([hidden]){display:none}`,
);

/** Buttons and the busy indicator. Component tokens: `--auth-button-bg`, `--auth-button-text`. */
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
