#!/usr/bin/env node
/**
 * Builds the self-contained browser bundles in dist/browser/ (`npm run build` runs it after `tsc`).
 *
 * The settings are the `build` section of vite.config.ts. Its `lib.entry` names several bundles; each
 * one is built on its own (in parallel), so every file carries Lit and the client itself and nothing
 * is split into shared chunks: `<script type="module" src=…>` loads exactly one file.
 *
 * The bundles carry English only (docs/elements.md#localisation). The other built-in catalogues are written first, as
 * small JSON files with content-hashed names, to dist/browser/locales/<tag>.<hash>.json; Foyer
 * serves them under `{basePath}/assets/locales/` (server/pages/assets.ts). The bundles get the
 * file names as `__FOYER_CATALOGUES__` and load ui/internal/catalogue-loader.bundle.ts (fetches
 * those files) in place of ui/internal/catalogue-loader.ts (dynamic imports of locales/, which
 * would pull every catalogue back into a bundle built without code splitting).
 *
 * `auth-signin.js` and `auth-passkey.js` leave out what only pages in another language, with message
 * overrides or with a `Theme` object need (ui/internal/customization.ts: the translator, the
 * catalogue loader, theme validation). It is built first, as the self-contained
 * auth-customization.js, and its served name, `{basePath}/assets/auth-customization.<hash>.js`, is
 * written into both as `__FOYER_CUSTOMIZATION__`; they get ui/internal/customization-import.bundle.ts,
 * which imports it from there. The other bundles inline it.
 *
 * `<auth-signin>` loads the code that posts a sign-in (ui/elements/auth-signin/sign-in-request.ts) on a
 * visitor's first interaction: auth-signin.js gets sign-in-request-loader.bundle.ts, which fetches the
 * self-contained auth-signin-request.js from Foyer (built first, its served name written into
 * auth-signin.js as `__FOYER_SIGNIN_REQUEST__`); foyer-elements.js, which carries the client's
 * sign-in for its other elements anyway, imports it statically (sign-in-request-loader.static.ts).
 *
 * `<auth-signin>` loads the passkey elements only when it shows a passkey provider
 * (ui/elements/auth-signin/passkey-loader.ts, a dynamic import). Without code splitting that import
 * would be inlined, so each bundle gets its own loader: auth-signin.js loads the self-contained
 * auth-passkey.js from Foyer's origin (passkey-loader.bundle.ts; the bundle is built first and its
 * served name, `{basePath}/assets/auth-passkey.<hash>.js`, written into auth-signin.js as
 * `__FOYER_PASSKEY_ELEMENTS__`), and foyer-elements.js, which has the passkey elements inside,
 * loads nothing (passkey-loader.static.ts). auth-signin.js also leaves out the English messages
 * that only the passkey elements use (`passkey.*`); the build fails if its code names one.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, loadConfigFromFile, runnerImport } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();

const loaded = await loadConfigFromFile(
  { command: "build", mode: "production", isSsrBuild: false, isPreview: false },
  resolve(root, "vite.config.ts"),
  root,
  "silent",
);
if (!loaded) throw new Error("build-elements: vite.config.ts could not be loaded");
// `test` holds Vitest's projects; nothing in it concerns the bundles.
const { test: _test, ...config } = loaded.config;
const lib = config.build?.lib;
if (!lib || typeof lib.entry !== "object" || Array.isArray(lib.entry))
  throw new Error("build-elements: vite.config.ts needs build.lib.entry as { name: module }");

// FOYER_BROWSER_OUT builds somewhere else than vite.config.ts's `build.outDir` (dist/browser/), e.g. to
// measure the bundles without touching dist/ (ui/bundle-size.dist.test.ts reads the same variable).
const outDir = resolve(root, process.env.FOYER_BROWSER_OUT || config.build.outDir);
rmSync(outDir, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------
// The catalogues other than English, as JSON
// ---------------------------------------------------------------------------------------------

// The module runner sets NODE_ENV to "development" when it is unset, and the bundles would then be
// built with Lit's development build: put it back afterwards.
const nodeEnv = process.env.NODE_ENV;
const runner = { configFile: false, root, logLevel: "silent", mode: "production" };
const [{ module: locales }, { module: translator }, { module: assets }] = await Promise.all([
  runnerImport(resolve(root, "locales/index.ts"), runner),
  runnerImport(resolve(root, "locales/translator.ts"), runner),
  runnerImport(resolve(root, "server/pages/assets.ts"), runner),
]);
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;

/** Arguments the converted catalogues are checked with (markup and braces must come out as given). */
const SAMPLES = [
  ["GitHub", "example.com"],
  ["Microsoft Entra ID <b>{provider}</b>", "15"],
];

