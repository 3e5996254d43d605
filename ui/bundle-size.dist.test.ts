/**
 * The browser bundles as `npm run build` writes them to dist/browser/ (vite.config.ts, `build`):
 * size budgets (docs/performance.md#web-components-bundle), self-containment, the tags each one defines, and the package entry
 * points that expose the elements (`foyer-auth/elements`, `foyer-auth/elements/<tag>`,
 * `foyer-auth/browser/*`), resolved by the package's own name as an application would.
 *
 * Sizes are gzip -9 of the minified file. GNU gzip is used when it is installed (the number the
 * budget is written in); otherwise Node's zlib at level 9, which compresses slightly less.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** dist/browser/ as `npm run build` writes it, which the package's entry points resolve to. */
const DIST_BROWSER = new URL("../dist/browser/", import.meta.url);
/**
 * The bundles checked: dist/browser/, or the folder FOYER_BROWSER_OUT names when set (the same variable
 * makes scripts/build-elements.mjs build there, to measure without touching dist/).
 */
const BROWSER = process.env.FOYER_BROWSER_OUT ? pathToFileURL(resolve(ROOT, process.env.FOYER_BROWSER_OUT) + "/") : DIST_BROWSER;
const PASSKEY_TAGS = ["auth-passkey-button", "auth-passkey-register", "auth-passkeys"];
const TAGS = ["auth-signin", "auth-provider-button", "auth-signout", "auth-session", "auth-user", ...PASSKEY_TAGS];

/**
 * Budgets in bytes, gzip -9 (docs/performance.md, "Web components bundle", says what is
 * in each file and where the bytes go):
 *
 * - `foyer-elements.js`: 20 KB for the kit plus 4 KB for passkeys, i.e. 24 KB.
 * - `foyer-passkey.js`: the hosted sign-in page's passkey script, 4 KB (what the
 *   passkey client adds), of which @simplewebauthn/browser's two ceremonies take about 2 KB.
 * - `auth-signin.js`: 12 KB: everything a page that shows
 *   `<auth-signin>` in English with the default look (or a look from CSS custom properties) loads.
 * - `auth-signin-request.js`: the code that posts `<auth-signin>`'s sign-ins (CSRF token, request,
 *   answer), which auth-signin.js loads on a visitor's first interaction: a ceiling just above
 *   today's 2.1 KB (it repeats the client's request layer, as each file is self-contained).
 * - `auth-customization.js`: what a page adds when it asks for another language, message overrides or
 *   a `Theme` object, or when the server has a theme (the translator, the catalogue loader, theme
 *   validation, the server theme's stylesheet, the brand header's logo and app name): a ceiling just
 *   above today's 3.8 KB. The catalogue itself (below) comes on top.
 * - `auth-passkey.js`: what auth-signin.js loads from Foyer when it shows a passkey provider (Lit, the
 *   client and the three passkey elements again, since each file is self-contained): a ceiling just
 *   above today's 18.3 KB.
 * - `auth-account.js`: the account area for an app's own account page (`<auth-account>` with
 *   `<auth-passkeys>` and `<auth-passkey-register>`, Lit, the client, the passkey client, the
 *   customisation code and the account area's messages in every built-in language, about 4.7 KB of
 *   it): a ceiling just above today's 30.1 KB.
 */
const BUDGETS = {
  "foyer-elements.js": 24 * 1024,
  "auth-signin.js": 12 * 1024,
  "auth-signin-request.js": 2.25 * 1024,
  "auth-customization.js": 3.875 * 1024,
  "auth-passkey.js": 19 * 1024,
  "foyer-passkey.js": 4 * 1024,
  "auth-account.js": 31 * 1024,
} as const;

/** What passkeys may add to the client: foyer-client-passkey.js minus foyer-client.js, gzip -9. */
const PASSKEY_CLIENT_BUDGET = 4 * 1024;

