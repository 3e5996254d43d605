/**
 * `GET /session` (read) and `POST /session` (update, CSRF required), for either session strategy.
 * Both answer the session JSON or `null`; a failed CSRF check on the update answers `400 null`.
 */
import type { RequestContext } from "../context/request-context.js";
import { requireCsrf } from "../context/guards.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";

export function sessionAction(ctx: RequestContext): Promise<ResponseInternal> {
  const sessions = sessionStrategyOf(ctx.config);
  if (ctx.req.method === "POST") {
    requireCsrf(ctx);
    return sessions.read(ctx, { data: ctx.req.body?.data });
  }
  return sessions.read(ctx);
}
