/**
 * The kit's elements on a test page of the pages fixture server's origin (e2e/fixtures/pages-server.ts),
 * for e2e/screenshots.spec.ts: one page per render, served by the test itself (`page.route`), that
 * loads the web components bundle from the mount's `{basePath}/assets/` (built by `npm run build` or
 * `npm run build:browser`) and talks to that mount's real routes (providers, CSRF, sign-in). Only what
 * the fixture server cannot answer is stubbed with the recordings the stories use
 * (stories/support/recorded): a signed-in session and that user's passkeys. Requests to other hosts
 * (the recorded user's image) are refused, so the avatar shows its initials.
 *
 * `<auth-account>` is not part of that bundle (apps import `foyer-auth/elements/auth-account`): its
 * test page loads the built module (dist/ui/elements/auth-account/define.js) bundled by esbuild, as an
 * app's bundler would, and it is signed in for real as the fixture server's user
 * (e2e/fixtures/account-data.ts), so every account route it calls is the server's own answer.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { build } from "esbuild";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { elementsScriptPath } from "../../server/pages/assets.js";
import accountPasskeys from "../../stories/support/recorded/account-passkeys-full.json" with { type: "json" };
import signedInSession from "../../stories/support/recorded/session-signed-in.json" with { type: "json" };
import { PAGES_ORIGIN, signInFixtureUser, type Mount, type Variant } from "./pages.js";

/** The themes of the fixture server's mounts (its `MOUNTS`), handed to each element as its `theme` attribute. */
const BRAND_LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" rx="8" fill="#7c3aed"/>' +
    '<text x="60" y="26" font-family="sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">Acme</text></svg>',
).toString("base64")}`;
const MOUNT_THEMES: Record<Mount, Record<string, string>> = {
  plain: {},
  brand: { brandColor: "#7c3aed", logo: BRAND_LOGO },
  dark: { colorScheme: "dark" },
};

/** One element as the screenshot and axe tests render it. */
export interface ElementRender {
  /** Short name, used in test titles and baseline file names. */
  name: string;
  /** The element's markup; `base-path` and `theme` are added to its opening tag. */
  markup: string;
  /** Whether the page is signed in (`GET /session` answers the recorded session). */
  signedIn?: boolean;
  /** Signed in as the fixture server's own user instead (its session cookie; nothing stubbed). */
  fixtureUser?: boolean;
  /** A module of dist/ to bundle and load instead of the web components bundle (an element not in it). */
  module?: string;
  /** Waits until the element shows its final state (data loaded, no spinner). */
  ready: (host: Locator) => Promise<void>;
}

/** No spinner left in the element's shadow root. */
async function noSpinner(host: Locator): Promise<void> {
  await expect(host.locator('[part~="spinner"]')).toHaveCount(0);
}

const visibleButton = (host: Locator) => expect(host.getByRole("button").first()).toBeVisible();

/** Every element of the kit, in a state a visitor meets. Adding one is one line here. */
export const ELEMENT_RENDERS: readonly ElementRender[] = [
  {
    name: "auth-signin",
    markup: '<auth-signin callback-url="/account"></auth-signin>',
    ready: async (host) => {
      await noSpinner(host);
      await expect(host.getByRole("button", { name: /GitHub/ })).toBeVisible();
    },
  },
  { name: "auth-provider-button", markup: '<auth-provider-button provider="github"></auth-provider-button>', ready: visibleButton },
  { name: "auth-signout", markup: "<auth-signout></auth-signout>", signedIn: true, ready: visibleButton },
  { name: "auth-user", markup: "<auth-user></auth-user>", signedIn: true, ready: (host) => expect(host.getByText(signedInSession.user.name)).toBeVisible() },
  {
    name: "auth-session",
    markup: '<auth-session><p slot="signed-in">Signed in as Ada.</p><p slot="signed-out">Signed out.</p></auth-session>',
    signedIn: true,
    ready: (host) => expect(host).toHaveAttribute("state", "signed-in"),
  },
  { name: "auth-passkey-button", markup: '<auth-passkey-button provider="passkey"></auth-passkey-button>', ready: visibleButton },
  { name: "auth-passkey-register", markup: '<auth-passkey-register provider="passkey"></auth-passkey-register>', signedIn: true, ready: visibleButton },
  {
    name: "auth-passkeys",
    markup: "<auth-passkeys></auth-passkeys>",
    signedIn: true,
    ready: async (host) => {
      await expect(host.getByText("Pixel 9")).toBeVisible();
      await noSpinner(host);
    },
  },
  {
    name: "auth-account",
    markup: "<auth-account></auth-account>",
    fixtureUser: true,
    module: "dist/ui/elements/auth-account/define.js",
    ready: async (host) => {
      await expect(host).toHaveAttribute("state", "ready");
      // In any language: two other sessions to sign out, the fixture's two passkeys, GitHub connected.
      await expect(host.locator("[data-revoke]")).toHaveCount(2);
      await expect(host.locator("auth-passkeys").getByText("iCloud Keychain")).toBeVisible();
      await expect(host.locator('[data-unlink="github"]')).toBeVisible();
      await noSpinner(host.locator("auth-passkeys"));
    },
  },
];

/** Bundled modules by path, built once per worker. */
const bundles = new Map<string, Promise<string>>();

/** `module` (a path in dist/) with its imports (Lit, the client) as one ES module, as an app's bundler makes it. */
function bundle(module: string): Promise<string> {
  let built = bundles.get(module);
  if (!built) {
    const entry = resolve(import.meta.dirname, "..", "..", module);
    if (!existsSync(entry)) throw new Error(`${module} is missing: run \`npm run build\` first`);
    built = build({ entryPoints: [entry], bundle: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "silent" }).then(
      (result) => result.outputFiles[0]!.text,
    );
    bundles.set(module, built);
  }
  return built;
}

