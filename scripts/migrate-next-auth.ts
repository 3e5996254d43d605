/**
 * Switches a Next.js app from next-auth v5 to Foyer by rewriting its import paths, and nothing else:
 *
 *   next-auth                  → foyer-auth/next
 *   next-auth/providers/<id>   → foyer-auth/providers/<id>
 *   next-auth/react            → foyer-auth/react
 *   next-auth/jwt              → foyer-auth/jwt
 *
 * in `import … from`, `export … from`, `import "…"`, `import("…")`, `require("…")`, `import("…").Type`
 * and `declare module "…"` (so `declare module "next-auth"` becomes `declare module "foyer-auth/next"`).
 * Strings anywhere else stay as they are, so a string literal that merely says "next-auth" is not
 * touched. Any other `next-auth/…` path (e.g. `next-auth/middleware`, `next-auth/webauthn`) has no
 * Foyer twin; it is left unchanged and reported, and the command exits with status 1.
 *
 *   npx tsx scripts/migrate-next-auth.ts <app folder> <new folder>
 *
 * copies the app (without node_modules, .next and .git) into the new folder, which must not exist yet,
 * rewriting its .ts, .tsx, .mts, .cts, .js, .jsx, .mjs and .cjs files. Every other file is copied byte
 * for byte. e2e/next-migration.spec.ts runs an app through this script and then through the same
 * browser tests as the original.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The new module path for `specifier`, or null when it is not one of next-auth's (or has no twin). */
export function foyerSpecifier(specifier: string): string | null {
  if (specifier === "next-auth") return "foyer-auth/next";
  if (specifier === "next-auth/react") return "foyer-auth/react";
  if (specifier === "next-auth/jwt") return "foyer-auth/jwt";
  const provider = /^next-auth\/providers\/([a-z0-9][a-z0-9-]*)$/.exec(specifier);
  if (provider) return `foyer-auth/providers/${provider[1]}`;
  return null;
}

/** Whether `specifier` is next-auth or one of its subpaths. */
function isNextAuth(specifier: string): boolean {
  return specifier === "next-auth" || specifier.startsWith("next-auth/");
}

/** One module path found in a file. */
interface SpecifierSite {
  literal: ts.StringLiteralLike;
}

/** Every string literal that names a module in `source`. */
function specifierSites(source: ts.SourceFile): SpecifierSite[] {
  const sites: SpecifierSite[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) sites.push({ literal: node });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) add(node.name);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isCallExpression(node) && node.arguments.length >= 1) {
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if (isDynamicImport || isRequire) add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function scriptKind(fileName: string): ts.ScriptKind {
  switch (extname(fileName)) {
    case ".tsx":
      return ts.ScriptKind.TSX;
    case ".jsx":
      return ts.ScriptKind.JSX;
    case ".js":
    case ".mjs":
    case ".cjs":
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}

/** What {@link migrateSource} did to one file. */
export interface SourceMigration {
  text: string;
  /** How many module paths were rewritten. */
  rewritten: number;
  /** next-auth paths left as they were because Foyer has no module of that name. */
  unmapped: string[];
}

/**
 * Rewrites the next-auth module paths of one source file. Only the characters between the quotes
 * change; quotes, spacing, comments and everything else stay byte for byte.
 */
export function migrateSource(text: string, fileName: string): SourceMigration {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const edits: { start: number; end: number; replacement: string }[] = [];
  const unmapped: string[] = [];
  for (const { literal } of specifierSites(source)) {
    const specifier = literal.text;
    if (!isNextAuth(specifier)) continue;
    const replacement = foyerSpecifier(specifier);
    if (replacement === null) {
      unmapped.push(specifier);
      continue;
    }
    // Inside the quotes: getStart() is the opening quote, end is just past the closing one.
    edits.push({ start: literal.getStart(source) + 1, end: literal.end - 1, replacement });
  }
  let result = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
  return { text: result, rewritten: edits.length, unmapped };
}

const SOURCE_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
/** Build output, installed packages and history: never part of the app's source. */
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".next", ".git"]);

/** What {@link migrateApp} did. */
export interface AppMigration {
  /** Files whose module paths changed, relative to the app folder. */
  changedFiles: string[];
  /** `file: specifier` for every next-auth path that has no Foyer twin. */
  unmapped: string[];
}

/** Copies the app at `from` to `to` (which must not exist), rewriting its next-auth module paths. */
export function migrateApp(from: string, to: string): AppMigration {
  const source = resolve(from);
  const target = resolve(to);
  if (!existsSync(source)) throw new Error(`${from} does not exist`);
  if (existsSync(target)) throw new Error(`${to} already exists; the migration writes into a new folder only`);
  if (relative(source, target) === "" || !relative(source, target).startsWith("..")) throw new Error(`${to} must not be inside ${from}`);
  const result: AppMigration = { changedFiles: [], unmapped: [] };
  const copy = (dir: string) => {
    const out = join(target, relative(source, dir));
    mkdirSync(out, { recursive: true });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) copy(path);
        continue;
      }
      if (!entry.isFile()) continue;
      const name = relative(source, path);
      if (!SOURCE_EXTENSIONS.has(extname(entry.name))) {
        copyFileSync(path, join(out, entry.name));
        continue;
      }
      const migrated = migrateSource(readFileSync(path, "utf8"), entry.name);
      writeFileSync(join(out, entry.name), migrated.text);
      if (migrated.rewritten > 0) result.changedFiles.push(name);
      for (const specifier of migrated.unmapped) result.unmapped.push(`${name}: ${specifier}`);
    }
  };
  copy(source);
  result.changedFiles.sort();
  return result;
}

function main(args: string[]): number {
  const [from, to, ...rest] = args;
  if (!from || !to || rest.length > 0) {
    console.error("usage: npx tsx scripts/migrate-next-auth.ts <app folder> <new folder>");
    return 2;
  }
  const { changedFiles, unmapped } = migrateApp(from, to);
  console.log(`${to}: ${changedFiles.length} file(s) switched to foyer-auth${changedFiles.length ? `:\n  ${changedFiles.join("\n  ")}` : ""}`);
  if (unmapped.length > 0) {
    console.error(`next-auth paths with no foyer-auth twin, left unchanged:\n  ${unmapped.join("\n  ")}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
