/** `GET {basePath}/csrf`: the CSRF token for forms and fetches (double-submit, as Auth.js). */
import type { RequestContext } from "../context/request-context.js";
import { deletionCookie } from "../cookies/defaults.js";
import { NO_CACHE_HEADERS } from "../core/response.js";
import type { ResponseInternal } from "../types.js";

export function csrfAction(ctx: RequestContext): ResponseInternal {
  if (ctx.config.skipCSRFCheck) {
    ctx.logger.warn("csrf-disabled");
    return { status: 404, cookies: [deletionCookie(ctx.cookies.csrfToken)] };
  }
  return { status: 200, headers: { ...NO_CACHE_HEADERS }, body: { csrfToken: ctx.csrf.token } };
}
