import { controlStyles, tokenStyles } from "../../internal/styles.js";
import { feedbackStyles } from "../../internal/passkey-styles.js";

/** Tokens, the shared button and spinner, and the alert region; the light-DOM field is styled by ui/internal/passkey.ts. */
export const passkeyButtonStyles = [tokenStyles, controlStyles, feedbackStyles];
