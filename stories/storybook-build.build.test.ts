/**
 * `npm run build-storybook` works and publishes the kit's documentation: the static Storybook lists a
 * generated reference page ("Docs" story, stories/support/element-docs.ts) for every element of
 * custom-elements.json, its preview carries the manifest the controls are generated from, and no
 * story is a leftover of Storybook's onboarding examples. One build into tmp/ (a few seconds).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ELEMENTS } from "./support/manifest.js";

const ROOT = resolve(import.meta.dirname, "..");

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: string;
  tags?: string[];
}

const TAGS = [...ELEMENTS.keys()];
// Each element's JSDoc summary exists only in custom-elements.json (the build strips comments).
const SUMMARIES = [...ELEMENTS.values()].flatMap((element) => (element.summary ? [element.summary] : []));

describe("npm run build-storybook", () => {
  let out: string;
  let entries: IndexEntry[];

  beforeAll(async () => {
    await mkdir(join(ROOT, "tmp"), { recursive: true });
    out = await mkdtemp(join(ROOT, "tmp", "storybook-static-"));
    // The script's own command (package.json "build-storybook": `storybook build`), into a fresh folder.
    await promisify(execFile)(join(ROOT, "node_modules", ".bin", "storybook"), ["build", "--quiet", "-o", out], {
      cwd: ROOT,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: "1" },
    });
    const index = JSON.parse(await readFile(join(out, "index.json"), "utf8")) as { entries: Record<string, IndexEntry> };
    entries = Object.values(index.entries);
  }, 180_000);

  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it("writes the static site", () => {
    expect(existsSync(join(out, "index.html"))).toBe(true);
    expect(existsSync(join(out, "iframe.html"))).toBe(true);
  });

  it("has a generated docs page for every element of custom-elements.json", () => {
    expect(TAGS.length).toBeGreaterThanOrEqual(8);
    // Storybook indexes stories statically: the export name `Docs` makes the id `elements-<tag>--docs`.
    const docs = entries.filter((entry) => entry.id.endsWith("--docs"));
    expect(docs.map((entry) => entry.id).sort()).toEqual(TAGS.map((tag) => `elements-${tag}--docs`).sort());
    for (const entry of docs) expect(entry.name).toBe("Docs");
  });

  it("builds the manifest into the preview, which generates controls and docs from it", async () => {
    const assets = join(out, "assets");
    const scripts = (await readdir(assets)).filter((file) => file.endsWith(".js"));
    const texts = await Promise.all(scripts.map((file) => readFile(join(assets, file), "utf8")));
    for (const summary of SUMMARIES)
      expect(
        texts.some((text) => text.includes(summary)),
        summary,
      ).toBe(true);
  });

  it("keeps no onboarding or example stories", () => {
    expect(entries.filter((entry) => /example|configure|onboarding|introduction/i.test(`${entry.title} ${entry.name}`))).toEqual([]);
  });
});
