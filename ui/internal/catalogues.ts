/**
 * The message catalogues the elements have (docs/elements.md#localisation): English from the start, the others
 * loaded on first use and kept for the page's lifetime. One load per catalogue, shared by every
 * element; a catalogue that cannot be loaded is not asked for again, and English (or whatever the
 * overrides give) stays in use.
 *
 * Where the others come from is ./catalogue-loader.ts: the modules next to this one when the
 * elements are used from the package (an app's bundler makes them separate chunks), and JSON
 * files served by Foyer itself under `{basePath}/assets/locales/` in the self-contained bundles of
 * dist/browser/ (scripts/build-elements.mjs swaps in ./catalogue-loader.bundle.ts).
 */
import en from "../../locales/en.js";
import { languageOf, normalizeTag, type Catalogues } from "../../locales/translator.js";
import { importCatalogue } from "./catalogue-loader.js";

const loaded: Record<string, Catalogues[string]> = { en };
/** Tag → its load while it runs; `null` once it failed, or when there is no such catalogue (never asked again). */
const pending = new Map<string, Promise<void> | null>();

/** The catalogues loaded so far, by lower-case tag. A new object after every load. */
export let catalogues: Catalogues = { ...loaded };

/**
 * Starts loading what `lang` needs (its own tag and its language, where such catalogues exist)
 * from the Foyer at `basePath`. Returns a promise that settles once every started load has, or
 * `undefined` when there is nothing to wait for.
 */
export function loadCatalogues(lang: string, basePath: string): Promise<void> | undefined {
  const tag = normalizeTag(lang)?.toLowerCase();
  const waits: Promise<void>[] = [];
  for (const wanted of tag ? new Set([tag, languageOf(tag)]) : []) {
    if (Object.hasOwn(loaded, wanted)) continue;
    let load = pending.get(wanted);
    if (load === undefined) {
      load =
        importCatalogue(wanted, basePath)?.then(
          (catalogue) => {
            loaded[wanted] = catalogue;
            catalogues = { ...loaded };
          },
          () => {
            pending.set(wanted, null);
            console.warn(`foyer-auth: the "${wanted}" messages could not be loaded from ${basePath}; English is shown instead`);
          },
        ) ?? null;
      pending.set(wanted, load);
    }
    if (load) waits.push(load);
  }
  return waits.length ? Promise.all(waits).then(() => undefined) : undefined;
}
