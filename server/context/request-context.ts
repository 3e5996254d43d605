/**
 * Everything an action needs about one request, built once before the action runs: the origin,
 * the cookie names in force, the provider, the CSRF state and the resolved callback URL, plus the
 * cookies this initialisation itself must set, on every request as Auth.js does: the CSRF cookie when
 * it is missing or does not verify, the callback-url cookie when the resolved URL differs from it.
 */
import type { InternalProvider, NormalizedConfig } from "../config/types.js";
import { isCrossSiteRequest, verifyCsrf } from "../core/csrf.js";
import { InvalidProvider } from "../core/errors.js";
import type { LoggerInstance } from "../core/logger.js";
import { defaultRedirect, isValidCallbackUrl } from "../core/redirect.js";
import type { RequestInternal } from "../core/request.js";
import type { Cookie, CookiesOptions } from "../types.js";

export interface RequestContext {
  config: NormalizedConfig;
  req: RequestInternal;
  logger: LoggerInstance;
  /** The origin users see (`AUTH_URL`'s when set): `U` in docs/security.md. */
  origin: string;
  /** `U + basePath`, without a trailing slash. */
  authUrl: string;
  cookies: CookiesOptions;
  provider?: InternalProvider;
  csrf: {
    token: string;
    verified: boolean;
    /** Why the check failed, for the log (never shown to the client). */
    failure?: string;
  };
  callbackUrl: string;
  /** Cookies set by initialisation: a new CSRF cookie, a changed callback-url cookie. */
  initCookies: Cookie[];
}

/** The origin of a request as Foyer answers it: `AUTH_URL`'s origin when set, else the request URL's. */
export function requestOrigin(config: NormalizedConfig, url: URL): string {
  return config.envOrigin ?? url.origin;
}

const HTTP_ORIGIN = /^https?:\/\/[^/]+$/;

/** The real sign-in page: `pages.signIn` (resolved against the origin) when set, else the built-in one. */
export function signinPageUrl(ctx: Pick<RequestContext, "config" | "origin" | "authUrl">): string {
  return ctx.config.pages.signIn ? new URL(ctx.config.pages.signIn, ctx.origin).href : `${ctx.authUrl}/signin`;
}

export async function createContext(config: NormalizedConfig, req: RequestInternal): Promise<RequestContext> {
  const origin = requestOrigin(config, req.url);
  const secure = config.useSecureCookies ?? origin.startsWith("https:");
  const cookies = secure ? config.cookies.secure : config.cookies.plain;
  const basePath = config.basePath === "/" ? "" : config.basePath;
  const initCookies: Cookie[] = [];

  let provider: InternalProvider | undefined;
  if (req.providerId !== undefined) {
    provider = config.providerById.get(req.providerId);
    if (!provider) {
      throw new InvalidProvider(`Provider with id "${req.providerId}" not found. Available providers: [${config.providers.map((p) => p.id).join(", ")}].`);
    }
  }

  let csrf: RequestContext["csrf"];
  if (config.skipCSRFCheck) {
    csrf = { token: "", verified: true };
  } else {
    const isPost = req.method === "POST";
    const state = await verifyCsrf({
      cookieValue: req.cookies[cookies.csrfToken.name],
      secret: config.csrfSecret,
      isPost,
      bodyToken: req.body?.csrfToken,
    });
    if (state.newCookieValue) initCookies.push({ ...cookies.csrfToken, value: state.newCookieValue });
    csrf = { token: state.token, verified: state.verified };
    if (isPost && !state.verified) {
      csrf.failure = state.newCookieValue ? "no valid CSRF cookie" : "csrfToken in the body does not match the CSRF cookie";
    } else if (isPost && isCrossSiteRequest(req.headers, origin)) {
      csrf = { token: state.token, verified: false, failure: "cross-site request (Origin / Sec-Fetch-Site)" };
    }
  }

  const callbackUrl = await resolveCallbackUrl(config, req, cookies, origin, initCookies);
  return { config, req, logger: config.logger, origin, authUrl: origin + basePath, cookies, provider, csrf, callbackUrl, initCookies };
}

/**
 * `callbackUrl` from the body, else the query, else the callback-url cookie (not on sign-out), passed through the
 * redirect callback (as Auth.js resolves it). An invalid cookie value is ignored and overwritten rather than
 * failing every request of that browser.
 */
async function resolveCallbackUrl(
  config: NormalizedConfig,
  req: RequestInternal,
  cookies: CookiesOptions,
  origin: string,
  initCookies: Cookie[],
): Promise<string> {
  const fromBody = req.body?.callbackUrl;
  const param = typeof fromBody === "string" && fromBody !== "" ? fromBody : req.query.callbackUrl;
  const cookieValue = req.cookies[cookies.callbackUrl.name];
  // Sign-out does not read the callback-url cookie (a Foyer difference, docs/compatibility.md): it
  // still names the page a sign-in started from, often a protected one that bounces a signed-out
  // user straight back to the sign-in page. Without an explicit target sign-out lands on the origin,
  // and the cookie is reset to whatever it resolved to.
  if (req.action === "signout" && !param) {
    if (cookieValue !== origin) initCookies.push({ ...cookies.callbackUrl, value: origin });
    return origin;
  }
  let resolved: unknown;
  // The common case: a browser sends back the callback-url cookie Foyer set, which is the origin, and
  // the redirect callback is the default one. `defaultRedirect({ url: origin, baseUrl: origin })` is
  // `origin` itself for any http(s) origin (origins are serialised without a trailing slash), so the
  // answer is known without the three URL parses below; they were ≈ 2 µs of every request.
  if (!param && cookieValue === origin && config.callbacks.redirect === defaultRedirect && HTTP_ORIGIN.test(origin)) resolved = origin;
  else if (param) resolved = await config.callbacks.redirect({ url: param, baseUrl: origin });
  else if (cookieValue && isValidCallbackUrl(cookieValue, origin)) resolved = await config.callbacks.redirect({ url: cookieValue, baseUrl: origin });
  else resolved = origin;
  const callbackUrl = typeof resolved === "string" && resolved !== "" ? resolved : origin;
  if (callbackUrl !== cookieValue) initCookies.push({ ...cookies.callbackUrl, value: callbackUrl });
  return callbackUrl;
}
