/**
 * Renders a built-in page in a story with the very code the server uses (markup, CSS, theme,
 * providers, messages), so the stories show — and axe checks — the real server HTML.
 */
import { createTranslator } from "../../locales/index.js";
import type { PageContext } from "../../server/pages/context.js";
import { pageMarkup, type PageRequest } from "../../server/pages/markup.js";
import { preparePageProviders } from "../../server/pages/providers.js";
import { LOGOS } from "../../server/pages/logos.generated.js";
import { PAGE_CSS } from "../../server/pages/styles.generated.js";
import { resolveTheme, themeDeclarations } from "../../server/pages/theme.js";
import type { ConfiguredProvider as InternalProvider } from "../../server/config/types.js";
import type { Theme } from "../../server/types.js";

export type PageName = "signin" | "signout" | "error" | "verify-request";

export interface PageStoryArgs {
  page: PageName;
  locale: string;
  theme: Theme;
  /** `?error=` of the sign-in and error pages. */
  error?: string;
}

/** The providers every sign-in story shows: one of each kind. */
export const STORY_PROVIDERS: InternalProvider[] = [
  { id: "github", name: "GitHub", type: "oauth", issuer: "https://github.com", authorization: "https://github.com/login/oauth/authorize" },
  { id: "acme", name: "Acme ID", type: "oidc", issuer: "https://id.acme.test", authorization: "https://id.acme.test/authorize" },
  { id: "email", name: "Email", type: "email" },
  {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: () => null,
  },
  { id: "passkey", name: "Passkey", type: "webauthn" },
];

/** A small brand logo as a data URL (the Theme `logo` accepts these). */
export const BRAND_LOGO = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="40" height="40" rx="8" fill="#7c3aed"/><text x="50" y="27" font-family="sans-serif" font-size="18" fill="#7c3aed">Acme</text></svg>',
)}`;

export function renderPageStory(args: PageStoryArgs): HTMLElement {
  const theme = resolveTheme(args.theme);
  const { providers, css: providerCss } = preparePageProviders(STORY_PROVIDERS);
  const translator = createTranslator(args.locale);
  const authUrl = `${location.origin}/auth`;
  const page: PageContext = {
    t: translator.t,
    locale: translator.locale,
    dir: translator.dir,
    theme,
    origin: location.origin,
    authUrl,
    csrfToken: "0".repeat(64),
    callbackUrl: location.origin,
    signinUrl: `${authUrl}/signin`,
  };
  const request: PageRequest =
    args.page === "signin"
      ? { page: "signin", props: { providers, error: args.error, code: "credentials" } }
      : args.page === "error"
        ? { page: "error", error: args.error }
        : { page: args.page };
  const markup = pageMarkup(page, request);

  // The page owns the whole document on the server; here it owns the story's document the same way.
  const root = document.documentElement;
  root.lang = page.locale;
  root.dir = page.dir;
  root.dataset.colorScheme = theme.colorScheme;
  document.title = markup.title;
  let style = document.getElementById("foyer-page-css");
  if (!style) {
    style = document.createElement("style");
    style.id = "foyer-page-css";
    document.head.append(style);
  }
  const themeCss = themeDeclarations(theme);
  style.textContent = PAGE_CSS + (themeCss ? `:root{${themeCss}}` : "") + providerCss;

  const container = document.createElement("div");
  container.className = "page-story";
  container.innerHTML = markup.body;
  inlineBundledLogos(container, authUrl);
  return container;
}

/** Storybook has no Foyer server behind it: bundled logos are inlined as data URLs instead. */
function inlineBundledLogos(container: HTMLElement, authUrl: string): void {
  for (const img of container.querySelectorAll<HTMLImageElement>(`img[src^="${authUrl}/assets/logos/"]`)) {
    const match = /logos\/([a-z0-9-]+)\.(fff|000)\./.exec(img.src);
    const logo = match ? LOGOS[match[1]!] : undefined;
    if (!match || !logo) continue;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#${match[2]}"><path d="${logo.path}"/></svg>`;
    img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
  }
}
