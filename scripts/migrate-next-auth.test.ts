import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { foyerSpecifier, migrateApp, migrateSource } from "./migrate-next-auth.js";

describe("foyerSpecifier", () => {
  it("maps next-auth, its providers, react and jwt, and nothing else", () => {
    expect(foyerSpecifier("next-auth")).toBe("foyer-auth/next");
    expect(foyerSpecifier("next-auth/react")).toBe("foyer-auth/react");
    expect(foyerSpecifier("next-auth/jwt")).toBe("foyer-auth/jwt");
    expect(foyerSpecifier("next-auth/providers/github")).toBe("foyer-auth/providers/github");
    expect(foyerSpecifier("next-auth/providers/42-school")).toBe("foyer-auth/providers/42-school");
    expect(foyerSpecifier("next-auth/middleware")).toBeNull();
    expect(foyerSpecifier("next-auth/providers")).toBeNull();
    expect(foyerSpecifier("next-auth/providers/../../etc")).toBeNull();
    expect(foyerSpecifier("next-auth-extra")).toBeNull();
    expect(foyerSpecifier("@auth/core")).toBeNull();
  });
});

describe("migrateSource", () => {
  it("rewrites every kind of module path and keeps quotes, comments and other strings", () => {
    const before = [
      `import NextAuth, { AuthError } from "next-auth";`,
      `import GitHub from 'next-auth/providers/github';`,
      `import { useSession } from "next-auth/react"; // next-auth/react in a comment stays`,
      `export { auth as proxy } from "next-auth";`,
      `import "next-auth/jwt";`,
      `const lazy = () => import("next-auth/react");`,
      `const cjs = require("next-auth");`,
      `type S = import("next-auth").Session;`,
      `declare module "next-auth" { interface Session { role: string } }`,
      `declare module "next-auth/jwt" { interface JWT { role?: string } }`,
      `const label = "next-auth";`,
      `import Adapter from "@auth/pg-adapter";`,
    ].join("\n");
    const { text, rewritten, unmapped } = migrateSource(before, "auth.ts");
    expect(text).toBe(
      [
        `import NextAuth, { AuthError } from "foyer-auth/next";`,
        `import GitHub from 'foyer-auth/providers/github';`,
        `import { useSession } from "foyer-auth/react"; // next-auth/react in a comment stays`,
        `export { auth as proxy } from "foyer-auth/next";`,
        `import "foyer-auth/jwt";`,
        `const lazy = () => import("foyer-auth/react");`,
        `const cjs = require("foyer-auth/next");`,
        `type S = import("foyer-auth/next").Session;`,
        `declare module "foyer-auth/next" { interface Session { role: string } }`,
        `declare module "foyer-auth/jwt" { interface JWT { role?: string } }`,
        `const label = "next-auth";`,
        `import Adapter from "@auth/pg-adapter";`,
      ].join("\n"),
    );
    expect(rewritten).toBe(10);
    expect(unmapped).toEqual([]);
  });

  it("parses JSX and reports next-auth paths that have no Foyer twin, leaving them as they were", () => {
    const before = `import { middleware } from "next-auth/middleware";\nimport { SessionProvider } from "next-auth/react";\nexport const A = () => <SessionProvider>{"next-auth"}</SessionProvider>;\n`;
    const { text, unmapped } = migrateSource(before, "layout.tsx");
    expect(text).toBe(
      `import { middleware } from "next-auth/middleware";\nimport { SessionProvider } from "foyer-auth/react";\nexport const A = () => <SessionProvider>{"next-auth"}</SessionProvider>;\n`,
    );
    expect(unmapped).toEqual(["next-auth/middleware"]);
  });

  it("leaves a file without next-auth byte for byte", () => {
    const before = `import { cookies } from "next/headers";\r\n\tconst x = 1;\r\n`;
    expect(migrateSource(before, "a.ts")).toEqual({ text: before, rewritten: 0, unmapped: [] });
  });
});

describe("migrateApp and the command", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function app(): string {
    const root = mkdtempSync(join(tmpdir(), "migrate-next-auth-"));
    dirs.push(root);
    const from = join(root, "app");
    mkdirSync(join(from, "app", "api"), { recursive: true });
    mkdirSync(join(from, "node_modules", "next-auth"), { recursive: true });
    mkdirSync(join(from, ".next"), { recursive: true });
    writeFileSync(join(from, "auth.ts"), `import NextAuth from "next-auth";\nexport const { auth } = NextAuth({ providers: [] });\n`);
    writeFileSync(join(from, "app", "api", "route.js"), `export { GET } from "../../auth";\n`);
    writeFileSync(join(from, "package.json"), `{ "dependencies": { "next-auth": "5.0.0-beta.32" } }\n`);
    writeFileSync(join(from, "node_modules", "next-auth", "index.js"), `export * from "next-auth";\n`);
    writeFileSync(join(from, ".next", "BUILD_ID"), "x");
    return from;
  }

  it("copies the app without node_modules and .next, rewriting only module paths", () => {
    const from = app();
    const to = join(from, "..", "migrated");
    expect(migrateApp(from, to)).toEqual({ changedFiles: ["auth.ts"], unmapped: [] });
    expect(readFileSync(join(to, "auth.ts"), "utf8")).toBe(`import NextAuth from "foyer-auth/next";\nexport const { auth } = NextAuth({ providers: [] });\n`);
    expect(readFileSync(join(to, "app", "api", "route.js"), "utf8")).toBe(`export { GET } from "../../auth";\n`);
    // Only import paths change: the package.json is the user's to edit.
    expect(readFileSync(join(to, "package.json"), "utf8")).toBe(`{ "dependencies": { "next-auth": "5.0.0-beta.32" } }\n`);
    expect(existsSync(join(to, "node_modules"))).toBe(false);
    expect(existsSync(join(to, ".next"))).toBe(false);
    // The original is untouched.
    expect(readFileSync(join(from, "auth.ts"), "utf8")).toContain(`from "next-auth"`);
  });

  it("refuses to write into an existing folder or inside the app", () => {
    const from = app();
    expect(() => migrateApp(from, from)).toThrow(/already exists/);
    expect(() => migrateApp(from, join(from, "inner"))).toThrow(/must not be inside/);
  });

  it("as a command: exits 1 and names the file when a next-auth path has no twin", () => {
    const from = app();
    writeFileSync(join(from, "proxy.ts"), `export { default } from "next-auth/middleware";\n`);
    const to = join(from, "..", "migrated");
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "migrate-next-auth.ts"), from, to], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      status = (error as { status: number }).status;
      stderr = (error as { stderr: string }).stderr;
    }
    expect(status).toBe(1);
    expect(stderr).toContain("proxy.ts: next-auth/middleware");
    expect(readFileSync(join(to, "auth.ts"), "utf8")).toContain(`from "foyer-auth/next"`);
  });
});
