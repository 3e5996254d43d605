/** `GET {basePath}/assets/<path>`: Foyer's own static files (provider logos, later the client script). */
import { ASSET_HEADERS, findAsset } from "../pages/assets.js";
import { jsonResponse } from "../core/response.js";
import type { FoyerRouteHandler } from "./index.js";

export const assetsRoute: FoyerRouteHandler = async (request) => {
  if (request.request.method !== "GET") return jsonResponse(405, { error: "MethodNotAllowed", message: "Assets are read with GET." }, { Allow: "GET" });
  const asset = findAsset(request.segments.join("/"));
  if (!asset) return jsonResponse(404, { error: "NotFound", message: "No such asset." });
  return new Response(asset.body, { status: 200, headers: { "Content-Type": asset.contentType, ...ASSET_HEADERS } });
};
