/**
 * custom-elements.json and docs/elements.md are current: the manifest is regenerated exactly as
 * `npm run cem` does (the script's own flags, custom-elements-manifest.config.mjs) into a temporary
 * folder and compared, and the reference part of docs/elements.md is checked against the manifest by
 * the script that writes it (`npm run docs:elements`).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CEM = fileURLToPath(new URL("../node_modules/@custom-elements-manifest/analyzer/cem.js", import.meta.url));
const TAGS = [
  "auth-account",
  "auth-passkey-button",
  "auth-passkey-register",
  "auth-passkeys",
  "auth-provider-button",
  "auth-session",
  "auth-signin",
  "auth-signout",
  "auth-user",
];

interface Entry {
  name: string;
  description?: string;
  type?: { text: string };
}
interface Declaration {
  name: string;
  customElement?: boolean;
  tagName?: string;
  summary?: string;
  attributes?: Entry[];
  events?: Entry[];
  slots?: Entry[];
  cssParts?: Entry[];
  cssProperties?: Entry[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[]; exports?: { kind: string; name: string }[] }[];
}

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
/** The manifest with its modules in path order. */
const byPath = (manifest: Manifest): Manifest => ({ ...manifest, modules: [...manifest.modules].sort((a, b) => a.path.localeCompare(b.path)) });
const committed = () => JSON.parse(read("custom-elements.json")) as Manifest;
const elements = (manifest: Manifest) => manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement);

/** The arguments of package.json's `cem` script, after `cem` itself (quotes removed, as a shell would). */
function cemArguments(): string[] {
  const script = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.cem!;
  const words = [...script.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
  expect(words[0]).toBe("cem");
  return words.slice(1);
}

const scratch = mkdtempSync(join(tmpdir(), "foyer-cem-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("custom-elements.json", () => {
  it("is what `npm run cem` generates now (run it and commit the file when this fails)", async () => {
    const packageJson = read("package.json");
    // The analyzer joins --outdir to the working directory, so it must be relative.
    await run(process.execPath, [CEM, ...cemArguments(), "--outdir", relative(ROOT, scratch), "--quiet"], { cwd: ROOT, timeout: 30_000 });
    const fresh = JSON.parse(readFileSync(join(scratch, "custom-elements.json"), "utf8")) as Manifest;
    // The analyzer's module order follows the order its glob happens to list files in, which varies
    // from run to run under load; the content per module is what must match.
    expect(byPath(committed())).toEqual(byPath(fresh));
    // custom-elements-manifest.config.mjs sets `packagejson: false`: the analyzer leaves package.json alone.
    expect(read("package.json")).toBe(packageJson);
  });

  it("describes the nine elements by their real tag names, with named, typed events", () => {
    const declarations = elements(committed());
    expect(declarations.map((declaration) => declaration.tagName).sort()).toEqual(TAGS);
    const definitions = committed()
      .modules.flatMap((module) => module.exports ?? [])
      .filter((exported) => exported.kind === "custom-element-definition")
      .map((exported) => exported.name);
    expect(definitions.sort()).toEqual(TAGS);
    for (const declaration of declarations) {
      expect(declaration.summary, `${declaration.tagName} has a @summary`).toBeTruthy();
      for (const event of declaration.events ?? []) {
        expect(event.name, `${declaration.tagName}: every event has a name`).toMatch(/^auth-[a-z-]+$/);
        expect(event.type?.text, `${declaration.tagName}: ${event.name} has its event class`).toMatch(/^Auth\w+Event$/);
      }
      for (const list of [declaration.attributes, declaration.slots, declaration.cssParts, declaration.cssProperties]) {
        for (const entry of list ?? []) expect(entry.description, `${declaration.tagName}: ${entry.name} is described`).toBeTruthy();
      }
    }
  });

  it("lists every @csspart, @cssprop, @slot and @fires of the elements' JSDoc", () => {
    const byClass = new Map(elements(committed()).map((declaration) => [declaration.name, declaration]));
    for (const tag of TAGS) {
      const source = read(`ui/elements/${tag}/${tag}.ts`);
      const className = /export class (\w+) extends (?:LitElement|FoyerElement)\b/.exec(source)?.[1];
      const declaration = byClass.get(className ?? "");
      expect(declaration, `${tag}: ${className} is in the manifest`).toBeDefined();
      const names = (list: Entry[] | undefined) => (list ?? []).map((entry) => entry.name);
      const tagged = (tagName: string) => [...source.matchAll(new RegExp(`@${tagName}\\s+(\\S+)`, "g"))].map((match) => match[1]!);
      expect(names(declaration!.cssParts)).toEqual(expect.arrayContaining(tagged("csspart")));
      expect(names(declaration!.cssProperties)).toEqual(expect.arrayContaining(tagged("cssprop")));
      expect(names(declaration!.events)).toEqual(expect.arrayContaining(tagged("fires")));
      const slots = names(declaration!.slots);
      // `@slot - …` documents the default slot, which the manifest lists with the name "".
      for (const slot of tagged("slot"))
        expect(
          slots.some((name) => (slot === "-" ? name === "" : name.startsWith(slot))),
          `${tag}: slot ${slot}`,
        ).toBe(true);
    }
  });
});

describe("docs/elements.md", () => {
  it("is current with custom-elements.json (`npm run docs:elements`)", async () => {
    await expect(run(process.execPath, ["scripts/elements-doc.mjs", "--check"], { cwd: ROOT, timeout: 10_000 })).resolves.toBeDefined();
  });

  it("documents every element, attribute, event, part and custom property of the manifest", () => {
    const doc = read("docs/elements.md");
    for (const declaration of elements(committed())) {
      expect(doc).toContain(`### \`<${declaration.tagName}>\``);
      for (const attribute of declaration.attributes ?? []) expect(doc).toContain(`\`${attribute.name}\``);
      for (const event of declaration.events ?? []) expect(doc).toContain(`\`${event.name}\``);
      for (const part of declaration.cssParts ?? []) expect(doc).toContain(`\`::part(${part.name})\``);
      for (const property of declaration.cssProperties ?? []) expect(doc).toContain(`\`${property.name}\``);
    }
  });
});
