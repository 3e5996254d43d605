/**
 * The WebAuthn provider of a request, and the request as its hooks see it. The provider's defaults
 * were filled in when the config was normalised (`server/config/providers.ts`).
 */
import type { WebAuthnProvider } from "../config/types.js";
import type { RequestContext } from "../context/request-context.js";
import { InvalidProvider } from "../core/errors.js";
import type { WebAuthnRequest } from "../providers/webauthn.js";

/** The request's provider when it is a WebAuthn provider; throws for another kind or none. */
export function webauthnProviderOf(ctx: RequestContext): WebAuthnProvider {
  const provider = ctx.provider;
  if (provider?.type !== "webauthn") throw new InvalidProvider(`Provider "${provider?.id ?? ""}" is not a WebAuthn provider`);
  return provider;
}

/** The request as the provider's hooks see it: on the public origin (`AUTH_URL`'s when set). */
export function hookRequest(ctx: RequestContext): WebAuthnRequest {
  const url = new URL(`${ctx.req.url.pathname}${ctx.req.url.search}`, ctx.origin);
  return { url, method: ctx.req.method, headers: ctx.req.headers, query: ctx.req.query, body: ctx.req.body };
}
