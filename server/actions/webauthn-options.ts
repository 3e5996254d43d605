/**
 * `GET {basePath}/webauthn-options/<id>`. No provider of this version of Foyer is a WebAuthn
 * provider (config validation refuses them), so a request here names an unknown provider and has
 * already been answered by the provider lookup. The passkey issue replaces this with the real action.
 */
import type { RequestContext } from "../core/context.js";
import { InvalidProvider } from "../core/errors.js";
import type { ResponseInternal } from "../types.js";

export function webauthnOptionsAction(ctx: RequestContext): ResponseInternal {
  throw new InvalidProvider(`Provider "${ctx.provider?.id ?? ""}" is not a WebAuthn provider`);
}
