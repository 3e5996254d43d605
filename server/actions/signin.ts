/**
 * `POST {basePath}/signin[/<id>]` (wire §8.1). Credentials (and later WebAuthn) sign in through the
 * callback action, so for them — and without a provider — this only sends the browser to the
 * sign-in page. OAuth and e-mail handlers join the table as those provider kinds are built.
 */
import type { RequestContext } from "../core/context.js";
import { requireCsrf } from "../core/guards.js";
import type { ResponseInternal } from "../types.js";

export function signinAction(ctx: RequestContext): ResponseInternal {
  requireCsrf(ctx);
  return { redirect: `${ctx.authUrl}/signin` };
}
