/**
 * `GET|POST {basePath}/callback/<id>`: where providers send users back (wire §9). One handler per
 * provider kind; kinds join this table as they are built.
 */
import type { RequestContext } from "../../context/request-context.js";
import { AuthError, CallbackRouteError, InvalidProvider } from "../../core/errors.js";
import type { ResponseInternal } from "../../types.js";
import { credentialsCallback } from "./credentials.js";
import { emailCallback } from "./email.js";
import { oauthCallback } from "./oauth.js";
import { webauthnCallback } from "./webauthn.js";

type CallbackHandler = (ctx: RequestContext) => Promise<ResponseInternal>;

const HANDLERS: Record<string, CallbackHandler> = {
  credentials: credentialsCallback,
  email: emailCallback,
  oauth: oauthCallback,
  oidc: oauthCallback,
  webauthn: webauthnCallback,
};

export async function callbackAction(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.provider;
  if (!provider) throw new InvalidProvider("Callback route called without provider");
  const handler = Object.hasOwn(HANDLERS, provider.type) ? HANDLERS[provider.type] : undefined;
  if (!handler) throw new InvalidProvider(`Callback for provider type (${provider.type}) is not supported`);
  try {
    return await handler(ctx);
  } catch (error) {
    // Errors Foyer understands keep their type; anything else is the app's or a library's bug.
    if (error instanceof AuthError) throw error;
    throw new CallbackRouteError(`The callback for provider "${provider.id}" failed`, error as Error);
  }
}