/**
 * A catalogue as JSON: function terms become string templates with positional placeholders
 * (`(provider) => \`Mit ${provider} anmelden\`` → `"Mit {0} anmelden"`), which the translator fills in
 * as it does for overrides. Every key is then looked up through the translator in both forms with
 * sample arguments, and the build fails on any difference (a term that is more than a template, say
 * one that picks a plural, cannot be shipped this way). Keys matching `omitted` (the messages no
 * element shows, SERVER_ONLY_MESSAGES below) are left out, as they are from the bundles' English.
 */
function catalogueJson(tag, catalogue, omitted) {
  const plain = Object.fromEntries(
    Object.entries(catalogue)
      .filter(([key]) => !omitted.test(key))
      .map(([key, term]) => [key, typeof term === "function" ? term(...Array.from({ length: term.length }, (_, i) => `{${i}}`)) : term]),
  );
  const original = translator.createTranslator(tag, undefined, { [tag]: catalogue });
  const converted = translator.createTranslator(tag, undefined, { [tag]: plain });
  for (const key of Object.keys(locales.LOCALES.en)) {
    if (omitted.test(key)) continue;
    for (const args of SAMPLES) {
      const [want, got] = [original.t(key, ...args), converted.t(key, ...args)];
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        throw new Error(`build-elements: ${tag} "${key}" does not survive conversion to a JSON template (${JSON.stringify(want)} ≠ ${JSON.stringify(got)})`);
      }
    }
  }
  return JSON.stringify(plain);
}

// ---------------------------------------------------------------------------------------------
// The bundles
// ---------------------------------------------------------------------------------------------

const bundleLoader = resolve(root, "ui/internal/catalogue-loader.bundle.ts");
const catalogueModule = resolve(root, "ui/internal/catalogues.ts");
/** Resolves ui/internal/catalogues.ts's `./catalogue-loader.js` to the bundle's loader. */
const bundleCatalogueLoader = {
  name: "foyer:bundle-catalogue-loader",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "./catalogue-loader.js" && importer && resolve(importer.split("?")[0]) === catalogueModule) return bundleLoader;
    return null;
  },
};

/**
 * Resolves @simplewebauthn/browser's `identifyRegistrationError` and `identifyAuthenticationError`
 * to ui/client/webauthn-error.bundle.ts, which passes the browser's error on as thrown: they only
 * relabel a failed WebAuthn call (library `code`, English `message`) and keep its `name`, which is
 * all the passkey client reads. About 1 KB gzip less in every bundle with passkeys.
 */
const webAuthnErrorsAsThrown = {
  name: "foyer:webauthn-errors-as-thrown",
  enforce: "pre",
  resolveId(source, importer) {
    if (!importer?.split("?")[0].includes("/@simplewebauthn/browser/")) return null;
    return /\/identify(?:Registration|Authentication)Error\.js$/.test(source) ? resolve(root, "ui/client/webauthn-error.bundle.ts") : null;
  },
};

/**
 * Shorter wording for developer-facing messages of third-party code that the browser bundles
 * carry in full: Lit's error for a non-literal value in a `css` template (Foyer's templates are all
 * literals, so it cannot fire), SimpleWebAuthn's console warning about a browser extension that
 * implements WebAuthn wrongly, and its advice for the old call shape (Foyer always passes `optionsJSON`). The code around them is unchanged; the messages keep what to do.
 * Every byte of auth-signin.js counts against its budget (ui/bundle-size.dist.test.ts).
 */
/** SimpleWebAuthn's warning for a call without `{ optionsJSON }`, which Foyer's client never makes. */
const OLD_CALL_ADVICE =
  " It will try to continue with the provided options, but this call should be refactored to use the expected call structure instead. See https://simplewebauthn.dev/docs/packages/browser#typeerror-cannot-read-properties-of-undefined-reading-challenge for more information.";
