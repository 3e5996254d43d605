/**
 * Build-time minification of the elements' Lit templates, for the browser bundles (vite.config.ts,
 * `build.rolldownOptions.plugins`). The JS minifier leaves template literals alone, so the indentation
 * and line breaks that make a template readable in the source would otherwise ship in every bundle.
 *
 * - `css` templates: comments and whitespace that never matters in CSS are removed. Quoted strings are
 *   kept as they are; templates with `${…}` or backslashes are left alone.
 * - `html` templates: formatting whitespace is removed, with the rule JSX uses: a run of whitespace
 *   that contains a line break is the author's layout, not content. Between a tag or a `${…}` and
 *   anything else it is dropped; between two words of text it becomes one space. Whitespace without a
 *   line break is content and stays. Inside a tag, whitespace between attributes becomes one space
 *   (before `>` none), and a void element's ` />` is `>` (HTML ignores the slash); quoted attribute
 *   values and comments are never touched. Templates with
 *   `<pre>`, `<textarea>`, `<script>` or `<style>`, where whitespace is content, are left alone.
 *
 * So a template that keeps text-bearing elements on one line (`<p>${text}</p>`) renders the same
 * before and after; only whitespace-only text nodes between elements and expressions go away.
 */
import { parseAst } from "vite";

/** A CSS template's text without comments and the whitespace that never matters, quoted strings untouched. */
export function compactCss(css: string): string {
  // Comments go first (a space each), strings skipped: a comment inside a string, or quotes inside a
  // comment, are read as part of the one that starts first.
  const plain = css.replace(/("[^"\n]*"|'[^'\n]*')|\/\*[\s\S]*?\*\//g, (_match, quoted?: string) => quoted ?? " ");
  // Odd indexes are quoted strings (kept), even ones the CSS between them.
  const pieces = plain.split(/("[^"\n]*"|'[^'\n]*')/);
  return pieces
    .map((piece, index) =>
      index % 2
        ? piece
        : piece
            .replace(/\s+/g, " ")
            .replace(/\s*([{};,])\s*/g, "$1")
            // Never before `:`, where `a :hover` differs from `a:hover`.
            .replace(/:\s+/g, ":")
            .replace(/;}/g, "}")
            // `0.75rem` → `.75rem` (a zero alone before the point, after a separator).
            .replace(/([\s:,(])0\.(\d)/g, "$1.$2"),
    )
    .join("")
    .trim();
}

type HtmlState = "text" | "tag" | "double-quoted" | "single-quoted" | "comment";

/** Elements that never have content: `<img … />` is `<img …>`. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** Elements whose whitespace is content (or not HTML): templates with one are left as written. */
const RAW_TEXT = /<(?:pre|textarea|script|style)\b/i;

/**
 * The static strings of one `html` template (the parts around its `${…}`), without the formatting
 * whitespace; `undefined` when the template is to be left as written.
 */
export function compactHtml(strings: readonly string[]): string[] | undefined {
  if (strings.some((text) => RAW_TEXT.test(text))) return undefined;
  let state: HtmlState = "text";
  /** The name of the tag being read (lower case), in the "tag" state and its quoted values. */
  let tagName = "";
  return strings.map((text, index) => {
    let out = "";
    let i = 0;
    while (i < text.length) {
      const char = text[i]!;
      if (state === "comment") {
        const end = text.indexOf("-->", i);
        if (end < 0) {
          out += text.slice(i);
          break;
        }
        out += text.slice(i, end + 3);
        i = end + 3;
        state = "text";
        continue;
      }
      if (state === "double-quoted" || state === "single-quoted") {
        if (char === (state === "double-quoted" ? '"' : "'")) state = "tag";
        out += char;
        i++;
        continue;
      }
      if (/\s/.test(char)) {
        let end = i;
        while (end < text.length && /\s/.test(text[end]!)) end++;
        const space = text.slice(i, end);
        // Neighbours: a character, or "expression" at the edge of a string that a `${…}` touches.
        const before = i > 0 ? text[i - 1]! : index > 0 ? "${}" : "";
        const after = end < text.length ? text[end]! : index < strings.length - 1 ? "${}" : "";
        i = end;
        if (state === "tag") {
          if (after !== ">") out += " ";
          continue;
        }
        if (!/[\n\r]/.test(space)) {
          out += space;
          continue;
        }
        const edge = (neighbour: string, tagEdge: string) => neighbour === "" || neighbour === "${}" || neighbour === tagEdge;
        if (!edge(before, ">") && !edge(after, "<")) out += " ";
        continue;
      }
      if (state === "text" && text.startsWith("<!--", i)) {
        state = "comment";
        out += "<!--";
        i += 4;
        continue;
      }
      if (state === "tag" && char === "/" && text[i + 1] === ">" && out.endsWith(" ") && VOID.has(tagName)) {
        out = out.slice(0, -1);
        i++;
        continue;
      }
      if (state === "text" && char === "<" && /[a-zA-Z/!]/.test(text[i + 1] ?? "")) {
        state = "tag";
        tagName = /^[a-zA-Z][\w-]*/.exec(text.slice(i + 1))?.[0].toLowerCase() ?? "";
      } else if (state === "tag" && char === ">") state = "text";
      else if (state === "tag" && char === '"') state = "double-quoted";
      else if (state === "tag" && char === "'") state = "single-quoted";
      out += char;
      i++;
    }
    return out;
  });
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

interface TemplateElement extends Node {
  value: { raw: string };
}

/** Every node of an ESTree AST, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (!node || typeof node !== "object") return;
  if (typeof (node as Node).type === "string") yield node as Node;
  for (const [key, value] of Object.entries(node)) if (key !== "parent" && value && typeof value === "object") yield* walk(value);
}

/**
 * Where a template's raw text sits in the source. Parsers differ on whether a `TemplateElement`'s
 * range includes the backtick and `${` around it; the raw text is found either way, or not at all.
 */
function rawRange(code: string, element: TemplateElement): [number, number] | undefined {
  const { raw } = element.value;
  for (const start of [element.start, element.start + 1]) if (code.startsWith(raw, start)) return [start, start + raw.length];
  return undefined;
}

/** The source with its `css` and `html` templates minified, or `null` when nothing changed. */
export function compactTemplates(code: string, lang: "ts" | "js" = "ts"): string | null {
  if (!code.includes("css`") && !code.includes("html`")) return null;
  const edits: [start: number, end: number, text: string][] = [];
  for (const node of walk(parseAst(code, { lang }))) {
    if (node.type !== "TaggedTemplateExpression") continue;
    const tag = node.tag as Node & { name?: string };
    if (tag.type !== "Identifier" || (tag.name !== "css" && tag.name !== "html")) continue;
    const quasis = (node.quasi as Node & { quasis: TemplateElement[] }).quasis;
    const ranges = quasis.map((element) => rawRange(code, element));
    if (ranges.some((range) => !range)) continue;
    const raws = quasis.map((element) => element.value.raw);
    let compacted: string[] | undefined;
    if (tag.name === "css") {
      // Only plain CSS: no `${…}` or escapes, whose meaning this does not follow.
      if (raws.length === 1 && !/[\\]/.test(raws[0]!)) compacted = [compactCss(raws[0]!)];
    } else {
      compacted = compactHtml(raws);
    }
    if (!compacted) continue;
    compacted.forEach((text, index) => {
      const [start, end] = ranges[index]!;
      if (text !== raws[index]) edits.push([start, end, text]);
    });
  }
  if (!edits.length) return null;
  let out = code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The Rolldown/Vite plugin: minifies the templates of the elements' modules (under ui/). */
export function compactTemplatesPlugin() {
  return {
    name: "foyer:compact-templates",
    transform(code: string, id: string) {
      if (!/[\\/]ui[\\/].*\.[jt]s$/.test(id)) return null;
      const out = compactTemplates(code, id.endsWith(".js") ? "js" : "ts");
      return out === null ? null : { code: out, map: null };
    },
  };
}
