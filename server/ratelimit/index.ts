/**
 * The rate limit of one request (docs/rate-limits.md): counted in the shared store per client address
 * and per identifier before the route runs, answered with `429` and `Retry-After` when over. A store
 * that fails throws its `StoreError`, and `Auth()` refuses the request (fail closed: never a sign-in
 * that was not counted).
 */
import type { NormalizedConfig } from "../config/types.js";
import type { ErrorTarget } from "../core/error-response.js";
import { absolutePage, withQuery } from "../core/redirect.js";
import type { RequestInternal } from "../core/request.js";
import type { ResponseInternal } from "../types.js";
import { consume, forgive } from "./counter.js";
import { subjectsOf } from "./subjects.js";

/** What counting a request decided: the `429` to answer with, or what to do when it succeeds. */
export interface RateLimitOutcome {
  refusal?: ResponseInternal;
  /** For a credentials sign-in: call with the route's answer; a sign-in that set a session forgets the identifier's count. */
  settle?: (answer: ResponseInternal) => Promise<void>;
}

const NOTHING: RateLimitOutcome = {};

/** Counts `req` against its limits: a refusal when it is over one. */
export async function rateLimit(config: NormalizedConfig, req: RequestInternal, target: ErrorTarget, returnRedirect: boolean): Promise<RateLimitOutcome> {
  const limits = config.rateLimits;
  if (!limits) return NOTHING;
  const subjects = subjectsOf(config, limits, req);
  if (!subjects) return NOTHING;
  const route = limits.routes[subjects.limit]!;
  const { limit, address, identifier, byIdentifier } = subjects;
  let waitMs = 0;
  let scope: "address" | "identifier" = "address";
  if (route.perAddress && !address && !limits.warnedNoAddress) {
    limits.warnedNoAddress = true;
    config.logger.warn("rate-limit-no-address");
  }
  if (route.perAddress && address) waitMs = await consume(config.store, `${limit}:a:${address}`, route.perAddress);
  // With no identifier, the request counts under the empty one: leaving a field out is no way around it.
  if (!waitMs && route.perIdentifier && byIdentifier) {
    waitMs = await consume(config.store, `${limit}:i:${identifier ?? ""}`, route.perIdentifier);
    scope = "identifier";
  }
  if (!waitMs) {
    const rule = route.perIdentifier;
    if (limit !== "credentials" || !rule) return NOTHING;
    const subject = `${limit}:i:${identifier ?? ""}`;
    return { settle: (answer) => (setsSession(config, answer) ? forgive(config.store, subject, rule) : Promise.resolve()) };
  }
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  config.logger.debug("rate limited", { limit, scope });
  await config.events.rateLimited({ limit, scope, address, retryAfter });
  return { refusal: refusal(req, target, retryAfter, returnRedirect) };
}

/** Whether `answer` sets a session cookie (a sign-in that worked). */
function setsSession(config: NormalizedConfig, answer: ResponseInternal): boolean {
  const names = [config.cookies.secure.sessionToken.name, config.cookies.plain.sessionToken.name];
  return (answer.cookies ?? []).some((cookie) => cookie.value !== "" && names.some((name) => cookie.name === name || cookie.name.startsWith(`${name}.`)));
}

/**
 * The `429`. Requests made by scripts (the client's `X-Auth-Return-Redirect`, JSON routes) get JSON
 * with the page URL a redirect would have gone to; a plain form post gets a tiny page that moves on to
 * the sign-in page with `?error=RateLimited`, so the browser shows the localised message.
 */
function refusal(req: RequestInternal, target: ErrorTarget, retryAfter: number, returnRedirect: boolean): ResponseInternal {
  const signIn = target.pages.signIn ?? `${target.basePath}/signin`;
  const url = withQuery(absolutePage(signIn, target.origin), { error: "RateLimited" });
  const headers = { "Retry-After": String(retryAfter), "Cache-Control": "private, no-cache, no-store", Expires: "0" };
  const form = req.method === "POST" && !returnRedirect && req.action !== "session" && !/json/i.test(req.header("content-type") ?? "");
  if (!form) {
    return {
      status: 429,
      headers: { ...headers, "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" },
      body: { error: "RateLimited", url, retryAfter },
    };
  }
  const href = escapeHtml(url);
  return {
    status: 429,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'", "X-Content-Type-Options": "nosniff" },
    body: `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>429</title><a href="${href}">RateLimited</a>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