const SHORTER_MESSAGES = [
  ["/@lit/reactive-element/css-tag.js", ". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.", ". Use unsafeCSS."],
  ["/@simplewebauthn/browser/esm/methods/startRegistration.js", ". You should report this error to them.\\n", "."],
  ["/@simplewebauthn/browser/esm/methods/startRegistration.js", OLD_CALL_ADVICE, " Pass { optionsJSON }."],
  ["/@simplewebauthn/browser/esm/methods/startAuthentication.js", OLD_CALL_ADVICE, " Pass { optionsJSON }."],
];
const shorterThirdPartyMessages = {
  name: "foyer:shorter-third-party-messages",
  transform(code, id) {
    const rules = SHORTER_MESSAGES.filter(([path]) => id.split("?")[0].endsWith(path));
    if (!rules.length) return null;
    for (const rule of rules) {
      if (!code.includes(rule[1]))
        throw new Error(`${rule[0]} no longer contains the message to shorten: update SHORTER_MESSAGES in scripts/build-elements.mjs`);
      code = code.replace(rule[1], rule[2]);
    }
    return { code, map: null };
  },
};

/** The passkey elements' bundle, which auth-signin.js loads from Foyer when it shows a passkey provider. */
const PASSKEY_ELEMENTS = "auth-passkey";
/** The customisation code, which auth-signin.js and auth-passkey.js load from Foyer when a page needs it. */
const CUSTOMIZATION = "auth-customization";
/** The code that posts <auth-signin>'s sign-ins, which auth-signin.js loads from Foyer on a visitor's first interaction. */
const SIGNIN_REQUEST = "auth-signin-request";
/** The bundles that fetch the customisation code rather than carry it. */
const FETCH_CUSTOMIZATION = new Set(["auth-signin", PASSKEY_ELEMENTS, "foyer-elements"]);
const signinModule = resolve(root, "ui/elements/auth-signin/auth-signin.ts");
const customizationLoaderModule = resolve(root, "ui/internal/customization-loader.ts");
const englishModule = resolve(root, "locales/en.ts");
const passkeyClientModule = resolve(root, "ui/internal/passkey-client.js");

/**
 * Swaps the on-demand loaders of bundle `name` (see the top of this file): auth-signin.ts's
 * `./passkey-loader.js`, ui/internal/customization-loader.ts's `./customization-import.js`, and in
 * every bundle the passkey elements' lazy ceremonies (ui/internal/passkey-client.ts) for a static
 * import of the three they call (passkey-client.static.ts): without chunks, a dynamic import would
 * be inlined with every export of the passkey client.
 */
function bundleLoaders(name) {
  const variant = name === "auth-signin" ? "passkey-loader.bundle.ts" : name === "foyer-elements" ? "passkey-loader.static.ts" : undefined;
  return {
    name: "foyer:bundle-loaders",
    enforce: "pre",
    resolveId(source, importer) {
      const from = importer && resolve(importer.split("?")[0]);
      if (from && source.endsWith("/passkey-client.js") && resolve(dirname(from), source) === passkeyClientModule) {
        return resolve(root, "ui/internal/passkey-client.static.ts");
      }
      if (variant && source === "./passkey-loader.js" && from === signinModule) return resolve(root, "ui/elements/auth-signin", variant);
      if (variant && source === "./sign-in-request-loader.js" && from === signinModule) {
        return resolve(root, `ui/elements/auth-signin/sign-in-request-loader.${name === "auth-signin" ? "bundle" : "static"}.ts`);
      }
      if (FETCH_CUSTOMIZATION.has(name) && source === "./customization-import.js" && from === customizationLoaderModule) {
        return resolve(root, "ui/internal/customization-import.bundle.ts");
      }
      return null;
    },
  };
}

/**
 * English messages a bundle leaves out, by key prefix (a `"` ends a whole key): those no element
 * shows (every bundle), and for auth-signin.js the passkey elements' own, which come with
 * auth-passkey.js. After each build the bundle's code is searched for a string that starts with
 * one of them, and the build fails if there is one: an element that starts showing such a message
 * must not find it missing in the bundle only (the tests run the sources, which have them all).
 */
const SERVER_ONLY_MESSAGES = [
  ...[
    "errorPage.",
    "email.",
    "error.",
    "signin.title",
    "signin.heading",
    "signin.passkey.heading",
    "signin.passkey.register",
    "signout.title",
    "signout.heading",
    "verifyRequest.title",
    "verifyRequest.sentTo",
    "verifyRequest.resend.",
  ],
  // The language's own name (the pages' language list), and the sign-in errors of Auth.js v4 codes:
  // the client reports any code outside ClientErrorCode as `Configuration` (ui/client/errors.ts).
  ...["language.name", 'signinError.Signin"', "signinError.OAuthCreateAccount", "signinError.EmailCreateAccount", "signinError.Callback"],
];
const omittedMessages = (name) =>
  name === "auth-signin"
    ? // Its shared form names the passkey button ("Use a passkey"); the passkey elements' other texts come with them.
      [...SERVER_ONLY_MESSAGES, "passkey.", "signin.passkey.button", "signin.passkey.unsupported", "signout.", "signin.email.placeholder"]
    : SERVER_ONLY_MESSAGES;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A regular expression source for the keys `prefixes` name: a prefix, or a whole key where it ends with `"`. */
