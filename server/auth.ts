/**
 * `Auth(request, config)`: the one entry point. A web `Request` in, a web `Response` out (or the
 * internal response with `raw`). The stages, in order:
 *
 *   normalise config (config/, once per config object) → method and path (core/request.ts) →
 *   route (routes/index.ts) → read cookies, query and body (core/request.ts) → static routes answer
 *   here → validate (fail closed) → request context: CSRF, callbackUrl, provider (context/) →
 *   the route's handler (actions/, account/) → web Response (core/response.ts)
 */
import { normalizeConfig } from "./config/normalize.js";
import type { NormalizedConfig } from "./config/types.js";
import { createContext, requestOrigin, type RequestContext } from "./context/request-context.js";
import { keptEmailCookie } from "./actions/signin/kept-email.js";
import { errorToInternal, type ErrorTarget } from "./core/error-response.js";
import { AUTHJS_TEXT, authjsError } from "./core/authjs-wording.js";
import { AuthError, ErrorPageLoop, InvalidCallbackUrl, MissingSecret, StoreError, UntrustedHost } from "./core/errors.js";
import { linkHostError, requestHostError } from "./core/hosts.js";
import { createLogger } from "./core/logger.js";
import {
  directTarget,
  readDirectRequest,
  readPostBody,
  readRequest,
  requestTarget,
  type BadRequest,
  type DirectRequest,
  type RequestInternal,
  type RequestTarget,
  type TooLarge,
} from "./core/request.js";
import { CONFIG_ERROR_BODY, JSON_HEADERS, jsonResponse, toResponse, toWire, type WireResponse } from "./core/response.js";
import { absolutePage, isValidCallbackUrl, withQuery } from "./core/redirect.js";
import { rateLimit } from "./ratelimit/index.js";
import { matchRoute, type Route } from "./routes/index.js";
import { createTranslator, negotiateLocale } from "../locales/index.js";
import { renderPage } from "./pages/render.js";
import { PAGE_CSS } from "./pages/styles.generated.js";
import type { AuthConfig, Awaitable, ResponseInternal } from "./types.js";
import type { raw } from "./core/markers.js";

export type ConfigInput = AuthConfig | ((request: Request) => Awaitable<AuthConfig>);

/**
 * Handles one request for Foyer's routes under `basePath` (default `/auth`).
 *
 * ```ts
 * const response = await Auth(request, { providers: [Credentials({ … })], secret: process.env.AUTH_SECRET });
 * ```
 */
export async function Auth(request: Request, config: AuthConfig & { raw: typeof raw }): Promise<ResponseInternal | Response>;
export async function Auth(request: Request, config: ConfigInput): Promise<Response>;
export async function Auth(request: Request, configInput: ConfigInput): Promise<Response | ResponseInternal> {
  return answer({ request }, configInput) as Promise<Response | ResponseInternal>;
}

/**
 * `Auth()` for a framework integration that has already decided the request's public origin (from
 * `AUTH_URL`, trusted forwarded headers or `Host`): the request is answered exactly as a copy of it
 * moved to `origin` would be, without making that copy. A GET or HEAD only: a request with a body
 * still goes through a moved copy (`withOrigin` in server/integrations/shared/origin.ts), so that
 * its body travels with it. Not part of the package's exports.
 */
export function authAtOrigin(request: Request, config: AuthConfig, origin: string): Promise<Response> {
  return answer({ request, origin }, config) as Promise<Response>;
}

/**
 * `Auth()` for a GET that a Node integration hands over without making a web `Request` of it
 * (`DirectRequest` in server/core/request.ts), answered the same way as its web form. When an action
 * answers, the answer comes back as status, headers and body text for the integration to write
 * (`toWire` in server/core/response.ts); every other answer (refusals, configuration and action
 * errors, static files, a body `toWire` does not reproduce) is the web `Response` `Auth()` gives.
 * The config must be an object without the `raw` marker. Not part of the package's exports.
 */
export function authDirect(source: DirectRequest, config: AuthConfig): Promise<Response | WireResponse> {
  return answer({ direct: source }, config) as Promise<Response | WireResponse>;
}

/**
 * `authDirect` with the `raw` marker: the internal response, for server code that reads the session
 * of a Node request without making a web `Request` of it (`readServerSessionDirect` in
 * server/integrations/shared/session.ts). An answer Foyer gives only as a web `Response` (a
 * configuration error, a refusal) comes back as one. Not part of the package's exports.
 */
export function authDirectRaw(source: DirectRequest, config: AuthConfig & { raw: typeof raw }): Promise<Response | ResponseInternal> {
  return answer({ direct: source }, config) as Promise<Response | ResponseInternal>;
}

