/**
 * The page context of a request: the locale it negotiates and what the pages need to render for it,
 * built from the action's request context.
 */
import { createTranslator, negotiateLocale } from "../../locales/index.js";
import { signinPageUrl, type RequestContext } from "../context/request-context.js";
import type { PageContext } from "../pages/context.js";

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