const keysPattern = (prefixes) =>
  prefixes.map((prefix) => (prefix.endsWith('"') ? `${escapeRegExp(prefix.slice(0, -1))}(?![\\w.-])` : `${escapeRegExp(prefix)}[\\w.-]*`)).join("|");

/** Tag → file name in dist/browser/locales/ (and `{basePath}/assets/locales/`); written here, after SERVER_ONLY_MESSAGES. */
const catalogueFiles = {};
mkdirSync(resolve(outDir, "locales"), { recursive: true });
const serverOnlyKey = new RegExp(`^(?:${keysPattern(SERVER_ONLY_MESSAGES)})$`);
for (const tag of locales.SUPPORTED_LOCALES) {
  if (tag === "en") continue; // English is inside the bundles
  const json = catalogueJson(tag, locales.LOCALES[tag], serverOnlyKey);
  const file = `${tag}.${createHash("sha256").update(json).digest("hex").slice(0, 10)}.json`;
  writeFileSync(resolve(outDir, "locales", file), json);
  catalogueFiles[tag] = file;
}

/** English without the messages under `prefixes`. Each such entry of locales/en.ts must be one line. */
function withoutEnglish(prefixes) {
  const entry = new RegExp(`^[ \\t]*"(?:${keysPattern(prefixes)})":`);
  return {
    name: "foyer:without-english-messages",
    enforce: "pre", // the source as written, before the TypeScript transform reformats it
    transform(code, id) {
      if (resolve(id.split("?")[0]) !== englishModule) return null;
      const lines = code.split("\n");
      const dropped = lines.filter((line) => entry.test(line));
      const broken = dropped.find((line) => !/,\s*$/.test(line));
      if (broken) throw new Error(`build-elements: locales/en.ts must keep this entry on one line to be left out of bundles: ${broken.trim()}`);
      return { code: lines.filter((line) => !entry.test(line)).join("\n"), map: null };
    },
  };
}

function buildBundle(name, entry, companions = {}) {
  return build({
    ...config,
    configFile: false,
    root,
    logLevel: "warn",
    plugins: [
      ...(config.plugins ?? []),
      bundleCatalogueLoader,
      webAuthnErrorsAsThrown,
      shorterThirdPartyMessages,
      bundleLoaders(name),
      withoutEnglish(omittedMessages(name)),
    ],
    define: {
      ...config.define,
      __FOYER_CATALOGUES__: JSON.stringify(catalogueFiles),
      __FOYER_PASSKEY_ELEMENTS__: JSON.stringify(companions.passkeyElements ?? ""),
      __FOYER_CUSTOMIZATION__: JSON.stringify(companions.customization ?? ""),
      __FOYER_SIGNIN_REQUEST__: JSON.stringify(companions.signinRequest ?? ""),
    },
    build: { ...config.build, outDir, lib: { ...lib, entry: { [name]: entry } } },
  });
}

const entries = Object.entries(lib.entry);
/** Builds the named bundles in parallel; returns each one's served name (`<name>.<hash>.js`). */
async function buildAll(names, companions) {
  const wanted = entries.filter(([name]) => names.includes(name));
  const missing = names.filter((name) => !wanted.some(([found]) => found === name));
  if (missing.length) throw new Error(`build-elements: vite.config.ts's build.lib.entry lacks ${missing.join(", ")}`);
  await Promise.all(wanted.map(([name, entry]) => buildBundle(name, entry, companions)));
  return Object.fromEntries(names.map((name) => [name, assets.bundleAssetPath(name, readFileSync(resolve(outDir, `${name}.js`), "utf8"))]));
}
// Companions first, as the bundles that load them name their served files, which carry content hashes:
// the customisation code, then the passkey elements (which load it), then everything else.
const { [CUSTOMIZATION]: customizationFile, [SIGNIN_REQUEST]: signinRequestFile } = await buildAll([CUSTOMIZATION, SIGNIN_REQUEST]);
const passkeyElementsFile = (await buildAll([PASSKEY_ELEMENTS], { customization: customizationFile }))[PASSKEY_ELEMENTS];
await buildAll(
  entries.map(([name]) => name).filter((name) => ![CUSTOMIZATION, SIGNIN_REQUEST, PASSKEY_ELEMENTS].includes(name)),
  { customization: customizationFile, passkeyElements: passkeyElementsFile, signinRequest: signinRequestFile },
);

