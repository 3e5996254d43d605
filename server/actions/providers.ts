/** `GET {basePath}/providers`: the client-safe description of every provider, keyed by id (wire §14.1). */
import type { RequestContext } from "../core/context.js";
import { JSON_HEADERS } from "../core/response.js";
import type { ProviderType, PublicProvider, ResponseInternal } from "../types.js";

export function providersAction(ctx: RequestContext): ResponseInternal<Record<string, PublicProvider>> {
  const body: Record<string, PublicProvider> = {};
  for (const provider of ctx.config.providers) {
    body[provider.id] = {
      id: provider.id,
      name: provider.name,
      type: provider.type as ProviderType,
      signinUrl: `${ctx.authUrl}/signin/${provider.id}`,
      callbackUrl: `${ctx.authUrl}/callback/${provider.id}`,
    };
  }
  return { status: 200, headers: { ...JSON_HEADERS }, body };
}
