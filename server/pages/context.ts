/**
 * What every page needs about the request: the negotiated locale and its translator, the theme, and
 * the URLs and tokens forms post. Pages receive it as data (the actions build it from their request
 * context, in `server/actions/page-context.ts`); nothing here reads a request.
 */
import type { Direction, Translate } from "../../locales/index.js";
import type { ResolvedTheme } from "./theme.js";

export interface PageContext {
  t: Translate;
  locale: string;
  dir: Direction;
  theme: ResolvedTheme;
  origin: string;
  /** `U + basePath`. */
  authUrl: string;
  csrfToken: string;
  callbackUrl: string;
  /** The real sign-in page: `pages.signIn` when set, else the built-in one. */
  signinUrl: string;
}
