import { resolve } from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { compactTemplatesPlugin } from "./scripts/vite-compact-templates.js";
import { foyerReactTestServer } from "./scripts/vite-foyer-react.js";

/** The system Chromium (`CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`); browsers are never downloaded. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The browser bundles in dist/browser/: file name (without `.js`) → entry module. */
const BROWSER_BUNDLES = {
  // Every element and the client: what `<script type="module" src="…/foyer-elements.<hash>.js">` loads.
  "foyer-elements": "ui/elements/index.ts",
  // The client alone (`foyer-auth/client` without a bundler).
  "foyer-client": "ui/client/index.ts",
  // <auth-signin> with <auth-provider-button> alone: the per-element size budget (docs/performance.md#web-components-bundle).
  "auth-signin": "ui/elements/auth-signin/define.ts",
  // The code that posts <auth-signin>'s sign-ins: what auth-signin.js loads from {basePath}/assets/ on a visitor's first interaction.
  "auth-signin-request": "ui/elements/auth-signin/sign-in-request.ts",
  // The three passkey elements: what auth-signin.js loads from {basePath}/assets/ when it shows a passkey provider.
  "auth-passkey": "ui/elements/passkey-elements.ts",
  // The account area: <auth-account> with <auth-passkey-register>, for an app's own account page
  // (served as {basePath}/assets/auth-account.<hash>.js; foyer-elements.js leaves it out).
  "auth-account": "ui/elements/account-elements.ts",
  // Other languages, message overrides and Theme objects: what auth-signin.js and auth-passkey.js load
  // from {basePath}/assets/ when a page asks for one (no Lit inside).
  "auth-customization": "ui/internal/customization.ts",
  // The hosted sign-in page's passkey script (ui/pages/), served as {basePath}/assets/foyer-passkey.<hash>.js.
  "foyer-passkey": "ui/pages/passkey-page.ts",
  // The client with passkeys (`foyer-auth/client` and `foyer-auth/client/passkey` in one file, without a bundler).
  "foyer-client-passkey": "ui/client/with-passkey.ts",
};

// One config for the browser bundles and the test projects: server code is tested in plain Node,
// elements and stories in the real browser.
export default defineConfig({
  // The self-contained browser bundles (no third-party fetches; sizes in docs/performance.md). `npm run build` runs
  // scripts/build-elements.mjs, which builds each entry of `lib.entry` on its own with this section,
  // so every file has Lit and the client inside and no shared chunks. The test projects and
  // Storybook do not use it (Storybook only reads `build.target`, which stays Vite's default).
  build: {
    outDir: "dist/browser",
    emptyOutDir: false, // the builds share the folder; the script empties it once, first
    copyPublicDir: false,
    reportCompressedSize: false,
    lib: {
      entry: Object.fromEntries(Object.entries(BROWSER_BUNDLES).map(([name, entry]) => [name, resolve(import.meta.dirname, entry)])),
      formats: ["es"],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // Lit templates without their layout whitespace (scripts/vite-compact-templates.ts).
      plugins: [compactTemplatesPlugin()],
      output: {
        // One file per build: a plain multi-entry `vite build` fails here instead of writing shared chunks.
        codeSplitting: false,
        // Lib mode keeps whitespace and `/* @__PURE__ */` notes in ES output for apps that bundle it
        // again; these files are final (loaded as they are), so minify them completely.
        minify: { codegen: true },
        comments: false,
      },
    },
  },
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "server/**/*.test.{ts,tsx}",
            "locales/**/*.test.ts",
            "demo/**/*.test.ts",
            "bench/**/*.test.ts",
            "ui/client/**/*.test.ts",
            "ui/**/*.node.test.ts",
            "scripts/*.test.ts",
          ],
          // WebAuthn and the page scripts need a real browser: the "elements" project runs those.
          // What needs the built package is in the "dist" project, so any file here runs on a fresh checkout.
          exclude: ["**/node_modules/**", "**/*.browser.test.ts", "**/*.dist.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        // Tests of what `npm run build` writes to dist/ (the package as installed, the browser bundles
        // and their budgets, the demo serving them), named `*.dist.test.ts`. `npm test` builds first.
        test: {
          name: "dist",
          include: ["server/**/*.dist.test.ts", "locales/**/*.dist.test.ts", "demo/**/*.dist.test.ts", "bench/**/*.dist.test.ts", "ui/**/*.dist.test.ts"],
          exclude: ["**/node_modules/**"],
          globalSetup: ["scripts/require-built-dist.mjs"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        // Element tests in the real browser: Lit, light-DOM forms, shadow parts, events.
        optimizeDeps: { exclude: ["lit", "lit-html", "lit-element", "@lit/reactive-element"] },
        test: {
          name: "elements",
          include: ["ui/elements/**/*.test.ts", "ui/internal/**/*.test.ts", "ui/**/*.browser.test.ts"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
      {
        // foyer-auth/react in the real browser with real React, against a real Foyer mounted in this
        // project's Vite server under /api/auth (scripts/vite-foyer-react.ts): same origin, real cookies.
        plugins: [foyerReactTestServer()],
        optimizeDeps: { include: ["react", "react/jsx-runtime", "react-dom", "react-dom/client"] },
        test: {
          name: "react",
          include: ["ui/react/**/*.browser.test.tsx"],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
      {
        // `npm run build-storybook` (the kit's documentation): one static build, checked for a docs
        // page per element of custom-elements.json (stories/storybook-build.build.test.ts).
        test: {
          name: "storybook-build",
          include: ["stories/**/*.build.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: resolve(import.meta.dirname, ".storybook") })],
        optimizeDeps: { exclude: ["lit", "lit-html", "lit-element", "@lit/reactive-element"] },
        test: {
          name: "storybook",
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