/** A web request (at its own URL, or moved to `origin`), or a direct one. */
type Input = { request: Request; origin?: string; direct?: undefined } | { direct: DirectRequest };

async function answer(input: Input, configInput: ConfigInput): Promise<Response | ResponseInternal | WireResponse> {
  let userConfig: AuthConfig;
  try {
    userConfig = typeof configInput === "function" ? await configInput((input as { request: Request }).request) : configInput;
  } catch (error) {
    createLogger({}).error(error instanceof Error ? error : new Error(String(error)));
    return jsonResponse(500, CONFIG_ERROR_BODY);
  }
  const config = normalizeConfig(userConfig);
  const { logger } = config;

  let parsed;
  try {
    const parsing = input.direct ? parseDirect(input.direct, config) : parse(input.request, config, input.origin);
    parsed = parsing instanceof Promise ? await parsing : parsing;
  } catch (error) {
    logger.error(error as Error);
    return jsonResponse(400, "Bad request.");
  }
  if (parsed.kind === "bad-request") {
    logger.debug("request refused", { reason: parsed.reason });
    return parsed.head ? new Response(null, { status: 400, headers: { ...JSON_HEADERS } }) : jsonResponse(400, "Bad request.");
  }
  if (parsed.kind === "too-large") {
    return jsonResponse(413, { error: "PayloadTooLarge", message: `The request body is larger than ${parsed.limit} bytes.` });
  }
  const { route, req } = parsed;
  if (route.kind === "static") return route.handle(req, route.segments, config);

  logger.debug("request", { method: req.method, action: req.action, provider: req.providerId });
  const returnRedirect = Boolean(req.header("x-auth-return-redirect"));
  const target: ErrorTarget = {
    origin: requestOrigin(config, req.url),
    basePath: config.basePath === "/" ? "" : config.basePath,
    pages: config.pages,
  };

  const configError = firstConfigProblem(config, req);
  if (configError) {
    logger.error(configError);
    // The request's own origin is not to be trusted: a custom error page is reached by a relative URL.
    if (configError instanceof UntrustedHost && !config.envOrigin) target.origin = "";
    return configErrorResponse(config, req, target);
  }

  let ctx: RequestContext | undefined;
  try {
    // Counted before anything looks the identifier up: a refusal says nothing about the account.
    const limit = await rateLimit(config, req, target, returnRedirect);
    if (limit.refusal) return config.raw ? limit.refusal : toResponse(limit.refusal, returnRedirect);
    ctx = await createContext(config, req);
    const internal = await route.handle(ctx, route.segments);
    if (limit.settle) await limit.settle(internal);
    // The public provider list sets no cookies, so that caches may keep it (as Auth.js).
    const initCookies = req.action === "providers" ? [] : ctx.initCookies;
    internal.cookies = internal.cookies?.length ? [...initCookies, ...internal.cookies] : initCookies;
    if (config.raw) return internal;
    // A direct request's answer goes on the wire without a Response where `toWire` can say it exactly.
    return (input.direct && toWire(internal, returnRedirect)) || toResponse(internal, returnRedirect);
  } catch (error) {
    // A store failure was logged by the store itself, once per outage (stores/guarded.ts).
    if (!(error instanceof StoreError)) logger.error(error instanceof Error ? error : new Error(String(error)));
    if (config.raw && error instanceof AuthError && !returnRedirect) throw error;
    const isSessionPost = req.action === "session" && req.method === "POST";
    // The error path answers without cookies, as Auth.js does (docs/compatibility.md#quirks-kept-on-purpose),
    // except one for a form post's failed credentials sign-in: the address it typed, for the page it lands on.
    const internal = errorToInternal(error, target, isSessionPost);
    const kept = ctx && !returnRedirect ? await keptEmailCookie(ctx, error) : undefined;
    if (kept) internal.cookies = [kept];
    return toResponse(internal, returnRedirect);
  }
}

/** The request's route and the request parsed for it, or why it is refused. */
type Parsed = { kind: "routed"; route: Route; req: RequestInternal } | BadRequest | TooLarge;

/** A GET is parsed without waiting for anything; only a POST has a body to read. */
function parse(request: Request, config: NormalizedConfig, origin: string | undefined): Parsed | Promise<Parsed> {
  const target = requestTarget(request, config.basePath, origin);
  if (target.kind !== "target") return target;
  const route = matchRoute(target);
  if (route.kind === "bad-request") return route;
  if (target.method === "POST") return parseWithBody(request, config, target, route);
  return { kind: "routed", route, req: readRequest(request, target, route) };
}

