/**
 * `POST {basePath}/signin[/<id>]` (wire §8.1). One handler per provider kind whose sign-in starts
 * here (e-mail, OAuth, OIDC). Credentials and WebAuthn sign in through the
 * callback action, so for them — and without a provider — this sends the browser to the sign-in page.
 */
import type { RequestContext } from "../../context/request-context.js";
import { requireCsrf } from "../../context/guards.js";
import type { ResponseInternal } from "../../types.js";
import { emailSignin } from "./email.js";
import { oauthSignin } from "./oauth.js";

type SigninHandler = (ctx: RequestContext) => Promise<ResponseInternal>;

const HANDLERS: Partial<Record<string, SigninHandler>> = {
  email: emailSignin,
  oauth: oauthSignin,
  oidc: oauthSignin,
};

export async function signinAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  const type = ctx.provider?.type;
  const handler = type && Object.hasOwn(HANDLERS, type) ? HANDLERS[type] : undefined;
  if (handler) return handler(ctx);
  return { redirect: `${ctx.authUrl}/signin` };
}
