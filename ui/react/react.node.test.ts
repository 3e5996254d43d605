/**
 * foyer-auth/react as Next.js sees it, in plain Node: every module is a client module ("use client"
 * as its first statement, so a server component may import `SessionProvider`), what it loads at run
 * time stays in the browser kit (no server module, no Node built-in), and rendering on the server
 * (`react-dom/server`, no DOM globals) shows a session passed in without touching the network.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "./index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");

/** The shipped modules of ui/react (what tsconfig.build.json compiles). */
const MODULES = readdirSync(HERE).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts"));

/** The run-time imports of a module: what is left after TypeScript drops its type-only imports. */
function runtimeImports(file: string): string[] {
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  const source = ts.createSourceFile(file, outputText, ts.ScriptTarget.ES2022);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** Every module ui/react/index.ts loads at run time, transitively: files (relative to the root) and packages. */
function runtimeGraph(): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  };
  visit(join(HERE, "index.ts"));
  return { files: [...files].map((file) => relative(ROOT, file)).sort(), packages: [...packages].sort() };
}

describe("a client module", () => {
  it.each(MODULES)('%s has "use client" as its first statement', (name) => {
    const source = ts.createSourceFile(name, readFileSync(join(HERE, name), "utf8"), ts.ScriptTarget.ES2022);
    const first = source.statements[0];
    expect(first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) ? first.expression.text : undefined).toBe("use client");
  });

  it("loads nothing from the server side and no Node built-in: only ui/react, ui/client and react", () => {
    const { files, packages } = runtimeGraph();
    expect(files.filter((file) => !/^ui\/(?:react|client)\//.test(file))).toEqual([]);
    expect(files).toContain("ui/client/signin.ts");
    expect(packages).toEqual(["react"]);
  });
});

describe("server rendering (react-dom/server, no DOM)", () => {
  afterEach(() => vi.restoreAllMocks());

  function Probe() {
    const { data, status } = useSession();
    return createElement("p", null, `${status}:${data?.user?.name ?? ""}`);
  }

  it("renders a session passed from the server as authenticated, without a request", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const session = { user: { name: "Ada" }, expires: "2099-01-01T00:00:00.000Z" };
    const html = renderToString(createElement(SessionProvider, { session, children: createElement(Probe) }));
    expect(html).toBe("<p>authenticated:Ada</p>");
    expect(renderToString(createElement(SessionProvider, { session: null, children: createElement(Probe) }))).toBe("<p>unauthenticated:</p>");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("renders loading when no session was passed (the browser fetches it after hydration)", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(renderToString(createElement(SessionProvider, { children: createElement(Probe) }))).toBe("<p>loading:</p>");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
