/**
 * `POST {basePath}/signin[/<id>]` (wire §8.1). One handler per provider kind whose sign-in starts
 * here (e-mail today; OAuth/OIDC with their issue). Credentials and WebAuthn sign in through the
 * callback action, so for them — and without a provider — this sends the browser to the sign-in page.
 */
import type { RequestContext } from "../../core/context.js";
import { InvalidProvider } from "../../core/errors.js";
import { requireCsrf } from "../../core/guards.js";
import type { ResponseInternal } from "../../types.js";
import { emailSignin } from "./email.js";

type SigninHandler = (ctx: RequestContext) => Promise<ResponseInternal>;

const HANDLERS: Partial<Record<string, SigninHandler>> = {
  email: emailSignin,
};

/** Kinds whose sign-in will start here but is not built yet. */
const NOT_YET = new Set(["oauth", "oidc"]);

export async function signinAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  const type = ctx.provider?.type;
  const handler = type && Object.hasOwn(HANDLERS, type) ? HANDLERS[type] : undefined;
  if (handler) return handler(ctx);
  if (type && NOT_YET.has(type)) {
    throw new InvalidProvider(`Signing in with ${type} providers ("${ctx.provider!.id}") is not available in this version of Foyer yet.`);
  }
  return { redirect: `${ctx.authUrl}/signin` };
}