/** `parse` for a direct GET: the same route table, no body. */
function parseDirect(source: DirectRequest, config: NormalizedConfig): Parsed {
  const target = directTarget(source, config.basePath);
  if (target.kind !== "target") return target;
  const route = matchRoute(target);
  if (route.kind === "bad-request") return route;
  return { kind: "routed", route, req: readDirectRequest(source, target, route) };
}

async function parseWithBody(request: Request, config: NormalizedConfig, target: RequestTarget, route: Route): Promise<Parsed> {
  const read = await readPostBody(request, route, config.maxBodySize);
  if ("kind" in read) return read;
  return { kind: "routed", route, req: readRequest(request, target, route, read.fields) };
}

/**
 * The first reason not to answer this request, in Auth.js's order where Auth.js checks the same thing:
 * host trust, the secret, the callback URL in the query, then the rest of the configuration rules
 * (config/rules.ts). Foyer's own host checks (`allowedHosts`, loopback only outside production, the
 * stricter rule for e-mailed links) come last: Auth.js has no counterpart whose order could differ.
 */
function firstConfigProblem(config: NormalizedConfig, req: RequestInternal): AuthError | undefined {
  if (!config.trustHost) {
    const detail = "Set AUTH_URL to the public URL of the app, or AUTH_TRUST_HOST=true when a trusted proxy sets the Host header.";
    return authjsError(UntrustedHost, AUTHJS_TEXT.untrustedHost(req.url), detail);
  }
  if (config.error instanceof MissingSecret) return config.error;
  const callbackUrl = req.query.callbackUrl;
  if (callbackUrl !== undefined && !isValidCallbackUrl(callbackUrl, requestOrigin(config, req.url))) {
    // Auth.js prints the value as received; a very long one is cut (Foyer refuses over 4096 characters).
    return authjsError(InvalidCallbackUrl, AUTHJS_TEXT.invalidCallbackUrl(callbackUrl.length > 512 ? `${callbackUrl.slice(0, 512)}…` : callbackUrl));
  }
  if (config.error) return config.error;
  return requestHostError(config.hosts, req.url) ?? (sendsEmailLink(config, req) ? linkHostError(config.hosts, req.url) : undefined);
}

/**
 * An e-mail sign-in request: the one answer whose URL leaves the request (in an e-mail to someone
 * else), so it is checked before the action stores or sends anything.
 */
function sendsEmailLink(config: NormalizedConfig, req: RequestInternal): boolean {
  return req.method === "POST" && req.action === "signin" && req.providerId !== undefined && config.providerById.get(req.providerId)?.type === "email";
}

const HTML_ACTIONS = new Set(["signin", "signout", "error", "verify-request"]);

/**
 * How a config error is answered, as Auth.js answers it: page GETs go to the error page (a custom one by
 * redirect, unless that would loop); everything else gets the generic 500 JSON. Never details.
 */
function configErrorResponse(config: NormalizedConfig, req: RequestInternal, target: ErrorTarget): Response {
  if (req.method === "GET" && HTML_ACTIONS.has(req.action) && config.pages.error) {
    const errorPage = target.origin ? absolutePage(config.pages.error, target.origin) : config.pages.error;
    const callbackUrl = req.query.callbackUrl;
    const loops = callbackUrl !== undefined && (callbackUrl.startsWith(config.pages.error) || callbackUrl.startsWith(errorPage));
    if (!loops) return toResponse({ redirect: withQuery(errorPage, { error: "Configuration" }) }, false);
    config.logger.error(
      authjsError(
        ErrorPageLoop,
        AUTHJS_TEXT.errorPageLoop(config.pages.error),
        "The failing request's callbackUrl is the custom error page itself; answering with the built-in error page instead.",
      ),
    );
  }
  if (req.method === "GET" && HTML_ACTIONS.has(req.action)) return toResponse(configurationErrorPage(req, target), false);
  return jsonResponse(500, CONFIG_ERROR_BODY);
}

/**
 * The built-in "Server error" page for a config that failed validation. It uses Foyer's default theme
 * and messages only: the failing config's own theme or messages may be what is broken.
 */
function configurationErrorPage(req: RequestInternal, target: ErrorTarget): ResponseInternal {
  const locale = negotiateLocale({ query: req.query.lang, acceptLanguage: req.header("accept-language") });
  const { t, dir } = createTranslator(locale);
  const authUrl = target.origin + target.basePath;
  const page = {
    t,
    dir,
    locale,
    theme: { colorScheme: "auto" as const },
    origin: target.origin,
    authUrl,
    csrfToken: "",
    callbackUrl: target.origin,
    signinUrl: `${authUrl}/signin`,
  };
  return renderPage(page, { page: "error", error: "Configuration" }, { css: PAGE_CSS });
}
