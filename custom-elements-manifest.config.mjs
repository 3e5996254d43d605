/**
 * Settings for `npm run cem` (@custom-elements-manifest/analyzer), read beside the script's flags.
 *
 * - The manifest goes to the repository root (the analyzer's default `outdir`), which package.json's
 *   `customElements` names. `packagejson: false` stops the analyzer from rewriting package.json
 *   (it would reformat the file and replace `./custom-elements.json` by its own spelling).
 * - The plugin below fixes what the analyzer cannot read from our code on its own; the fixes are
 *   generic, so new elements need nothing here:
 *   1. tag names: `define.ts` calls `defineElement(tagName, Class)` (ui/internal/define-element.ts),
 *      which the analyzer does not know: the call is recorded as the definition
 *      `customElements.define(tagName, Class)` would be, with the constant's value as the tag. A class
 *      is a custom element when such a definition names it (a base class, such as
 *      ui/elements/foyer-element.ts, is not);
 *   2. module references: `./x.js` and `/ui/…/x.js` become the analysed `ui/…/x.ts` paths;
 *   3. events: the analyzer adds a nameless entry for `dispatchEvent(new SomeEvent(…))`; those are
 *      dropped, and each `@fires` entry gets the type of its class in ui/events/;
 *   4. defaults such as `DEFAULT_BASE_PATH` become the exported constant's value (`"/auth"`);
 *   5. JSDoc names written as placeholders with a space (`@slot form-<provider id> - …`) are rejoined;
 *   6. reactive state, `name: { state: true }` in `static properties`, has no attribute (Lit gives it
 *      none), though the analyzer reads every entry without `attribute: false` as one; also when a
 *      base class declares it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(fileURLToPath(import.meta.url));

/** Every non-test `.ts` file under ui/, as repository-relative paths. */
function uiSources(dir = "ui") {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return uiSources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** `export const NAME = "value"` across ui/: NAME → value. */
function exportedStrings() {
  const constants = new Map();
  for (const path of uiSources()) {
    for (const [, name, , value] of readFileSync(join(ROOT, path), "utf8").matchAll(/export const ([A-Za-z_$][\w$]*)\s*=\s*(["'])(.*?)\2\s*;/g))
      constants.set(name, value);
  }
  return constants;
}

/** Event name → class name, from `class X extends Event { static readonly type = "name" }` in ui/events/. */
function eventClasses() {
  const classes = new Map();
  for (const path of uiSources("ui/events")) {
    const source = readFileSync(join(ROOT, path), "utf8");
    for (const [, className, name] of source.matchAll(/class (\w+) extends Event\s*{\s*static readonly type = ["']([^"']+)["']/g)) classes.set(name, className);
  }
  return classes;
}

/** Rejoins `name: "form-<provider", description: "id> - Text"` into `form-<provider id>` / `Text`. */
function rejoinPlaceholder(entry) {
  if (!entry?.name?.includes("<") || entry.name.includes(">") || !entry.description) return;
  const match = /^([^>]*>)\s*(?:-\s*)?([\s\S]*)$/.exec(entry.description);
  if (!match) return;
  entry.name = `${entry.name} ${match[1]}`;
  entry.description = match[2];
}

function foyerManifestFixes() {
  /** Class name → names of its `static properties` entries declared `{ state: true }`. */
  const states = new Map();
  return {
    name: "foyer-manifest-fixes",
    analyzePhase({ ts, node, moduleDoc }) {
      // 1: `defineElement(tagName, Class)`, as a definition of `Class` (imported from its own module).
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "defineElement") {
        const [tag, element] = node.arguments;
        if (!tag || !element || !ts.isIdentifier(element)) return;
        const imported = node
          .getSourceFile()
          .statements.filter(ts.isImportDeclaration)
          .find((statement) => statement.importClause?.namedBindings?.elements?.some((binding) => binding.name.text === element.text));
        const module = imported && ts.isStringLiteral(imported.moduleSpecifier) ? imported.moduleSpecifier.text : undefined;
        moduleDoc.exports = [
          ...(moduleDoc.exports ?? []),
          { kind: "custom-element-definition", name: tag.getText(), declaration: { name: element.text, ...(module ? { module } : {}) } },
        ];
        return;
      }
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const member of node.members) {
        const isStatic = member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword);
        if (
          !isStatic ||
          !ts.isPropertyDeclaration(member) ||
          member.name.getText() !== "properties" ||
          !member.initializer ||
          !ts.isObjectLiteralExpression(member.initializer)
        )
          continue;
        for (const entry of member.initializer.properties) {
          if (!ts.isPropertyAssignment(entry) || !ts.isObjectLiteralExpression(entry.initializer)) continue;
          const state = entry.initializer.properties.some(
            (option) => ts.isPropertyAssignment(option) && option.name.getText() === "state" && option.initializer.kind === ts.SyntaxKind.TrueKeyword,
          );
          if (state) states.set(node.name.getText(), [...(states.get(node.name.getText()) ?? []), entry.name.getText()]);
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const modules = customElementsManifest.modules;
      const paths = new Set(modules.map((module) => module.path));
      const constants = exportedStrings();
      const events = eventClasses();

      /** A module reference as the path of an analysed module, when there is one. */
      const normalize = (from, reference) => {
        if (!reference) return reference;
        let path = reference.startsWith("/") ? reference.slice(1) : reference.startsWith(".") ? posix.join(posix.dirname(from), reference) : reference;
        if (path.endsWith(".js") && paths.has(`${path.slice(0, -3)}.ts`)) path = `${path.slice(0, -3)}.ts`;
        return path;
      };

      // 1 and 2: tag names and module references.
      const tags = new Map();
      for (const module of modules) {
        const variables = new Map((module.declarations ?? []).filter((d) => d.kind === "variable").map((d) => [d.name, d.default]));
        for (const exported of module.exports ?? []) {
          if (exported.declaration) exported.declaration.module = normalize(module.path, exported.declaration.module);
          if (exported.kind !== "custom-element-definition") continue;
          const literal = /^(["'`])([a-z][\w.-]*-[\w.-]*)\1$/.exec(variables.get(exported.name) ?? "");
          if (literal) exported.name = literal[2];
          tags.set(exported.declaration.name, exported.name);
        }
      }

      for (const module of modules) {
        for (const declaration of module.declarations ?? []) {
          if (declaration.kind !== "class") continue;
          if (tags.has(declaration.name)) {
            declaration.customElement = true;
            declaration.tagName = tags.get(declaration.name);
          } else {
            delete declaration.customElement;
          }
          // 3: events.
          if (declaration.events) {
            declaration.events = declaration.events.filter((event) => event.name);
            for (const event of declaration.events) if (!event.type && events.has(event.name)) event.type = { text: events.get(event.name) };
          }
          // 4: defaults that name a string constant.
          for (const member of [...(declaration.members ?? []), ...(declaration.attributes ?? [])]) {
            if (typeof member.default === "string" && constants.has(member.default)) {
              member.default = JSON.stringify(constants.get(member.default));
              member.type ??= { text: "string" };
            }
          }
          // 6: reactive state is no attribute (the class's own, or a base class's).
          const isState = (entry, name) => (states.get(entry.inheritedFrom?.name ?? declaration.name) ?? []).includes(name);
          if (declaration.attributes) declaration.attributes = declaration.attributes.filter((attribute) => !isState(attribute, attribute.fieldName));
          for (const member of declaration.members ?? []) if (isState(member, member.name)) delete member.attribute;
          // 5: placeholder names.
          for (const list of [declaration.slots, declaration.cssParts, declaration.cssProperties, declaration.cssStates])
            for (const entry of list ?? []) rejoinPlaceholder(entry);
        }
      }
    },
  };
}

export default {
  packagejson: false,
  plugins: [foyerManifestFixes()],
};
