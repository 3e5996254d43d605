/**
 * The route table: every path under `basePath` and the handler that answers it. The nine Auth.js
 * actions (`/{action}[/{providerId}]`, by method) and Foyer's two areas, `/assets/…` (static files)
 * and `/account/…` (JSON account management). These two prefixes are Foyer's only additions to the
 * URL space; any other path is answered exactly as Auth.js answers it.
 *
 * A route is one of two kinds:
 * - `static`: answered from the request alone, before the configuration checks (the assets);
 * - `context`: answered after the configuration checks, with the request context (CSRF state, the
 *   callback URL, the provider). A known action asked with a method it does not take is such a route
 *   too: it fails with `UnknownAction` after the checks, as Auth.js does.
 */
import { callbackAction } from "../actions/callback/index.js";
import { csrfAction } from "../actions/csrf.js";
import { pageAction } from "../actions/pages.js";
import { providersAction } from "../actions/providers.js";
import { sessionAction } from "../actions/session.js";
import { signinAction } from "../actions/signin/index.js";
import { signoutAction } from "../actions/signout.js";
import { webauthnOptionsAction } from "../actions/webauthn-options.js";
import { AUTHJS_TEXT, authjsError } from "../core/authjs-wording.js";
import type { NormalizedConfig } from "../config/types.js";
import type { RequestContext } from "../context/request-context.js";
import { isAuthAction } from "../core/env.js";
import { UnknownAction } from "../core/errors.js";
import { FORM, JSON_TYPE } from "../core/media-type.js";
import type { BadRequest, FoyerArea, RequestInternal, RequestTarget, RouteTarget } from "../core/request.js";
import type { AuthAction, ResponseInternal } from "../types.js";
import { accountRoute } from "./account.js";
import { assetsRoute } from "./assets.js";

/** Answers from the request alone; `segments` are the path segments after the area. */
export type StaticHandler = (req: RequestInternal, segments: string[], config: NormalizedConfig) => Promise<Response>;
/** Answers with the request context; `segments` are the path segments after the area (none for actions). */
export type ContextHandler = (ctx: RequestContext, segments: string[]) => ResponseInternal | Promise<ResponseInternal>;

export type Route = RouteTarget & { segments: string[] } & ({ kind: "static"; handle: StaticHandler } | { kind: "context"; handle: ContextHandler });

/** Auth.js's actions take a form or JSON (forms from the pages, JSON from clients), as Auth.js does. */
const ACTION_BODY_TYPES: ReadonlySet<string> = new Set([FORM, JSON_TYPE]);
/**
 * Foyer's own routes take JSON only: a form is what any other site can post cross-site, JSON needs a
 * CORS preflight first. The CSRF token is checked either way.
 */
const FOYER_BODY_TYPES: ReadonlySet<string> = new Set([JSON_TYPE]);
/** The account page's forms (`{basePath}/account/form/…`): forms only, so the JSON routes stay JSON-only. */
const ACCOUNT_FORM_BODY_TYPES: ReadonlySet<string> = new Set([FORM]);

/** GET takes all nine actions; POST takes callback, session, signin and signout. */
const ACTIONS: Record<AuthAction, { GET: ContextHandler; POST?: ContextHandler }> = {
  callback: { GET: callbackAction, POST: callbackAction },
  csrf: { GET: csrfAction },
  error: { GET: pageAction },
  providers: { GET: providersAction },
  session: { GET: sessionAction, POST: sessionAction },
  signin: { GET: signinPage, POST: signinAction },
  signout: { GET: pageAction, POST: signoutAction },
  "verify-request": { GET: pageAction },
  "webauthn-options": { GET: webauthnOptionsAction },
};

/** The actions whose path may name a provider. */
const PROVIDER_ACTIONS: ReadonlySet<string> = new Set<AuthAction>(["signin", "callback", "webauthn-options"]);

const AREAS: Record<FoyerArea, { kind: "static"; handle: StaticHandler } | { kind: "context"; handle: ContextHandler }> = {
  assets: { kind: "static", handle: assetsRoute },
  account: { kind: "context", handle: accountRoute },
};

/** The route of a request's method and path, or why the request is refused (a 400, as Auth.js answers). */
export function matchRoute(target: RequestTarget): Route | BadRequest {
  const [first, second] = target.segments as [string, string | undefined];
  if (Object.hasOwn(AREAS, first)) {
    const area = first as FoyerArea;
    // The account page's HTML forms (`/account/form/…`) post forms; their CSRF token is checked as on the sign-out page.
    const bodyTypes = area === "account" && second === "form" ? ACCOUNT_FORM_BODY_TYPES : FOYER_BODY_TYPES;
    return { action: area, bodyTypes, segments: target.segments.slice(1), ...AREAS[area] };
  }
  if (target.segments.length > 2) return { kind: "bad-request", reason: "Too many path segments", head: false };
  if (!isAuthAction(first)) return { kind: "bad-request", reason: `Unknown action ${first}`, head: false };
  if (second !== undefined && !PROVIDER_ACTIONS.has(first)) return { kind: "bad-request", reason: `Action ${first} takes no provider`, head: false };
  const route = ACTION_ROUTES[target.method][first];
  return second === undefined || second === "undefined" ? route : { ...route, providerId: second };
}

/** The action routes without a provider, made once: most requests (session, csrf, pages) use them as they are. */
const ACTION_ROUTES = {
  GET: actionRoutes("GET"),
  POST: actionRoutes("POST"),
};

function actionRoutes(method: "GET" | "POST"): Record<AuthAction, Route> {
  const routes = {} as Record<AuthAction, Route>;
  for (const [action, handlers] of Object.entries(ACTIONS) as [AuthAction, (typeof ACTIONS)[AuthAction]][]) {
    routes[action] = { kind: "context", handle: handlers[method] ?? unknownAction, action, bodyTypes: ACTION_BODY_TYPES, segments: [] };
  }
  return routes;
}

/** `GET /signin` shows the sign-in page; `GET /signin/<provider>` is not an action. */
function signinPage(ctx: RequestContext): ResponseInternal | Promise<ResponseInternal> {
  if (ctx.req.providerId !== undefined) throw authjsError(UnknownAction, AUTHJS_TEXT.unsupportedAction);
  return pageAction(ctx);
}

function unknownAction(ctx: RequestContext): never {
  throw authjsError(UnknownAction, AUTHJS_TEXT.cannotHandleAction(ctx.req.action));
}
