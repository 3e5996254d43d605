/**
 * Loads the customisation code (./customization.ts) once per page, for every element: the first
 * element that needs another language, message overrides or a `Theme` object starts the load, the
 * others share it. If it cannot be loaded (a bundle served without its companion file, say), the
 * elements stay in English with the default look; the failure is reported once and never retried.
 */
import { importCustomization, type Customization } from "./customization-import.js";

export type { Customization };

/** The module once loaded; `undefined` before (or when it failed). */
export let customization: Customization | undefined;
let loading: Promise<Customization | undefined> | undefined;

/** The customisation module, loading it from the Foyer at `basePath` the first time. Never rejects. */
export function loadCustomization(basePath: string): Promise<Customization | undefined> {
  return (loading ??= importCustomization(basePath).then(
    (module) => (customization = module),
    (error: unknown) => {
      console.warn(`foyer-auth: language and theme code could not be loaded from ${basePath}`, error);
      return undefined;
    },
  ));
}
