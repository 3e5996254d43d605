/**
 * The public API is documented: every provider factory and every error class has a JSDoc block of
 * its own. (`npm run lint` also runs TypeDoc over every server entry point and fails on a warning;
 * `npm run docs:api` writes the reference to docs/api/.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without declarations
import { serverEntryPoints } from "../scripts/api-docs.mjs";

const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

/** The declarations matching `declaration` in `code` that have no `/** … *\/` block right above them. */
function undocumented(code: string, declaration: RegExp): string[] {
  const lines = code.split("\n");
  const missing: string[] = [];
  lines.forEach((line, index) => {
    if (!declaration.test(line)) return;
    let above = index - 1;
    while (above >= 0 && lines[above]!.trim() === "") above--;
    if (above < 0 || !lines[above]!.trim().endsWith("*/")) missing.push(line.trim().slice(0, 80));
  });
  return missing;
}

describe("API documentation", () => {
  it("every provider factory has JSDoc", () => {
    const providers = (serverEntryPoints() as string[]).filter((entry) => entry.startsWith("server/providers/"));
    expect(providers.length).toBeGreaterThan(30);
    const missing = providers.flatMap((file) => undocumented(source(file), /^export default function /).map((line) => `${file}: ${line}`));
    expect(missing).toEqual([]);
  });

  it("every error class has JSDoc", () => {
    const code = source("server/core/errors.ts");
    expect(code.match(/^export class /gm)!.length).toBeGreaterThan(30);
    expect(undocumented(code, /^export class /)).toEqual([]);
  });
});