// No bundle's code names a message its build left out.
for (const [name] of entries) {
  const code = readFileSync(resolve(outDir, `${name}.js`), "utf8");
  const named = code.match(new RegExp(`["'\`](?:${keysPattern(omittedMessages(name))})`))?.[0];
  if (named)
    throw new Error(
      `build-elements: dist/browser/${name}.js uses the message ${named}, which its build leaves out of English (scripts/build-elements.mjs, omittedMessages)`,
    );
}

// auth-signin.js has no passkey code; it names the passkey elements' file.
{
  const code = readFileSync(resolve(outDir, "auth-signin.js"), "utf8");
  for (const marker of ["startAuthentication", "auth-passkeys", "isConditionalMediationAvailable"]) {
    if (code.includes(marker))
      throw new Error(`build-elements: dist/browser/auth-signin.js contains passkey code (${marker}); it must load it from ${PASSKEY_ELEMENTS}.js`);
  }
  if (!code.includes(passkeyElementsFile)) throw new Error(`build-elements: dist/browser/auth-signin.js does not name ${passkeyElementsFile}`);
  // Nor the code that posts a sign-in (the header every sign-in post carries): it loads that from SIGNIN_REQUEST.
  if (code.includes("X-Auth-Return-Redirect"))
    throw new Error(`build-elements: dist/browser/auth-signin.js contains the sign-in request code; it must load it from ${SIGNIN_REQUEST}.js`);
  if (!code.includes(signinRequestFile)) throw new Error(`build-elements: dist/browser/auth-signin.js does not name ${signinRequestFile}`);
}

// The bundles that fetch the customisation code do not carry it, and name its file; it carries no Lit.
for (const name of FETCH_CUSTOMIZATION) {
  const code = readFileSync(resolve(outDir, `${name}.js`), "utf8");
  // Markers that survive minification: theme validation's canvas option, directionOf's right-to-left
  // scripts (which foyer-elements.js also carries for <auth-user>, ui/internal/direction.ts).
  for (const marker of name === "foyer-elements" ? ["willReadFrequently"] : ["willReadFrequently", "adlm|arab"]) {
    if (code.includes(marker))
      throw new Error(`build-elements: dist/browser/${name}.js contains customisation code (${marker}); it must load it from ${CUSTOMIZATION}.js`);
  }
  if (!code.includes(customizationFile)) throw new Error(`build-elements: dist/browser/${name}.js does not name ${customizationFile}`);
}
// Lit registers its version on `globalThis` under these names, which minification keeps.
if (/reactiveElementVersions|litHtmlVersions/.test(readFileSync(resolve(outDir, `${CUSTOMIZATION}.js`), "utf8"))) {
  throw new Error(`build-elements: dist/browser/${CUSTOMIZATION}.js contains Lit; it must stay the Lit-free customisation code`);
}

// English only: no other catalogue may have found its way into a bundle. And Lit's production build.
for (const [name] of entries) {
  const code = readFileSync(resolve(outDir, `${name}.js`), "utf8");
  if (code.includes("lit.dev/msg/dev-mode")) throw new Error(`build-elements: dist/browser/${name}.js contains Lit's development build`);
  // Every catalogue has the key "language.name"; only English's may be there.
  if ((code.match(/language\.name/g) ?? []).length > 1) {
    throw new Error(`build-elements: dist/browser/${name}.js contains a catalogue other than English; only English belongs in the bundles`);
  }
}

/** gzip -9 size: GNU gzip when installed (what the budgets in ui/bundle-size.dist.test.ts use), else zlib. */
function gzipSize(path) {
  try {
    return execFileSync("gzip", ["-9", "-n", "-c", path], { maxBuffer: 16 * 1024 * 1024 }).length;
  } catch {
    return gzipSync(readFileSync(path), { level: 9 }).length;
  }
}

const rows = [...entries.map(([name]) => `${name}.js`), ...Object.values(catalogueFiles).map((file) => `locales/${file}`)].map((file) => {
  const path = resolve(outDir, file);
  const bytes = readFileSync(path).length;
  return `  ${file.padEnd(28)} ${String(bytes).padStart(7)} B  gzip -9 ${String(gzipSize(path)).padStart(6)} B`;
});
console.log(`${outDir} (${Math.round(performance.now() - started)} ms)\n${rows.join("\n")}`);
