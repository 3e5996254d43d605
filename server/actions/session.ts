/** `GET /session` (read) and `POST /session` (update, CSRF required) — wire §6, for either strategy. */
import type { RequestContext } from "../context/request-context.js";
import { requireCsrf } from "../context/guards.js";
import { readCookieSession } from "../session/cookie-session.js";
import { readDatabaseSession } from "../session/database-session.js";
import type { ResponseInternal } from "../types.js";

export function sessionAction(ctx: RequestContext): Promise<ResponseInternal> {
  const read = ctx.config.session.strategy === "database" ? readDatabaseSession : readCookieSession;
  if (ctx.req.method === "POST") {
    requireCsrf(ctx);
    return read(ctx, { data: ctx.req.body?.data });
  }
  return read(ctx);
}
