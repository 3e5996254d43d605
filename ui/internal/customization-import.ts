/**
 * Imports ./customization.ts in the package and in foyer-elements.js (where the build inlines it).
 * scripts/build-elements.mjs swaps in ./customization-import.bundle.ts for the bundles that fetch it
 * from Foyer instead.
 */
import type * as CustomizationModule from "./customization.js";

export type Customization = typeof CustomizationModule;

export function importCustomization(_basePath: string): Promise<Customization> {
  return import("./customization.js");
}
