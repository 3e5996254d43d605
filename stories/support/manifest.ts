/**
 * The kit's public API as `npm run cem` writes it to custom-elements.json, read by Storybook twice:
 * `.storybook/preview.ts` hands it to the web-components renderer (the Controls panel's rows: one per
 * attribute, property, event, slot, part and CSS property), and every element's "Docs" story renders it
 * as a reference page (stories/support/element-docs.ts). Both see only what a user may rely on:
 * private, protected and static members, methods and `_`-prefixed names are left out here, so the
 * generated controls never offer an element's internals.
 */
import raw from "../../custom-elements.json" with { type: "json" };

/** A type as the analyzer writes it (`{ text: "string | undefined" }`). */
export interface ManifestType {
  text: string;
}

/** One documented item: an attribute, field, event, slot, part, CSS property or CSS state. */
export interface ManifestItem {
  name: string;
  kind?: string;
  description?: string;
  summary?: string;
  type?: ManifestType;
  default?: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
  attribute?: string;
  fieldName?: string;
}

/** One element class of the manifest. */
export interface ManifestElement {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  description?: string;
  attributes?: ManifestItem[];
  members?: ManifestItem[];
  events?: ManifestItem[];
  slots?: ManifestItem[];
  cssParts?: ManifestItem[];
  cssProperties?: ManifestItem[];
  cssStates?: ManifestItem[];
}

interface Manifest {
  schemaVersion: string;
  modules: { kind: string; path: string; declarations?: ManifestElement[]; exports?: unknown[] }[];
}

/** Whether a class member is part of the public API (a property a page may read or set). */
function isPublicField(member: ManifestItem): boolean {
  return member.kind === "field" && !member.static && (member.privacy ?? "public") === "public" && !/^[_#]/.test(member.name);
}

/** The manifest with each element's members reduced to its public properties. */
export const PUBLIC_MANIFEST: Manifest = {
  ...(raw as Manifest),
  modules: (raw as Manifest).modules.map((module) => ({
    ...module,
    declarations: module.declarations?.map((declaration) =>
      declaration.customElement ? { ...declaration, members: declaration.members?.filter(isPublicField) } : declaration,
    ),
  })),
};

/** Every custom element of the manifest, by tag name, in the manifest's order. */
export const ELEMENTS: ReadonlyMap<string, ManifestElement> = new Map(
  PUBLIC_MANIFEST.modules
    .flatMap((module) => module.declarations ?? [])
    .flatMap((declaration) => (declaration.tagName ? [[declaration.tagName, declaration]] : [])),
);

/** The manifest entry of `tagName`; throws when the element is missing (run `npm run cem`). */
export function elementDocs(tagName: string): ManifestElement {
  const element = ELEMENTS.get(tagName);
  if (!element) throw new Error(`<${tagName}> is not in custom-elements.json: run \`npm run cem\` after changing an element's JSDoc`);
  return element;
}
