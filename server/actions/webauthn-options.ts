/**
 * `GET {basePath}/webauthn-options/<id>`. Passkey sign-in is not built yet: WebAuthn providers are
 * accepted so the pages can show their section and `GET /providers` can list them, but this action
 * answers with a clear, logged error (the Configuration redirect) until the passkey work replaces it.
 */
import type { RequestContext } from "../core/context.js";
import { InvalidProvider } from "../core/errors.js";
import type { ResponseInternal } from "../types.js";

export function webauthnOptionsAction(ctx: RequestContext): ResponseInternal {
  const id = ctx.provider?.id ?? "";
  if (ctx.provider?.type !== "webauthn") throw new InvalidProvider(`Provider "${id}" is not a WebAuthn provider`);
  throw new InvalidProvider(`Passkey sign-in ("${id}") is not available in this version of Foyer yet.`);
}
