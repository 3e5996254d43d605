/**
 * `POST {basePath}/signin[/<id>]` (wire §8.1). Credentials (and later WebAuthn) sign in through the
 * callback action, so for them — and without a provider — this only sends the browser to the
 * sign-in page. OAuth and e-mail handlers join the table as those provider kinds are built.
 */
import type { RequestContext } from "../core/context.js";
import { InvalidProvider } from "../core/errors.js";
import { requireCsrf } from "../core/guards.js";
import type { ResponseInternal } from "../types.js";

/** Provider kinds whose sign-in starts here; none of them is built yet in this version. */
const STARTS_HERE = new Set(["oauth", "oidc", "email"]);

export function signinAction(ctx: RequestContext): ResponseInternal {
  requireCsrf(ctx);
  const type = ctx.provider?.type;
  if (type && STARTS_HERE.has(type)) {
    throw new InvalidProvider(`Signing in with ${type} providers ("${ctx.provider!.id}") is not available in this version of Foyer yet.`);
  }
  return { redirect: `${ctx.authUrl}/signin` };
}