beforeAll(() => {
  const missing = [
    "foyer-elements.js",
    "foyer-client.js",
    "auth-signin.js",
    "auth-signin-request.js",
    "auth-passkey.js",
    "auth-customization.js",
    "foyer-passkey.js",
    "foyer-client-passkey.js",
    "auth-account.js",
  ].filter((name) => !existsSync(new URL(name, BROWSER)));
  if (missing.length) {
    throw new Error(
      `${fileURLToPath(BROWSER)} lacks ${missing.join(", ")}: run \`npm run build\` first (\`npm test\` builds before Vitest; FOYER_BROWSER_OUT=<dir> builds and checks elsewhere).`,
    );
  }
});

function gzipSize(file: URL): { bytes: number; tool: string } {
  try {
    return { bytes: execFileSync("gzip", ["-9", "-n", "-c", fileURLToPath(file)], { maxBuffer: 16 * 1024 * 1024 }).length, tool: "gzip -9" };
  } catch {
    return { bytes: gzipSync(readFileSync(file), { level: 9 }).length, tool: "zlib level 9" };
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB (${bytes} bytes)`;

/** Runs an ES module script in a fresh Node from the repository root; prints JSON on stdout. */
async function node(script: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, timeout: 15_000 });
  return JSON.parse(stdout);
}

/** Loads a built browser bundle in a fresh Node with a linkedom window and lists the tags it defined. */
function definedTags(bundle: string, tags: readonly string[] = TAGS): Promise<unknown> {
  return node(`
    import { parseHTML } from "linkedom";
    const { window } = parseHTML("<!doctype html><html><body></body></html>");
    for (const name of ["window", "document", "customElements", "HTMLElement", "Element", "Node", "Document", "DocumentFragment", "ShadowRoot", "CSSStyleSheet", "MutationObserver"]) {
      if (window[name] !== undefined && globalThis[name] === undefined) globalThis[name] = window[name];
    }
    const module = await import(${JSON.stringify(new URL(bundle, BROWSER).href)});
    const tags = ${JSON.stringify(tags)}.filter((tag) => customElements.get(tag));
    console.log(JSON.stringify({ tags, exports: Object.keys(module).sort() }));
  `);
}

describe("browser bundle sizes (gzip -9)", () => {
  it.each(Object.entries(BUDGETS))("%s is within its budget", (name, budget) => {
    const { bytes, tool } = gzipSize(new URL(name, BROWSER));
    expect(
      bytes,
      `dist/browser/${name} is ${kb(bytes)} with ${tool}; the budget is ${kb(budget)} (docs/performance.md, "Web components bundle", says what is in it)`,
    ).toBeLessThanOrEqual(budget);
  });
});

/** Budget of each message catalogue the elements load on demand (dist/browser/locales/, fetched from Foyer's origin), gzip -9. */
const CATALOGUE_BUDGET = 2 * 1024;

describe("message catalogues loaded on demand (gzip -9)", () => {
  const LOCALES_DIR = new URL("locales/", BROWSER);
  const files = existsSync(LOCALES_DIR) ? readdirSync(LOCALES_DIR).filter((name) => name.endsWith(".json")) : [];

  it("one file per built-in catalogue but English", () => {
    expect(files.map((name) => name.split(".")[0]).sort()).toEqual(["ar", "de", "es", "fr", "ja"]);
  });

  it.each(files)("locales/%s is within its budget", (name) => {
    const { bytes, tool } = gzipSize(new URL(name, LOCALES_DIR));
    expect(bytes, `dist/browser/locales/${name} is ${kb(bytes)} with ${tool}; the budget is ${kb(CATALOGUE_BUDGET)}`).toBeLessThanOrEqual(CATALOGUE_BUDGET);
  });
});

describe("browser bundles", () => {
  it.each([
    "foyer-elements.js",
    "foyer-client.js",
    "auth-signin.js",
    "auth-signin-request.js",
    "auth-passkey.js",
    "auth-customization.js",
    "foyer-passkey.js",
    "foyer-client-passkey.js",
    "auth-account.js",
  ])("%s is one self-contained, minified ES module", (name) => {
    const code = readFileSync(new URL(name, BROWSER), "utf8");
    // No static imports: Lit and the client are inside. The only dynamic imports are of Foyer's own
    // assets (`{origin}{basePath}/assets/<file>`, ui/internal/foyer-asset.ts), in the bundles that load their
    // companions on demand; non-English catalogues are fetched as JSON.
    // (Matches only, not `code`, in the assertions: a failure must not print the whole bundle.)
    expect(code.match(/(?:^|[;}\n])\s*import\s*[\s{*"'`][^;]{0,80}/)?.[0]).toBeUndefined();
    const dynamicImports = [...code.matchAll(/\bimport\s*\((?:`[^`]{0,80}`|[^)]{0,80})/g)].map((match) => match[0]);
    expect(dynamicImports.filter((call) => !/^import\(`\$\{location\.origin\}\$\{[\w$]+\([\w$]+\)\}\/assets\/\$\{[\w$]+\}`$/.test(call))).toEqual([]);
    expect(dynamicImports.length).toBe(["auth-signin.js", "auth-passkey.js", "foyer-elements.js"].includes(name) ? 1 : 0);
    // No third-party hosts: the bundles fetch only from Foyer's origin. `.invalid` is the client's
    // placeholder base for parsing URLs.
    // simplewebauthn.dev only appears in @simplewebauthn/browser's console warning text for a
    // deprecated call style (never made here); it is never fetched.
    const hosts = [...code.matchAll(/https?:\/\/([\w.-]+)/g)].map((match) => match[1]!);
    expect(hosts.filter((host) => !host.endsWith(".invalid") && host !== "www.w3.org" && host !== "simplewebauthn.dev")).toEqual([]);
    expect(code.split("\n").length, "minified: a handful of lines, not one per statement").toBeLessThan(200);
  });

  it("foyer-elements.js defines every element and exports their classes and events", async () => {
    const result = (await definedTags("foyer-elements.js")) as { tags: string[]; exports: string[] };
    expect(result.tags.sort()).toEqual([...TAGS].sort());
    expect(result.exports).toEqual(
      expect.arrayContaining([
        "AuthSignin",
        "AuthProviderButton",
        "AuthSignout",
        "AuthSession",
        "AuthUser",
        "AuthPasskeyButton",
        "AuthPasskeyRegister",
        "AuthPasskeys",
        "AuthSigninErrorEvent",
        "AuthSessionChangeEvent",
        "AuthPasskeyRegisteredEvent",
        "AuthPasskeyRemovedEvent",
      ]),
    );
  });

  it("auth-signin.js defines <auth-signin>, and nothing else", async () => {
    const result = (await definedTags("auth-signin.js")) as { tags: string[] };
    expect(result.tags).toEqual(["auth-signin"]);
  });

  it("auth-signin.js, auth-passkey.js and foyer-elements.js leave the customisation code out: they load auth-customization.js as Foyer serves it", async () => {
    const { bundleAssetPath, findAsset, customizationScriptPath } = await import("../server/pages/assets.js");
    const named = bundleAssetPath("auth-customization", readFileSync(new URL("auth-customization.js", BROWSER), "utf8"));
    expect(named).toMatch(/^auth-customization\.[0-9a-f]{10}\.js$/);
    for (const name of ["auth-signin.js", "auth-passkey.js", "foyer-elements.js"]) {
      const code = readFileSync(new URL(name, BROWSER), "utf8");
      // Strings minification keeps: theme validation's canvas option, directionOf's right-to-left scripts
      // (which foyer-elements.js carries anyway, for <auth-user>).
      const markers = name === "foyer-elements.js" ? ["willReadFrequently"] : ["willReadFrequently", "adlm|arab"];
      for (const marker of markers) expect(code.includes(marker), `${name}: ${marker}`).toBe(false);
      expect(code).toContain(named);
    }
    if (BROWSER.href === DIST_BROWSER.href) {
      expect(customizationScriptPath()).toBe(named);
      expect(findAsset(named)?.contentType).toBe("text/javascript; charset=utf-8");
    }
  });

  it("auth-customization.js is the customisation code alone: no Lit, no elements", async () => {
    const code = readFileSync(new URL("auth-customization.js", BROWSER), "utf8");
    expect(code).not.toContain("customElements");
    // Lit registers its version under these names, which minification keeps.
    expect(code.match(/reactiveElementVersions|litHtmlVersions/)?.[0]).toBeUndefined();
    const result = (await node(`
      const module = await import(${JSON.stringify(new URL("auth-customization.js", BROWSER).href)});
      console.log(JSON.stringify(Object.keys(module).sort()));
    `)) as string[];
    expect(result).toEqual(["adoptSiteTheme", "catalogues", "createTranslator", "loadCatalogues", "themeBrand", "writeTheme"]);
  });

  it("auth-signin.js has no passkey code: it loads auth-passkey.js as Foyer serves it, by its hashed name", async () => {
    const code = readFileSync(new URL("auth-signin.js", BROWSER), "utf8");
    for (const marker of ["startAuthentication", "isConditionalMediationAvailable", "auth-passkeys", "passkey.list."])
      expect(code.includes(marker), marker).toBe(false);
    const { bundleAssetPath, findAsset, passkeyElementsScriptPath } = await import("../server/pages/assets.js");
    const named = bundleAssetPath("auth-passkey", readFileSync(new URL("auth-passkey.js", BROWSER), "utf8"));
    expect(named).toMatch(/^auth-passkey\.[0-9a-f]{10}\.js$/);
    expect(code).toContain(named);
    // Foyer serves that file under that name (it reads dist/browser/, so only checked there).
    if (BROWSER.href === DIST_BROWSER.href) {
      expect(passkeyElementsScriptPath()).toBe(named);
      expect(findAsset(named)?.contentType).toBe("text/javascript; charset=utf-8");
    }
  });

  it("auth-signin.js leaves out the code that posts a sign-in: it loads auth-signin-request.js as Foyer serves it", async () => {
    const code = readFileSync(new URL("auth-signin.js", BROWSER), "utf8");
    // Strings minification keeps: the header of every sign-in post, the CSRF route.
    for (const marker of ["X-Auth-Return-Redirect", "/csrf"]) expect(code.includes(marker), marker).toBe(false);
    const request = readFileSync(new URL("auth-signin-request.js", BROWSER), "utf8");
    for (const marker of ["X-Auth-Return-Redirect", "/csrf"]) expect(request.includes(marker), marker).toBe(true);
    expect(request).not.toContain("customElements");
    const result = (await node(`
      const module = await import(${JSON.stringify(new URL("auth-signin-request.js", BROWSER).href)});
      console.log(JSON.stringify(Object.keys(module)));
    `)) as string[];
    expect(result).toEqual(["requestSignIn"]);
    const { bundleAssetPath, findAsset } = await import("../server/pages/assets.js");
    const named = bundleAssetPath("auth-signin-request", request);
    expect(code).toContain(named);
    if (BROWSER.href === DIST_BROWSER.href) expect(findAsset(named)?.contentType).toBe("text/javascript; charset=utf-8");
  });

  it("auth-passkey.js defines the three passkey elements, and nothing else", async () => {
    const result = (await definedTags("auth-passkey.js")) as { tags: string[]; exports: string[] };
    expect(result.tags.sort()).toEqual([...PASSKEY_TAGS].sort());
    expect(result.exports).toEqual(["AuthPasskeyButton", "AuthPasskeyRegister", "AuthPasskeyRegisteredEvent", "AuthPasskeyRemovedEvent", "AuthPasskeys"]);
  });

  it("auth-account.js defines <auth-account> with the passkey list and register button, and nothing else; Foyer serves it", async () => {
    const result = (await definedTags("auth-account.js", [...TAGS, "auth-account"])) as { tags: string[]; exports: string[] };
    expect(result.tags.sort()).toEqual(["auth-account", "auth-passkey-register", "auth-passkeys"]);
    expect(result.exports).toEqual(expect.arrayContaining(["AuthAccount", "AuthPasskeyRegister", "AuthPasskeys", "AuthProfileUpdatedEvent"]));
    const code = readFileSync(new URL("auth-account.js", BROWSER), "utf8");
    if (BROWSER.href === DIST_BROWSER.href) {
      const { bundleAssetPath, findAsset, accountScriptPath } = await import("../server/pages/assets.js");
      expect(accountScriptPath()).toBe(bundleAssetPath("auth-account", code));
      expect(findAsset(accountScriptPath()!)?.contentType).toBe("text/javascript; charset=utf-8");
    }
  });

  it("foyer-client.js is the client alone: its functions, no elements", async () => {
    const result = (await node(`
      const module = await import(${JSON.stringify(new URL("foyer-client.js", BROWSER).href)});
      console.log(JSON.stringify(Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]))));
    `)) as Record<string, string>;
    for (const name of ["createAuthClient", "getCsrfToken", "getProviders", "getSession", "signIn", "signOut", "updateSession", "onSessionChange"]) {
      expect(result[name], `foyer-client.js exports ${name}`).toBe("function");
    }
    expect(readFileSync(new URL("foyer-client.js", BROWSER), "utf8")).not.toContain("customElements");
  });
});

describe("passkey bundles", () => {
  it("the passkey client adds at most 4 KB gzip to the client", () => {
    const client = gzipSize(new URL("foyer-client.js", BROWSER));
    const withPasskeys = gzipSize(new URL("foyer-client-passkey.js", BROWSER));
    const added = withPasskeys.bytes - client.bytes;
    expect(
      added,
      `foyer-client-passkey.js (${kb(withPasskeys.bytes)}) minus foyer-client.js (${kb(client.bytes)}) is ${kb(added)} with ${client.tool}; the budget is ${kb(PASSKEY_CLIENT_BUDGET)}`,
    ).toBeLessThanOrEqual(PASSKEY_CLIENT_BUDGET);
  });

  it("take only the SimpleWebAuthn functions they use (no signals, capabilities or platform checks)", () => {
    for (const name of ["foyer-passkey.js", "foyer-client-passkey.js"]) {
      const code = readFileSync(new URL(name, BROWSER), "utf8");
      // String literals of the library's other functions, which minification keeps.
      for (const marker of ["isUserVerifyingPlatformAuthenticatorAvailable", "getClientCapabilities"]) {
        expect(code.includes(marker), `${name} contains ${marker}`).toBe(false);
      }
      // Only Foyer's own calls: after a refused sign-up (ui/client/passkey.ts, in both) and after a
      // removal (ui/client/passkey-account.ts, not in the page script); the accepted passkeys and the
      // user's names (ui/client/passkey-signal.ts, not in the page script); never the library's wrappers.
      const page = name === "foyer-passkey.js";
      const expected = { signalUnknownCredential: page ? 1 : 2, signalAllAcceptedCredentials: page ? 0 : 1, signalCurrentUserDetails: page ? 0 : 1 };
      for (const [method, calls] of Object.entries(expected)) {
        expect(code.split(method).length - 1, `${name} names ${method} ${calls}×`).toBe(calls);
      }
      expect(code).toContain("isConditionalMediationAvailable");
    }
  });

  it("foyer-passkey.js is the page script: no exports, no elements, no catalogue; it runs on load", () => {
    const code = readFileSync(new URL("foyer-passkey.js", BROWSER), "utf8");
    expect(code.match(/\bexport\s*\{[^}]{0,80}/)?.[0]).toBeUndefined();
    expect(code).not.toContain("customElements");
    expect(code).not.toContain("language.name");
    expect(code).toContain("data-passkey-provider");
  });

  it("foyer-client-passkey.js exports the client and the passkey functions", async () => {
    const result = (await node(`
      const module = await import(${JSON.stringify(new URL("foyer-client-passkey.js", BROWSER).href)});
      console.log(JSON.stringify(Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]))));
    `)) as Record<string, string>;
    for (const name of [
      "signIn",
      "getSession",
      "passkeysSupported",
      "conditionalMediationAvailable",
      "signInWithPasskey",
      "startConditionalSignIn",
      "registerPasskey",
      "cancelPasskeyCeremony",
      "listPasskeys",
      "renamePasskey",
      "removePasskey",
    ]) {
      expect(result[name], `foyer-client-passkey.js exports ${name}`).toBe("function");
    }
  });

  it("foyer-auth/client/passkey resolves to the built module, imports in plain Node, and declares its types", async () => {
    const result = (await node(`
      const module = await import("foyer-auth/client/passkey");
      console.log(JSON.stringify({ url: import.meta.resolve("foyer-auth/client/passkey"), exports: Object.keys(module).sort(), supported: module.passkeysSupported() }));
    `)) as { url: string; exports: string[]; supported: boolean };
    expect(result.url).toBe(new URL("../dist/ui/client/passkey.js", import.meta.url).href);
    expect(result.exports).toEqual(
      [
        "cancelPasskeyCeremony",
        "conditionalMediationAvailable",
        "listPasskeys",
        "passkeysSupported",
        "registerPasskey",
        "removePasskey",
        "renamePasskey",
        "signalAcceptedPasskeys",
        "signInWithPasskey",
        "startConditionalSignIn",
      ].sort(),
    );
    expect(result.supported).toBe(false);
    expect(existsSync(new URL("../dist/ui/client/passkey.d.ts", import.meta.url))).toBe(true);
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { exports: Record<string, unknown> };
    expect(pkg.exports["./client/passkey"]).toEqual({ types: "./dist/ui/client/passkey.d.ts", import: "./dist/ui/client/passkey.js" });
  });
});

describe("package entry points for the elements (built dist/, resolved by the package's name)", () => {
  it("import in plain Node without throwing (SSR-safe), with the expected exports", async () => {
    const result = (await node(`
      const kinds = (module) => Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]));
      const elements = await import("foyer-auth/elements");
      const one = {};
      for (const tag of ${JSON.stringify(TAGS)}) {
        const module = await import("foyer-auth/elements/" + tag);
        one[tag] = { tagName: module.tagName, define: typeof module.define };
      }
      const client = await import("foyer-auth/client");
      console.log(JSON.stringify({ elements: kinds(elements), one, client: kinds(client) }));
    `)) as { elements: Record<string, string>; one: Record<string, { tagName: string; define: string }>; client: Record<string, string> };
    for (const name of [
      "AuthSignin",
      "AuthProviderButton",
      "AuthSignout",
      "AuthSession",
      "AuthUser",
      "AuthPasskeyButton",
      "AuthPasskeyRegister",
      "AuthPasskeys",
      "AuthSigninStartEvent",
      "AuthSigninSuccessEvent",
      "AuthSigninErrorEvent",
      "AuthSignoutEvent",
      "AuthSessionChangeEvent",
      "AuthPasskeyRegisteredEvent",
      "AuthPasskeyRemovedEvent",
    ]) {
      expect(result.elements[name], `foyer-auth/elements exports ${name}`).toBe("function");
    }
    for (const tag of TAGS) expect(result.one[tag], `foyer-auth/elements/${tag}`).toEqual({ tagName: tag, define: "function" });
    expect(result.client.signIn).toBe("function");
  });

  it("resolve foyer-auth/browser/* to dist/browser/ and the manifest to custom-elements.json", async () => {
    const result = (await node(`
      console.log(JSON.stringify({
        bundle: import.meta.resolve("foyer-auth/browser/foyer-elements.js"),
        manifest: import.meta.resolve("foyer-auth/custom-elements.json"),
      }));
    `)) as { bundle: string; manifest: string };
    expect(result.bundle).toBe(new URL("foyer-elements.js", DIST_BROWSER).href);
    expect(result.manifest).toBe(new URL("../custom-elements.json", import.meta.url).href);
  });

  it("package.json declares the manifest, ships it, and marks the define modules as side effects", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      customElements: string;
      files: string[];
      sideEffects: string[] | boolean;
      exports: Record<string, unknown>;
    };
    expect(pkg.customElements).toBe("./custom-elements.json");
    expect(pkg.files).toContain("custom-elements.json");
    // With `"sideEffects": false`, bundlers drop a bare `import "foyer-auth/elements"` and no tag is defined.
    expect(pkg.sideEffects).toEqual(expect.arrayContaining(["./dist/ui/elements/index.js", "./dist/ui/elements/*/define.js", "./dist/browser/*.js"]));
    expect(pkg.exports["./elements"]).toEqual({ types: "./dist/ui/elements/index.d.ts", import: "./dist/ui/elements/index.js" });
    expect(pkg.exports["./elements/*"]).toEqual({ types: "./dist/ui/elements/*/define.d.ts", import: "./dist/ui/elements/*/define.js" });
  });
});
