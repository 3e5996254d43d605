/**
 * `GET {basePath}/assets/<path>`: Foyer's own static files (provider logos, the web components bundle
 * and the message catalogues it loads, the sign-in page's passkey script), and `theme.json`, the
 * server's theme for the elements (server/pages/site-theme.ts).
 */
import {
  ASSET_HEADERS,
  ELEMENTS_BUNDLE_MISSING,
  elementsScriptPath,
  findAsset,
  isElementsScriptPath,
  isLocaleAssetPath,
  isPasskeyScriptPath,
  localeAssetPaths,
  LOCALES_MISSING,
  PASSKEY_BUNDLE_MISSING,
  passkeyScriptPath,
} from "../pages/assets.js";
import { matchesEtag, SITE_THEME_HEADERS, SITE_THEME_PATH, siteThemeAnswer } from "../pages/site-theme.js";
import { jsonResponse } from "../core/response.js";
import type { StaticHandler } from "./index.js";

export const assetsRoute: StaticHandler = async (req, segments, config) => {
  if (req.method !== "GET") return jsonResponse(405, { error: "MethodNotAllowed", message: "Assets are read with GET." }, { Allow: "GET" });
  const path = segments.join("/");
  if (path === SITE_THEME_PATH) {
    const { body, etag } = siteThemeAnswer(config.theme);
    const headers = { ...SITE_THEME_HEADERS, ETag: etag };
    if (matchesEtag(req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(body, { status: body === null ? 204 : 200, headers });
  }
  const asset = findAsset(path);
  if (!asset) {
    if (isElementsScriptPath(path) && elementsScriptPath() === undefined) config.logger.debug(ELEMENTS_BUNDLE_MISSING);
    if (isPasskeyScriptPath(path) && passkeyScriptPath() === undefined) config.logger.debug(PASSKEY_BUNDLE_MISSING);
    if (isLocaleAssetPath(path) && localeAssetPaths().length === 0) config.logger.debug(LOCALES_MISSING);
    return jsonResponse(404, { error: "NotFound", message: "No such asset." });
  }
  return new Response(asset.body, { status: 200, headers: { "Content-Type": asset.contentType, ...ASSET_HEADERS } });
};
