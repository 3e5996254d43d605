/**
 * `GET|POST {basePath}/callback/<id>`: where providers send users back. One handler per
 * provider kind; kinds join this table as they are built.
 */
import type { RequestContext } from "../../context/request-context.js";
import { AuthError, CallbackRouteError, InvalidProvider } from "../../core/errors.js";
import type { InternalProvider } from "../../config/types.js";
import type { ResponseInternal } from "../../types.js";
import { credentialsCallback } from "./credentials.js";
import { emailCallback } from "./email.js";
import { oauthCallback } from "./oauth.js";
import { webauthnCallback } from "./webauthn.js";

export async function callbackAction(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.provider;
  if (!provider) throw new InvalidProvider("Callback route called without provider");
  try {
    return await callbackOf(ctx, provider);
  } catch (error) {
    // Errors Foyer understands keep their type; anything else is the app's or a library's bug.
    if (error instanceof AuthError) throw error;
    throw new CallbackRouteError(`The callback for provider "${provider.id}" failed`, error as Error);
  }
}

/** The callback of the provider's kind. */
function callbackOf(ctx: RequestContext, provider: InternalProvider): Promise<ResponseInternal> {
  switch (provider.type) {
    case "credentials":
      return credentialsCallback(ctx, provider);
    case "email":
      return emailCallback(ctx, provider);
    case "oauth":
    case "oidc":
      return oauthCallback(ctx, provider);
    case "webauthn":
      return webauthnCallback(ctx, provider);
    default:
      throw new InvalidProvider(`Callback for provider type (${(provider as { type: string }).type}) is not supported`);
  }
}
