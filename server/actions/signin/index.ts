/**
 * `POST {basePath}/signin[/<id>]`. One handler per provider kind whose sign-in starts
 * here (e-mail, OAuth, OIDC). Credentials and WebAuthn sign in through the
 * callback action, so for them — and without a provider — this sends the browser to the sign-in page.
 */
import type { RequestContext } from "../../context/request-context.js";
import { requireCsrf } from "../../context/guards.js";
import type { ResponseInternal } from "../../types.js";
import { emailSignin } from "./email.js";
import { oauthSignin } from "./oauth.js";

export async function signinAction(ctx: RequestContext): Promise<ResponseInternal> {
  requireCsrf(ctx);
  const provider = ctx.provider;
  switch (provider?.type) {
    case "email":
      return emailSignin(ctx, provider);
    case "oauth":
    case "oidc":
      return oauthSignin(ctx, provider);
    default:
      return { redirect: `${ctx.authUrl}/signin` };
  }
}
