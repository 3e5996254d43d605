/**
 * Foyer's own routes, beside the nine Auth.js actions: static files under `{basePath}/assets/…` and
 * JSON account management under `{basePath}/account/…`. These two prefixes are the only additions
 * to the URL space. An area with no routes is answered exactly as Auth.js answers an unknown path
 * (400), so adding routes here never changes behaviour elsewhere.
 */
import type { NormalizedConfig } from "../config/types.js";
import type { RequestContext } from "../context/request-context.js";
import type { FoyerArea, FoyerRouteRequest } from "../core/request.js";
import type { ResponseInternal } from "../types.js";
import { accountRoute } from "./account.js";
import { assetsRoute } from "./assets.js";

/** Static files: answered before configuration checks, from the request alone. */
export type FoyerRouteHandler = (request: FoyerRouteRequest, config: NormalizedConfig) => Promise<Response>;
/** Routes that need the session and CSRF: answered after configuration checks, with a context. */
export type ContextRouteHandler = (ctx: RequestContext, segments: string[]) => Promise<ResponseInternal>;

export type FoyerRoute = { kind: "static"; handle: FoyerRouteHandler } | { kind: "context"; handle: ContextRouteHandler };

const ROUTES: Partial<Record<FoyerArea, FoyerRoute>> = {
  assets: { kind: "static", handle: assetsRoute },
  account: { kind: "context", handle: accountRoute },
};

export function hasFoyerRoutes(area: FoyerArea): boolean {
  return ROUTES[area] !== undefined;
}

export function foyerRoute(area: FoyerArea): FoyerRoute | undefined {
  return ROUTES[area];
}
