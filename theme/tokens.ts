/**
 * The system colour tokens the web components use (the page background and links are the pages'
 * own), as [light, dark]; every element's shadow root declares them (ui/internal/styles.ts).
 * The pages' stylesheet (server/pages/styles.css) writes the same values; a test keeps them in sync.
 */
export const ELEMENT_COLOR_TOKENS = {
  "--auth-color-text": ["#1f2328", "#e6edf3"],
  "--auth-color-text-muted": ["#59636e", "#9198a1"],
  "--auth-color-surface": ["#fff", "#0d1117"],
  "--auth-color-border": ["#818b98", "#656c76"],
  "--auth-color-error": ["#b42318", "#ffa198"],
  "--auth-color-error-surface": ["#fef3f2", "#25171c"],
  "--auth-color-focus": ["#0b57d0", "#79b8ff"],
} as const satisfies Record<string, readonly [string, string]>;

/** Every system colour token; the pages use all of them, the web components {@link ELEMENT_COLOR_TOKENS}. */
export const COLOR_TOKENS = {
  ...ELEMENT_COLOR_TOKENS,
  "--auth-color-background": ["#f3f4f6", "#010409"],
  "--auth-color-link": ["#0b57d0", "#79b8ff"],
} as const satisfies Record<string, readonly [string, string]>;

/** Scheme-independent defaults. */
export const BRAND_TOKENS = {
  "--auth-color-brand": "#1d4ed8",
  "--auth-color-on-brand": "#fff",
  "--auth-radius": "0.5rem",
  "--auth-font-family": 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
} as const;

export type ColorToken = keyof typeof COLOR_TOKENS;

/**
 * The danger colour of destructive actions (remove, sign out everywhere, delete the account), as
 * [light, dark]: `--auth-color-danger` for the text, border and button background,
 * `--auth-color-on-danger` for the text on it. Both pairs meet WCAG AA against the surface. The
 * account page (server/pages/account.css) and the account elements declare them with these defaults.
 */
export const DANGER_TOKENS = {
  "--auth-color-danger": ["#b42318", "#ff7b72"],
  "--auth-color-on-danger": ["#fff", "#0d1117"],
} as const satisfies Record<string, readonly [string, string]>;
