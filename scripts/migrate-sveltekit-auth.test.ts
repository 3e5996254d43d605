import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { foyerSvelteKitSpecifier, migrateSvelteKitApp, migrateSvelteKitSource } from "./migrate-sveltekit-auth.js";

describe("foyerSvelteKitSpecifier", () => {
  it("maps @auth/sveltekit, its components and providers (and @auth/core's providers), nothing else", () => {
    expect(foyerSvelteKitSpecifier("@auth/sveltekit")).toBe("foyer-auth/sveltekit");
    expect(foyerSvelteKitSpecifier("@auth/sveltekit/components")).toBe("foyer-auth/sveltekit/components");
    expect(foyerSvelteKitSpecifier("@auth/sveltekit/providers/github")).toBe("foyer-auth/providers/github");
    expect(foyerSvelteKitSpecifier("@auth/core/providers/credentials")).toBe("foyer-auth/providers/credentials");
    expect(foyerSvelteKitSpecifier("@auth/sveltekit/client")).toBeNull();
    expect(foyerSvelteKitSpecifier("@auth/sveltekit/providers/../../x")).toBeNull();
    expect(foyerSvelteKitSpecifier("@auth/sveltekit-extra")).toBeNull();
  });
});

describe("migrateSvelteKitSource", () => {
  it("rewrites module paths in TypeScript and in Svelte scripts, leaving other strings and unknown subpaths (reported)", () => {
    const before = [
      `import { SvelteKitAuth, type SvelteKitAuthConfig } from "@auth/sveltekit";`,
      `import GitHub from '@auth/sveltekit/providers/github';`,
      `<script>import { SignIn } from "@auth/sveltekit/components";</script>`,
      `const lazy = () => import("@auth/sveltekit");`,
      `declare module "@auth/sveltekit" {}`,
      `const label = "@auth/sveltekit";`,
      `import { signIn } from "@auth/sveltekit/client";`,
    ].join("\n");
    const { text, unmapped } = migrateSvelteKitSource(before);
    expect(text).toBe(
      [
        `import { SvelteKitAuth, type SvelteKitAuthConfig } from "foyer-auth/sveltekit";`,
        `import GitHub from 'foyer-auth/providers/github';`,
        `<script>import { SignIn } from "foyer-auth/sveltekit/components";</script>`,
        `const lazy = () => import("foyer-auth/sveltekit");`,
        `declare module "foyer-auth/sveltekit" {}`,
        `const label = "@auth/sveltekit";`,
        `import { signIn } from "@auth/sveltekit/client";`,
      ].join("\n"),
    );
    expect(unmapped).toEqual(["@auth/sveltekit/client"]);
  });
});

describe("migrateSvelteKitApp", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("copies the app without node_modules, .svelte-kit and build, rewriting .ts and .svelte files only", () => {
    dir = mkdtempSync(join(tmpdir(), "migrate-sveltekit-"));
    const app = join(dir, "app");
    for (const sub of ["src/routes", "node_modules/x", ".svelte-kit", "build"]) mkdirSync(join(app, sub), { recursive: true });
    writeFileSync(join(app, "src/auth.ts"), `import { SvelteKitAuth } from "@auth/sveltekit";\n`);
    writeFileSync(join(app, "src/routes/+page.svelte"), `<script>import { SignIn } from "@auth/sveltekit/components";</script>\n`);
    writeFileSync(join(app, "README.md"), `import x from "@auth/sveltekit"\n`);
    writeFileSync(join(app, "node_modules/x/index.js"), "");
    const { unmapped } = migrateSvelteKitApp(app, join(dir, "out"));
    expect(unmapped).toEqual([]);
    expect(readFileSync(join(dir, "out/src/auth.ts"), "utf8")).toContain(`from "foyer-auth/sveltekit"`);
    expect(readFileSync(join(dir, "out/src/routes/+page.svelte"), "utf8")).toContain(`from "foyer-auth/sveltekit/components"`);
    expect(readFileSync(join(dir, "out/README.md"), "utf8")).toContain(`"@auth/sveltekit"`);
    expect(() => readFileSync(join(dir!, "out/node_modules/x/index.js"))).toThrow();
    expect(() => migrateSvelteKitApp(app, join(dir!, "out"))).toThrow(/exists/);
  });
});
