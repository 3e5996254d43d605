/**
 * Which action answers which request (wire §1.2). GET takes all nine actions; POST takes
 * callback, session, signin and signout. Any other pair is an `UnknownAction`.
 */
import type { RequestContext } from "../context/request-context.js";
import { UnknownAction } from "../core/errors.js";
import type { AuthAction, ResponseInternal } from "../types.js";
import { callbackAction } from "./callback/index.js";
import { csrfAction } from "./csrf.js";
import { pageAction } from "./pages.js";
import { providersAction } from "./providers.js";
import { sessionAction } from "./session.js";
import { signinAction } from "./signin/index.js";
import { signoutAction } from "./signout.js";
import { webauthnOptionsAction } from "./webauthn-options.js";

type Action = (ctx: RequestContext) => ResponseInternal | Promise<ResponseInternal>;

const GET: Record<AuthAction, Action> = {
  callback: callbackAction,
  csrf: csrfAction,
  error: pageAction,
  providers: providersAction,
  session: sessionAction,
  signin: (ctx) => {
    if (ctx.req.providerId !== undefined) throw new UnknownAction("Unsupported action");
    return pageAction(ctx);
  },
  signout: pageAction,
  "verify-request": pageAction,
  "webauthn-options": webauthnOptionsAction,
};

const POST: Partial<Record<AuthAction, Action>> = {
  callback: callbackAction,
  session: sessionAction,
  signin: signinAction,
  signout: signoutAction,
};

export function runAction(ctx: RequestContext): ResponseInternal | Promise<ResponseInternal> {
  const table = ctx.req.method === "POST" ? POST : GET;
  const action = table[ctx.req.action as AuthAction];
  if (!action) throw new UnknownAction(`Cannot handle action: ${ctx.req.action}`);
  return action(ctx);
}
