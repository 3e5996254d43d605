/**
 * `GET /signin`, `/signout`, `/error`, `/verify-request`: the built-in pages, or a redirect to the
 * app's own page when one is configured (as Auth.js does, but with query strings joined
 * correctly and values URL-encoded).
 */
import type { RequestContext } from "../context/request-context.js";
import { withQuery } from "../core/redirect.js";
import { pageContext, pageLocale } from "./page-context.js";
import { renderPage, type PageRequest } from "../pages/render.js";
import { formActionSources } from "../pages/form-action.js";
import { isOAuthProvider } from "../config/providers.js";
import type { OAuthProvider } from "../config/types.js";
import { awaitsDiscovery, discoverAuthorizationEndpoint, discoveryGeneration, knownAuthorizationEndpoint } from "../oauth/client.js";
import { escapeHtml } from "../pages/document.js";
import type { ResponseInternal } from "../types.js";
import type { VerifyRequestResend } from "../pages/verify-request.js";
import { maskEmail, readEmailSent } from "./signin/email-sent.js";
import { clearKeptEmail, keptEmailCookieName, readKeptEmail } from "./signin/kept-email.js";

type PageAction = "signin" | "signout" | "error" | "verify-request";

const PAGE_OPTION: Record<PageAction, "signIn" | "signOut" | "error" | "verifyRequest"> = {
  signin: "signIn",
  signout: "signOut",
  error: "error",
  "verify-request": "verifyRequest",
};

/**
 * Rendered pages are cached per config: a page differs between visitors only in its CSRF token and
 * callback URL, so those are rendered as sentinels and substituted (escaped) per request. Requests
 * with an `email` prefill, or with unusually long `error`/`code` values, are rendered afresh.
 */
const CSRF_SENTINEL = "foyer-csrf-token-sentinel";
const CALLBACK_SENTINEL = "foyer-callback-url-sentinel";
const MAX_CACHED_PAGES = 64;
const pageCache = new WeakMap<object, Map<string, ResponseInternal<string>>>();

/** How long the sign-in page waits for a provider's discovery document (see `undiscoveredProviders`). */
const DISCOVERY_WAIT_MS = 3000;

export function pageAction(ctx: RequestContext): ResponseInternal | Promise<ResponseInternal> {
  const action = ctx.req.action as PageAction;
  const custom = ctx.config.pages[PAGE_OPTION[action]];
  if (custom) return { redirect: customPageLocation(ctx, action, custom) };
  if (action === "verify-request") return verifyRequestResponse(ctx);
  // After a failed credentials post from this page: its e-mail field keeps the address (./signin/kept-email.ts).
  if (action === "signin" && ctx.req.query.error === "CredentialsSignin" && ctx.req.cookies[keptEmailCookieName(ctx)]) return keptEmailResponse(ctx);
  const pending = action === "signin" ? undiscoveredProviders(ctx) : [];
  if (pending.length === 0) return builtInPageResponse(ctx);
  return Promise.all(pending.map((provider) => discoverAuthorizationEndpoint(provider, DISCOVERY_WAIT_MS))).then(() => builtInPageResponse(ctx));
}

/** Per config: the OAuth/OIDC providers that may need discovery, worked out on its first sign-in page. */
const discoveryCandidates = new WeakMap<object, OAuthProvider[]>();

/**
 * OAuth/OIDC providers whose authorization endpoint is still to be discovered. The sign-in page waits
 * for them (briefly, once per process and issuer) so that its `form-action` names where the buttons
 * lead; otherwise the first click after a start could be blocked by the browser. Providers with
 * explicit endpoints (most) are set aside once per config, and those discovered since drop out, so a
 * page request usually checks nothing.
 */
function undiscoveredProviders(ctx: RequestContext): OAuthProvider[] {
  let candidates = discoveryCandidates.get(ctx.config);
  if (!candidates) {
    candidates = ctx.config.providers.filter(isOAuthProvider).filter(awaitsDiscovery);
    discoveryCandidates.set(ctx.config, candidates);
  }
  if (candidates.length === 0) return candidates;
  const pending = candidates.filter(awaitsDiscovery);
  if (pending.length === 0)
    discoveryCandidates.set(
      ctx.config,
      candidates.filter((provider) => !knownAuthorizationEndpoint(provider)),
    );
  return pending;
}

/**
 * The verify-request page: with the address and a resend form for the browser that asked for the
 * link (its sealed cookie, ./signin/email-sent.ts), rendered afresh; the plain page otherwise.
 */
