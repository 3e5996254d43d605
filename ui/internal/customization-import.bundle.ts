/**
 * Fetches the customisation code (./customization.ts) from Foyer's own origin in the bundles that
 * leave it out (`auth-signin.js`, `auth-passkey.js`; scripts/build-elements.mjs uses this module in
 * place of ./customization-import.ts): `{basePath}/assets/auth-customization.<hash>.js`, served with
 * a year-long immutable cache. Its file name is written in when the bundle is built
 * (`__FOYER_CUSTOMIZATION__`), so a bundle always asks for the file built with it.
 */
import type { Customization } from "./customization-import.js";
import { importFoyerAsset } from "./foyer-asset.js";

/** The customisation bundle's name under `{basePath}/assets/`, e.g. `auth-customization.0123456789.js`; set by the build. */
declare const __FOYER_CUSTOMIZATION__: string;

export function importCustomization(basePath: string): Promise<Customization> {
  return importFoyerAsset(basePath, __FOYER_CUSTOMIZATION__) as Promise<Customization>;
}
