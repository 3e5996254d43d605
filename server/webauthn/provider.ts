/**
 * The WebAuthn provider of a request, complete. Configs may hold a bare `{ id, name, type: "webauthn" }`
 * object (Auth.js allows it, and tests use it), so every default the factory would have set is filled
 * in here rather than assumed.
 */
import type { RequestContext } from "../context/request-context.js";
import { InvalidProvider } from "../core/errors.js";
import { defaultFormFields, defaultRelyingParty, defaultUserInfo, type WebAuthnConfig, type WebAuthnRequest } from "../providers/webauthn.js";

/** The request's provider as a WebAuthn provider with every default in place; throws for another kind. */
export function webauthnProviderOf(ctx: RequestContext): WebAuthnConfig {
  const provider = ctx.provider;
  if (!provider || provider.type !== "webauthn") throw new InvalidProvider(`Provider "${provider?.id ?? ""}" is not a WebAuthn provider`);
  const given = provider as Partial<WebAuthnConfig> & { id: string; name: string };
  return {
    ...given,
    type: "webauthn",
    enableConditionalUI: given.enableConditionalUI ?? true,
    formFields: given.formFields ?? defaultFormFields(),
    getRelayingParty: typeof given.getRelayingParty === "function" ? given.getRelayingParty : defaultRelyingParty,
    getUserInfo: typeof given.getUserInfo === "function" ? given.getUserInfo : defaultUserInfo,
  };
}

/** The request as the provider's hooks see it: on the public origin (`AUTH_URL`'s when set). */
export function hookRequest(ctx: RequestContext): WebAuthnRequest {
  const url = new URL(`${ctx.req.url.pathname}${ctx.req.url.search}`, ctx.origin);
  return { url, method: ctx.req.method, headers: ctx.req.headers, query: ctx.req.query, body: ctx.req.body };
}
