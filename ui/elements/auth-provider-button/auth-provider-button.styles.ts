import { css } from "lit";
import { controlStyles, tokenStyles } from "../../internal/styles.js";

export const providerButtonStyles = [
  tokenStyles,
  controlStyles,
  css`
    :host {
      display: block;
    }
  `,
];
