import { describe, expect, it } from "vitest";
import { compactCss, compactHtml, compactTemplates } from "./vite-compact-templates.js";

describe("compactHtml", () => {
  it("drops layout whitespace between tags and expressions", () => {
    expect(compactHtml(['<div part="base">\n  <p>', "</p>\n  ", "\n</div>"])).toEqual(['<div part="base"><p>', "</p>", "</div>"]);
  });

  it("keeps whitespace without a line break: it is content", () => {
    expect(compactHtml(["<p>", ". ", " <b>x</b> y</p>"])).toEqual(["<p>", ". ", " <b>x</b> y</p>"]);
  });

  it("joins lines of text with one space", () => {
    expect(compactHtml(["<p>\n  Check your\n  email\n</p>"])).toEqual(["<p>Check your email</p>"]);
  });

  it("writes attributes on one line, never touching quoted values or the space before `/>`", () => {
    expect(compactHtml(["<x-field\n  id=", "\n  class=\"a\n  b\"\n  title='x  y'\n/>"])).toEqual(["<x-field id=", " class=\"a\n  b\" title='x  y' />"]);
    expect(compactHtml(['<button\n  type="button"\n>', "</button>"])).toEqual(['<button type="button">', "</button>"]);
  });

  it("writes a void element's ` />` as `>`, and leaves other elements' slashes alone", () => {
    expect(compactHtml(["<img src=", ' alt="" />\n<input\n  id="a"\n/><br/><x-a />'])).toEqual(["<img src=", ' alt=""><input id="a"><br/><x-a />']);
  });

  it("follows tags across expressions (an attribute binding, then more attributes)", () => {
    expect(compactHtml(["<a href=", '\n   rel="x">\n  text\n</a>'])).toEqual(["<a href=", ' rel="x">text</a>']);
  });

  it("leaves comments and templates with whitespace-sensitive elements as written", () => {
    expect(compactHtml(["<!--  a\n  b -->\n<p>x</p>"])).toEqual(["<!--  a\n  b --><p>x</p>"]);
    expect(compactHtml(["<pre>\n  a\n</pre>"])).toBeUndefined();
    expect(compactHtml(["<div>\n  <textarea>", "</textarea>\n</div>"])).toBeUndefined();
  });
});

describe("compactCss", () => {
  it("removes whitespace that never matters and keeps quoted strings", () => {
    expect(compactCss(':host {\n  font-family: a, "Segoe  UI" , b;\n  margin: 0.5rem;\n}\n:host([x="a b"]) a :hover {\n  content: "";\n}')).toBe(
      ':host{font-family:a,"Segoe  UI",b;margin:.5rem}:host([x="a b"]) a :hover{content:""}',
    );
  });
});

describe("compactTemplates", () => {
  it("rewrites html and css templates, nested ones too, and nothing else", () => {
    const source = [
      'const label = "…\\n  kept";',
      "const view = html`<ul>\n  ${items.map((item) => html`<li>\n    ${item}\n  </li>`)}\n</ul>`;",
      "const styles = css`\n  .a {\n    color: red;\n  }\n`;",
      "const other = tag`<p>\n  x\n</p>`;",
    ].join("\n");
    expect(compactTemplates(source)).toBe(
      [
        'const label = "…\\n  kept";',
        "const view = html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;",
        "const styles = css`.a{color:red}`;",
        "const other = tag`<p>\n  x\n</p>`;",
      ].join("\n"),
    );
  });

  it("leaves css templates with expressions or escapes alone", () => {
    expect(compactTemplates('css`\n  a { b: ${c}; }\n`; css`\n  a::before { content: "\\2014"; }\n`;')).toBeNull();
  });

  it("drops comments from css templates, but not what looks like one inside a quoted string", () => {
    expect(compactCss('/* why it\'s outlined */\n  .a {\n    color: red; /* brand */\n  }\n  .b::before { content: "/* kept */"; }')).toBe(
      '.a{color:red}.b::before{content:"/* kept */"}',
    );
  });
});
