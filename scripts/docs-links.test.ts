/**
 * Every relative link in README.md and docs/ points at a file that exists and, when it names an
 * anchor, at a heading that exists there. The docs cross-link heavily (compatibility.md is cited by
 * section from code and from the migration guide), so a renamed heading must not leave dead links.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  return ["README.md", ...docs];
}

/** The text outside fenced code blocks, where links and headings are real. */
function prose(file: string): string {
  return readFileSync(join(root, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
}

/** A heading's anchor as GitHub computes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(file).matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const base = slug(match[1] ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of prose(file).matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(match[1] ?? "");
  anchorCache.set(file, anchors);
  return anchors;
}

describe("documentation links", () => {
  it.each(markdownFiles())("%s links only to files and headings that exist", (file) => {
    const broken: string[] = [];
    for (const match of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = match[1] ?? "";
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:, …
      const [path = "", anchor] = href.split("#");
      const target = path === "" ? file : join(dirname(file), path);
      if (!existsSync(join(root, target))) {
        broken.push(`${href} (no such file)`);
        continue;
      }
      if (anchor && target.endsWith(".md") && !anchorsOf(target).has(anchor)) broken.push(`${href} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });
});
