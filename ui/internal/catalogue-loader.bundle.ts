/**
 * Loads a built-in catalogue other than English in the self-contained bundles of dist/browser/
 * (scripts/build-elements.mjs uses this module in place of ./catalogue-loader.ts): one small JSON
 * file from Foyer's own origin, `{basePath}/assets/locales/<tag>.<hash>.json`, which Foyer serves
 * with a year-long immutable cache (server/pages/assets.ts). Nothing is fetched from anywhere else
 * (no third-party host ever).
 *
 * The file names are written into the bundle when it is built (`__FOYER_CATALOGUES__`, from the
 * same build that writes dist/browser/locales/), so the bundle asks for exactly the catalogues built
 * with it, in one request each. A bundle served with catalogues of another build gets 404s and
 * stays in English. Function terms are string templates in JSON (`"Mit {0} anmelden"`); the
 * translator fills them in.
 */
import type { Catalogues } from "../../locales/translator.js";
import { normalizeBasePath } from "../client/options.js";

/** Tag → file name in `{basePath}/assets/locales/`, e.g. `{ de: "de.0123456789.json" }`; set by the build. */
declare const __FOYER_CATALOGUES__: Readonly<Record<string, string>>;

/**
 * The catalogue for `tag` (a lower-case tag), or `undefined` when there is none.
 * @param basePath Where Foyer is mounted on this origin (the element's `base-path`).
 */
export function importCatalogue(tag: string, basePath: string): Promise<Catalogues[string]> | undefined {
  const files = __FOYER_CATALOGUES__;
  if (!Object.hasOwn(files, tag)) return undefined;
  return fetch(`${normalizeBasePath(basePath)}/assets/locales/${files[tag]}`).then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.json() as Promise<Catalogues[string]>;
  });
}
