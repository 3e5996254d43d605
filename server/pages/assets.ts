/**
 * Static files Foyer serves itself under `{basePath}/assets/`: no page ever loads anything from a
 * third-party host (docs/elements.md#loading-the-elements). File names carry a content hash, so they can be cached forever.
 *
 * This module also runs in the browser (Storybook renders the real pages), so it has no static Node
 * imports: the browser bundles and the catalogues are read through `process.getBuiltinModule` where
 * that exists.
 */
import { letterMarkSvg } from "./letter-marks.js";
import { LOGOS } from "./logos.generated.js";

/** Logo colour variants: white or black marks, for buttons of a dark or light brand colour. */
export type LogoFill = "fff" | "000";

interface Asset {
  body: string;
  contentType: string;
}

const assets = new Map<string, Asset>();
const logoFiles = new Map<string, string>();

/**
 * A content hash for file names (cache busting, not security): two FNV-1a passes, 40 bits of hex.
 * Pure JavaScript so that page rendering also runs in the browser (Storybook renders the real pages).
 */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x01000193) >>> 0;
  }
  return (a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0")).slice(0, 10);
}

function register(name: string, asset: Asset): string {
  assets.set(name, asset);
  return name;
}

/** The asset path (relative to `{basePath}/assets/`) of a bundled provider logo, or `undefined`. */
export function logoAssetPath(providerId: string, fill: LogoFill): string | undefined {
  const key = `${providerId}\u0000${fill}`;
  const cached = logoFiles.get(key);
  if (cached) return cached;
  const logo = Object.hasOwn(LOGOS, providerId) ? LOGOS[providerId] : undefined;
  // No bundled brand logo: a neutral letter mark for the providers that have one (letter-marks.ts).
  const svg = logo
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#${fill}"><title>${logo.title}</title><path d="${logo.path}"/></svg>`
    : letterMarkSvg(providerId, fill);
  if (!svg) return undefined;
  const name = register(`logos/${providerId}.${fill}.${hash(svg)}.svg`, { body: svg, contentType: "image/svg+xml" });
  logoFiles.set(key, name);
  return name;
}

/** The brand colour simple-icons records for a provider, if it has a bundled logo. */
export function bundledBrandColor(providerId: string): string | undefined {
  return Object.hasOwn(LOGOS, providerId) ? LOGOS[providerId]!.hex : undefined;
}

/** The self-contained web components bundle that `npm run build` writes (vite.config.ts, `build`). */
const ELEMENTS_BUNDLE = "foyer-elements";

/** `<auth-signin>` alone (ui/elements/auth-signin/define.ts), for pages that show nothing else. */
const SIGNIN_BUNDLE = "auth-signin";

/** The code that posts `<auth-signin>`'s sign-ins (ui/elements/auth-signin/sign-in-request.ts), which its own bundle loads on a visitor's first interaction. */
const SIGNIN_REQUEST_BUNDLE = "auth-signin-request";

/** The account area's elements (ui/elements/account-elements.ts), for an app's own account page. */
const ACCOUNT_BUNDLE = "auth-account";

/** The passkey elements (ui/elements/passkey-elements.ts), which `<auth-signin>`'s own bundle loads on demand. */
const PASSKEY_ELEMENTS_BUNDLE = "auth-passkey";

/**
 * The elements' customisation code (ui/internal/customization.ts: other languages, message overrides,
 * `Theme` objects), which `auth-signin.js` and `auth-passkey.js` load on demand.
 */
const CUSTOMIZATION_BUNDLE = "auth-customization";

/** The hosted sign-in page's passkey script (ui/pages/passkey-page.ts), also built by `npm run build`. */
const PASSKEY_BUNDLE = "foyer-passkey";

/** Where dist/browser/ is from this module: built (dist/server/pages/) first, then the source (server/pages/). */
const BROWSER_DIRS = ["../../browser/", "../../dist/browser/"];

/**
 * This module's URL, read once. Never passed as the base of `new URL(…, base)`: bundlers (Turbopack,
 * webpack, Vite) treat that pattern as an asset import and fail on a computed path.
 */
const MODULE_URL = import.meta.url;

/**
 * The folders that may hold dist/browser/, most likely first: next to this module (the package as
 * installed, or the source checkout), then the installed package as Node resolves it from the working
 * directory. The last one is what remains when a bundler (Next.js) has moved this module into its own
 * output: the bundles are still in `node_modules/foyer-auth/dist/browser/`.
 */
function browserDirs(): URL[] {
  // Joined as text, then parsed: a bundler follows `new URL(path, moduleUrl)` even through a constant.
  const moduleFolder = MODULE_URL.slice(0, MODULE_URL.lastIndexOf("/") + 1);
  const dirs = MODULE_URL.startsWith("file:") ? BROWSER_DIRS.map((dir) => new URL(moduleFolder + dir)) : [];
  const installed = installedPackageDir();
  if (installed) dirs.push(new URL("dist/browser/", installed));
  return dirs;
}

