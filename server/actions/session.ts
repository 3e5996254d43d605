/** `GET /session` (read) and `POST /session` (update, CSRF required) — wire §6. */
import type { RequestContext } from "../core/context.js";
import { requireCsrf } from "../core/guards.js";
import { readCookieSession } from "../session/cookie-session.js";
import type { ResponseInternal } from "../types.js";

export function sessionAction(ctx: RequestContext): Promise<ResponseInternal> {
  if (ctx.req.method === "POST") {
    requireCsrf(ctx);
    return readCookieSession(ctx, { data: ctx.req.body?.data });
  }
  return readCookieSession(ctx);
}