async function verifyRequestResponse(ctx: RequestContext): Promise<ResponseInternal> {
  const sent = await readEmailSent(ctx);
  if (!sent) return builtInPageResponse(ctx);
  const provider = ctx.config.providerById.get(sent.provider);
  const cooldown = provider?.type === "email" ? provider.resendCooldown : 0;
  const resend: VerifyRequestResend = { maskedEmail: maskEmail(sent.email), provider: sent.provider };
  // `?resend=` only picks which note to show, and only to the browser that holds the cookie.
  if (ctx.req.query.resend === "sent") resend.notice = { kind: "sent" };
  const wait = Math.ceil(sent.sent + cooldown - Date.now() / 1000);
  if (ctx.req.query.resend === "cooldown" && wait > 0) resend.notice = { kind: "cooldown", wait };
  return render(ctx, pageContext(ctx), { page: "verify-request", resend });
}

/** The sign-in page with the kept address in its e-mail field, rendered afresh; the cookie is deleted. */
async function keptEmailResponse(ctx: RequestContext): Promise<ResponseInternal> {
  const email = await readKeptEmail(ctx);
  const request = builtInPage(ctx, "signin");
  if (email && request.page === "signin") request.props.email = email;
  return { ...render(ctx, pageContext(ctx), request), cookies: [clearKeptEmail(ctx)] };
}

function builtInPageResponse(ctx: RequestContext): ResponseInternal {
  const action = ctx.req.action as PageAction;
  const locale = pageLocale(ctx);
  const { error, code, email } = ctx.req.query;
  const cacheable = email === undefined && (error ?? "").length <= 64 && (code ?? "").length <= 64;
  if (!cacheable) return render(ctx, pageContext(ctx, locale));

  let cache = pageCache.get(ctx.config);
  if (!cache) pageCache.set(ctx.config, (cache = new Map()));
  // The form-action sources depend on the callback URL's origin and on discoveries made since.
  const key = [action, ctx.origin, locale, error ?? "", code ?? "", originOf(ctx.callbackUrl), discoveryGeneration()].join("\u0000");
  let cached = cache.get(key);
  if (!cached) {
    // The translator is only needed to render: a cache hit never builds one.
    cached = render(ctx, { ...pageContext(ctx, locale), csrfToken: CSRF_SENTINEL, callbackUrl: CALLBACK_SENTINEL });
    if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value as string);
    cache.set(key, cached);
  }
  // The token is hex; the callback URL is escaped as Preact escapes attribute values.
  const body = cached.body!.replaceAll(CSRF_SENTINEL, ctx.csrf.token).replaceAll(CALLBACK_SENTINEL, escapeHtml(ctx.callbackUrl));
  return { ...cached, headers: { ...cached.headers }, body };
}

function render(ctx: RequestContext, page: ReturnType<typeof pageContext>, request = builtInPage(ctx, ctx.req.action as PageAction)): ResponseInternal<string> {
  return renderPage(page, request, {
    css: ctx.config.pageCss,
    formAction: formAction(ctx, request.page === "verify-request" && request.resend !== undefined),
    headerOverrides: ctx.config.pageHeaders,
  });
}

/** The scheme and host of an absolute URL (the resolved callback URL always is one), cheaply. */
function originOf(url: string): string {
  return /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
}

/** The page's `form-action` sources (see `formActionSources` for why each origin is there). */
function formAction(ctx: RequestContext, resendForm = false): string {
  const { config } = ctx;
  const providerUrls: (string | undefined)[] = [config.redirectProxyUrl];
  for (const provider of config.providers) {
    if (provider.type !== "oauth" && provider.type !== "oidc") continue;
    // Before discovery, the issuer's origin: the authorization endpoint's for nearly every provider.
    providerUrls.push(knownAuthorizationEndpoint(provider), provider.issuer, provider.wellKnown);
  }
  return formActionSources({
    page: ctx.req.action as PageAction,
    authUrl: ctx.authUrl,
    callbackUrl: ctx.callbackUrl,
    customPages: [config.pages.signIn, config.pages.error, config.pages.verifyRequest],
    providerUrls,
    resendForm,
  });
}

/** Only named query keys are read (never spread over the page: R-REQ-14). */
function builtInPage(ctx: RequestContext, action: PageAction): PageRequest {
  const { query } = ctx.req;
  switch (action) {
    case "signin":
      return { page: "signin", props: { providers: ctx.config.pageProviders, error: query.error, code: query.code, email: query.email } };
    case "signout":
      return { page: "signout" };
    case "error":
      return { page: "error", error: query.error };
    case "verify-request":
      return { page: "verify-request" };
  }
}

function customPageLocation(ctx: RequestContext, action: PageAction, page: string): string {
  const { query } = ctx.req;
  switch (action) {
    case "signin":
      return withQuery(page, { callbackUrl: ctx.callbackUrl || "/", error: query.error, code: query.code });
    case "error":
      return withQuery(page, { error: query.error });
    case "verify-request":
      return withQuery(page, { ...query });
    case "signout":
      return page;
  }
}