/** The folder of the installed foyer-auth package (with a trailing slash), resolved from the working directory. */
function installedPackageDir(): URL | undefined {
  const moduleApi = builtin<typeof import("node:module")>("node:module");
  const path = builtin<typeof import("node:path")>("node:path");
  const url = builtin<typeof import("node:url")>("node:url");
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  if (!moduleApi || !path || !url || !cwd) return undefined;
  try {
    const manifest = moduleApi.createRequire(path.join(cwd, "package.json")).resolve("foyer-auth/package.json");
    return url.pathToFileURL(path.dirname(manifest) + path.sep);
  } catch {
    return undefined; // not installed where the working directory can see it
  }
}

/** Why the elements bundle is absent; the assets route logs it at debug level. */
export const ELEMENTS_BUNDLE_MISSING = `dist/browser/${ELEMENTS_BUNDLE}.js was not found, so {basePath}/assets/ serves no web components bundle: run \`npm run build\` (it builds the bundle after the TypeScript output).`;

/** Why the passkey script is absent; the assets route logs it at debug level. */
export const PASSKEY_BUNDLE_MISSING = `dist/browser/${PASSKEY_BUNDLE}.js was not found, so the sign-in page's passkey section stays hidden: run \`npm run build\` (it builds the script after the TypeScript output).`;

/** Bundle name → its asset path, or `null` when it is not built (or not in Node). Absent: not looked up yet. */
const bundles = new Map<string, string | null>();

/** A Node built-in module, where this runs in Node from files (not in the browser, for Storybook). */
function builtin<T>(id: string): T | undefined {
  // Storybook serves this module over http(s) in the browser; anywhere else (a Node file, a bundler's chunk) may use Node.
  if (/^https?:/.test(MODULE_URL)) return undefined;
  return (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(id) as T | undefined;
}

/**
 * The asset path of browser bundle `name` with content `body`: `<name>.<hash>.js`. Also used by
 * scripts/build-elements.mjs, which writes the passkey elements' path into auth-signin.js.
 */
export function bundleAssetPath(name: string, body: string): string {
  return `${name}.${hash(body)}.js`;
}

/** Reads dist/browser/<name>.js once, relative to this module, and registers it under a hashed name; `null` when it is not there. */
function loadBundle(name: string): string | null {
  const known = bundles.get(name);
  if (known !== undefined) return known;
  bundles.set(name, null);
  const fs = builtin<typeof import("node:fs")>("node:fs");
  if (!fs) return null;
  for (const dir of browserDirs()) {
    const file = new URL(`${name}.js`, dir);
    try {
      const body = fs.readFileSync(file, "utf8");
      const path = register(bundleAssetPath(name, body), { body, contentType: "text/javascript; charset=utf-8" });
      bundles.set(name, path);
      return path;
    } catch {
      // not in this layout; try the next
    }
  }
  return null;
}

/** Whether `path` has the shape of bundle `name`'s asset path (whether or not it is current). */
function isBundlePath(name: string, path: string): boolean {
  return path.length === name.length + 14 && path.startsWith(`${name}.`) && /^\.[0-9a-f]{10}\.js$/.test(path.slice(name.length));
}

/**
 * The asset path (relative to `{basePath}/assets/`) of the self-contained web components bundle,
 * e.g. `foyer-elements.3f9a0c12de.js`; `undefined` when dist/browser/foyer-elements.js has not been
 * built (`npm run build`). Load it with
 * `<script type="module" src="${authUrl}/assets/${elementsScriptPath()}"></script>`.
 */
export function elementsScriptPath(): string | undefined {
  return loadBundle(ELEMENTS_BUNDLE) ?? undefined;
}

/** Whether `path` has the shape of the elements bundle's asset path (whether or not it is current). */
export function isElementsScriptPath(path: string): boolean {
  return isBundlePath(ELEMENTS_BUNDLE, path);
}

/**
 * The asset path (relative to `{basePath}/assets/`) of the sign-in page's passkey script, e.g.
 * `foyer-passkey.3f9a0c12de.js`; `undefined` when dist/browser/foyer-passkey.js has not been built.
 * The sign-in page loads it only when it shows a WebAuthn provider.
 */
export function passkeyScriptPath(): string | undefined {
  return loadBundle(PASSKEY_BUNDLE) ?? undefined;
}

/** Whether `path` has the shape of the passkey script's asset path (whether or not it is current). */
export function isPasskeyScriptPath(path: string): boolean {
  return isBundlePath(PASSKEY_BUNDLE, path);
}

/**
 * The asset path of the passkey elements' bundle, e.g. `auth-passkey.3f9a0c12de.js`, which the
 * self-contained `auth-signin.js` loads when it shows a passkey provider (its name is written into
 * that bundle by the build); `undefined` when dist/browser/auth-passkey.js has not been built.
 */
export function passkeyElementsScriptPath(): string | undefined {
  return loadBundle(PASSKEY_ELEMENTS_BUNDLE) ?? undefined;
}

/**
 * The asset path (relative to `{basePath}/assets/`) of `<auth-signin>`'s own bundle, e.g.
 * `auth-signin.3f9a0c12de.js`: the smallest way to put the sign-in element on a page
 * (`<script type="module" src="${authUrl}/assets/${signinScriptPath()}"></script>`). It loads the
 * passkey elements and the customisation code from the same folder when the page needs them.
 * `undefined` when dist/browser/auth-signin.js has not been built.
 */
export function signinScriptPath(): string | undefined {
  return loadBundle(SIGNIN_BUNDLE) ?? undefined;
}

/**
 * The asset path (relative to `{basePath}/assets/`) of the account area's bundle, e.g.
 * `auth-account.3f9a0c12de.js`: `<auth-account>` and `<auth-passkey-register>` with Lit, the client
 * and the passkey client, for an app's own account page
 * (`<script type="module" src="${authUrl}/assets/${accountScriptPath()}"></script>`).
 * `undefined` when dist/browser/auth-account.js has not been built.
 */
export function accountScriptPath(): string | undefined {
  return loadBundle(ACCOUNT_BUNDLE) ?? undefined;
}

/**
 * The asset path of the elements' customisation code, e.g. `auth-customization.3f9a0c12de.js`, which
 * `auth-signin.js` and `auth-passkey.js` load when a page needs another language, message overrides or
 * a `Theme` object (its name is written into them by the build); `undefined` when it has not been built.
 */
export function customizationScriptPath(): string | undefined {
  return loadBundle(CUSTOMIZATION_BUNDLE) ?? undefined;
}

/**
 * The message catalogues other than English, for the web components bundle (English is in
 * the bundle, the others are loaded from Foyer's origin when an element needs one). `npm run build`
 * writes them as dist/browser/locales/<tag>.<hash>.json, the hash being the first 10 hex digits of
 * the file's SHA-256, and names them in the bundle; Foyer serves them as they are under
 * `{basePath}/assets/locales/`, and only a file whose content matches its name.
 */
const LOCALE_PATH = /^locales\/([a-z]{2,8}(?:-[a-z0-9]{1,8})*)\.([0-9a-f]{10})\.json$/;

/** Why no catalogue is served; the assets route logs it at debug level. */
export const LOCALES_MISSING =
  "dist/browser/locales/ was not found, so {basePath}/assets/locales/ serves no message catalogues and the web components show English only: run `npm run build`.";

/** `undefined`: not looked up yet. */
let localeFiles: readonly string[] | undefined;

/** Reads dist/browser/locales/ once, relative to this module; the asset paths of the catalogues found. */
function loadLocaleCatalogues(): readonly string[] {
  if (localeFiles !== undefined) return localeFiles;
  localeFiles = [];
  const fs = builtin<typeof import("node:fs")>("node:fs");
  const crypto = builtin<typeof import("node:crypto")>("node:crypto");
  if (!fs || !crypto) return localeFiles;
  for (const dir of browserDirs()) {
    const folder = new URL("locales/", dir);
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      continue; // not in this layout; try the next
    }
    const found: string[] = [];
    for (const name of names.sort()) {
      const match = LOCALE_PATH.exec(`locales/${name}`);
      if (!match) continue;
      try {
        const body = fs.readFileSync(new URL(name, folder), "utf8");
        if (crypto.createHash("sha256").update(body).digest("hex").slice(0, 10) !== match[2]) continue;
        found.push(register(`locales/${name}`, { body, contentType: "application/json; charset=utf-8" }));
      } catch {
        // unreadable: not served
      }
    }
    localeFiles = found;
    break;
  }
  return localeFiles;
}

