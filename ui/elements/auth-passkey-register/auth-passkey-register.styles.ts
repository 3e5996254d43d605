import { controlStyles, tokenStyles } from "../../internal/styles.js";
import { feedbackStyles } from "../../internal/passkey-styles.js";

/** Tokens, the shared button and spinner, the alert and status regions; the light-DOM field is styled by ui/internal/passkey.ts. */
export const passkeyRegisterStyles = [tokenStyles, controlStyles, feedbackStyles];