/** The test page's HTML: the element inside `<main>`, in the variant's language and direction. */
function testPage(render: ElementRender, variant: Variant): string {
  const basePath = `/${variant.mount}/auth`;
  const theme = MOUNT_THEMES[variant.mount];
  const attributes = ` base-path="${basePath}"${Object.keys(theme).length ? ` theme='${JSON.stringify(theme)}'` : ""}`;
  const element = render.markup.replace(/^<([a-z-]+)/, `<$1${attributes}`);
  const bundled = elementsScriptPath();
  if (!render.module && !bundled) throw new Error("dist/browser/ has no web components bundle: run `npm run build:browser` first");
  // An element outside the bundle: its own module, served beside the test page (openElementRender).
  const script = render.module ? `/${variant.mount}/elements/${render.name}.js` : `${basePath}/assets/${bundled}`;
  const dir = variant.locale === "ar" ? "rtl" : "ltr";
  return `<!doctype html>
<html lang="${variant.locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${render.name}</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  main { padding: 24px; }
  h1 { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
</style>
<script type="module" src="${script}"></script>
</head>
<body><main><h1>${render.name}</h1>${element}</main></body>
</html>`;
}

/**
 * Opens `render` in `variant` on the fixture server's origin and waits until it is ready. The browser
 * context must already have the variant's locale (`test.use({ locale })`).
 */
export async function openElementRender(page: Page, render: ElementRender, variant: Variant): Promise<Locator> {
  await page.emulateMedia({ colorScheme: variant.colorScheme });
  const url = `${PAGES_ORIGIN}/${variant.mount}/elements/${render.name}`;
  const authUrl = `${PAGES_ORIGIN}/${variant.mount}/auth`;
  await page.route(
    (target) => !target.href.startsWith(PAGES_ORIGIN),
    (route) => route.abort(),
  );
  await page.route(url, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: testPage(render, variant) }));
  if (render.module) {
    const code = await bundle(render.module);
    await page.route(`${url}.js`, (route) => route.fulfill({ contentType: "text/javascript; charset=utf-8", body: code }));
  }
  if (render.fixtureUser) await signInFixtureUser(page);
  if (render.signedIn) {
    await page.route(`${authUrl}/session`, (route) => route.fulfill({ json: signedInSession }));
    await page.route(`${authUrl}/account/passkeys`, (route) => route.fulfill({ json: accountPasskeys }));
  }
  await page.goto(url);
  const host = page.locator(render.name);
  await render.ready(host);
  await page.waitForLoadState("networkidle");
  await host.evaluate((element) => (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete);
  await page.evaluate(() => document.fonts.ready);
  return host;
}