/**
 * The asset paths (relative to `{basePath}/assets/`) of the built catalogues other than English,
 * e.g. `locales/de.0123456789.json`; empty when `npm run build` has not written them.
 */
export function localeAssetPaths(): readonly string[] {
  return loadLocaleCatalogues();
}

/** Whether `path` has the shape of a catalogue's asset path (whether or not it exists). */
export function isLocaleAssetPath(path: string): boolean {
  return LOCALE_PATH.test(path);
}

/** Looks an asset up by its path; registers bundled logos on first request after a restart. */
export function findAsset(path: string): Asset | undefined {
  const existing = assets.get(path);
  if (existing) return existing;
  if (isElementsScriptPath(path)) return loadBundle(ELEMENTS_BUNDLE) === path ? assets.get(path) : undefined;
  if (isPasskeyScriptPath(path)) return loadBundle(PASSKEY_BUNDLE) === path ? assets.get(path) : undefined;
  for (const bundle of [SIGNIN_BUNDLE, SIGNIN_REQUEST_BUNDLE, PASSKEY_ELEMENTS_BUNDLE, CUSTOMIZATION_BUNDLE]) {
    if (isBundlePath(bundle, path)) return loadBundle(bundle) === path ? assets.get(path) : undefined;
  }
  if (isLocaleAssetPath(path)) return loadLocaleCatalogues().includes(path) ? assets.get(path) : undefined;
  const logo = /^logos\/([a-z0-9-]+)\.(fff|000)\.[0-9a-f]{10}\.svg$/.exec(path);
  if (logo && logoAssetPath(logo[1]!, logo[2] as LogoFill) === path) return assets.get(path);
  return undefined;
}

export const ASSET_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
} as const;
