/**
 * Foyer's own routes, beside the nine Auth.js actions: static files under `{basePath}/assets/…` and
 * JSON account management under `{basePath}/account/…`. These two prefixes are the only additions
 * to the URL space. An area with no routes is answered exactly as Auth.js answers an unknown path
 * (400), so adding routes here never changes behaviour elsewhere.
 */
import type { NormalizedConfig } from "../core/config.js";
import type { FoyerArea, FoyerRouteRequest } from "../core/request.js";
import { assetsRoute } from "./assets.js";

export type FoyerRouteHandler = (request: FoyerRouteRequest, config: NormalizedConfig) => Promise<Response>;

/** Handlers by area. The adapters issue adds `account`. */
const ROUTES: Partial<Record<FoyerArea, FoyerRouteHandler>> = {
  assets: assetsRoute,
};

export function hasFoyerRoutes(area: FoyerArea): boolean {
  return ROUTES[area] !== undefined;
}

export function foyerRoute(area: FoyerArea): FoyerRouteHandler | undefined {
  return ROUTES[area];
}
