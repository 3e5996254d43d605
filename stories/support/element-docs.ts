/**
 * A reference page per element, generated from custom-elements.json (stories/support/manifest.ts):
 * the JSDoc summary and description, then one table each for attributes, properties, events, slots,
 * shadow parts, CSS custom properties and custom states. Nothing on it is written by hand, so it stays
 * what `npm run cem` read from the element's JSDoc.
 *
 * It is a story (`Docs`, first in each element's list, tagged `element-docs`) rather than an autodocs
 * page: autodocs needs `@storybook/addon-docs`, which this project does not install. Like every story
 * it runs as a render and axe test (`npm run test:stories`), and `npm run build-storybook` lists it in
 * index.json (stories/storybook-build.test.ts checks one per element).
 */
import type { StoryObj } from "@storybook/web-components-vite";
import { html, nothing, type TemplateResult } from "lit";
import { elementDocs, type ManifestItem } from "./manifest.js";

/** The tag every generated docs story carries (and the build test looks for). */
export const DOCS_TAG = "element-docs";

/** Text with `inline code` spans as <code>; the analyzer keeps JSDoc's Markdown as written. */
function prose(text: string | undefined): TemplateResult[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    .map(
      (paragraph) => html`<p>${paragraph.split("`").map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part.replace(/\s*\n\s*/g, " ")))}</p>`,
    );
}

interface Column {
  heading: string;
  cell: (item: ManifestItem) => unknown;
}

const code = (text: string | undefined) => (text ? html`<code>${text}</code>` : nothing);
const NAME: Column = { heading: "Name", cell: (item) => code(item.name) };
const DESCRIPTION: Column = { heading: "Description", cell: (item) => prose(item.description ?? item.summary) };
const TYPE: Column = { heading: "Type", cell: (item) => code(item.type?.text) };
const DEFAULT: Column = { heading: "Default", cell: (item) => code(item.default) };

/** One section: a heading and its table, or nothing when the element has no such items. */
function section(title: string, items: ManifestItem[] | undefined, columns: Column[]): TemplateResult | typeof nothing {
  if (!items?.length) return nothing;
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return html`<section aria-labelledby=${id}>
    <h2 id=${id}>${title}</h2>
    <table>
      <thead>
        <tr>
          ${columns.map((column) => html`<th scope="col">${column.heading}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${items.map((item) => html`<tr>${columns.map((column) => html`<td>${column.cell(item)}</td>`)}</tr>`)}
      </tbody>
    </table>
  </section>`;
}

const STYLES = html`<style>
  .element-docs {
    max-width: 60rem;
    font: 15px/1.5 system-ui, sans-serif;
    color: #1f2937;
  }
  .element-docs .summary {
    font-size: 1.15em;
  }
  .element-docs table {
    width: 100%;
    border-collapse: collapse;
    margin-block-end: 1.5rem;
  }
  .element-docs th,
  .element-docs td {
    text-align: start;
    vertical-align: top;
    padding: 0.4rem 0.6rem;
    border-block-end: 1px solid #d1d5db;
  }
  .element-docs td p {
    margin: 0;
  }
  .element-docs code {
    font-size: 0.9em;
    background: #f3f4f6;
    padding: 0 0.2em;
    border-radius: 3px;
  }
</style>`;

/** The reference page of `tagName`. */
export function renderElementDocs(tagName: string): TemplateResult {
  const element = elementDocs(tagName);
  return html`${STYLES}
    <main class="element-docs">
      <h1><code>&lt;${tagName}&gt;</code></h1>
      ${element.summary ? html`<p class="summary">${prose(element.summary)}</p>` : nothing} ${prose(element.description)}
      ${section("Attributes", element.attributes, [NAME, { heading: "Property", cell: (item) => code(item.fieldName) }, TYPE, DEFAULT, DESCRIPTION])}
      ${section("Properties", element.members, [NAME, { heading: "Attribute", cell: (item) => code(item.attribute) }, TYPE, DEFAULT, DESCRIPTION])}
      ${section("Events", element.events, [NAME, TYPE, DESCRIPTION])}
      ${section(
        "Slots",
        element.slots?.map((slot) => ({ ...slot, name: slot.name || "(default)" })),
        [NAME, DESCRIPTION],
      )}
      ${section("Shadow parts", element.cssParts, [NAME, DESCRIPTION])} ${section("CSS custom properties", element.cssProperties, [NAME, DEFAULT, DESCRIPTION])}
      ${section("Custom states", element.cssStates, [NAME, DESCRIPTION])}
    </main>`;
}

/**
 * The `Docs` story of `tagName`'s stories file: export it first (`export const Docs = docsStory("auth-user")`)
 * so that it opens first in the sidebar.
 */
export function docsStory(tagName: string): StoryObj {
  return {
    name: "Docs",
    tags: [DOCS_TAG],
    parameters: { layout: "padded" },
    render: () => renderElementDocs(tagName),
  };
}
