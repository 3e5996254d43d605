/**
 * What every page needs about the request: the negotiated locale and its translator, the theme, and
 * the URLs and tokens forms post. Built once per page request from the action's context.
 */
import { createTranslator, negotiateLocale, type Direction, type Translate } from "../../locales/index.js";
import { signinPageUrl, type RequestContext } from "../core/context.js";
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

/** The locale pages and e-mails use for this request: the `locale` option, `?lang=`, `Accept-Language`, English. */
export function pageLocale(ctx: RequestContext): string {
  const { config, req } = ctx;
  return negotiateLocale({
    override: config.locale,
    query: req.query.lang,
    acceptLanguage: req.headers.get("accept-language"),
    available: config.availableLocales,
  });
}

export function pageContext(ctx: RequestContext, locale: string = pageLocale(ctx)): PageContext {
  const { config } = ctx;
  // The translator's locale is the one actually used (a tag without messages falls back to English).
  const translator = createTranslator(locale, config.messages);
  const { t, dir } = translator;
  return {
    t,
    locale: translator.locale,
    dir,
    theme: config.theme,
    origin: ctx.origin,
    authUrl: ctx.authUrl,
    csrfToken: ctx.csrf.token,
    callbackUrl: ctx.callbackUrl,
    signinUrl: signinPageUrl(ctx),
  };
}
