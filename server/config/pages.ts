/**
 * The built-in pages' share of the config, prepared once: the theme (validated), how each provider
 * appears on the sign-in page, and the complete stylesheet.
 */
import { AuthError, InvalidConfiguration } from "../core/errors.js";
import { PAGE_CSS } from "../pages/styles.generated.js";
import { preparePageProviders, type PageProvider } from "../pages/providers.js";
import { resolveTheme, themeDeclarations, type ResolvedTheme } from "../pages/theme.js";
import type { Theme } from "../types.js";
import type { ConfiguredProvider } from "./types.js";

export interface PreparedPages {
  theme: ResolvedTheme;
  pageProviders: PageProvider[];
  pageCss: string;
}

/** What the pages show before (or without) preparation: the default theme and Foyer's CSS alone. */
export const UNPREPARED_PAGES: PreparedPages = { theme: { colorScheme: "auto" }, pageProviders: [], pageCss: PAGE_CSS };

/** The prepared pages, or the error a broken theme or provider style is answered with. */
export function preparePages(theme: Theme | undefined, providers: readonly ConfiguredProvider[]): PreparedPages | AuthError {
  try {
    const resolved = resolveTheme(theme);
    const pages = preparePageProviders(providers);
    const themeCss = themeDeclarations(resolved);
    return { theme: resolved, pageProviders: pages.providers, pageCss: PAGE_CSS + (themeCss ? `:root{${themeCss}}` : "") + pages.css };
  } catch (error) {
    return error instanceof AuthError ? error : new InvalidConfiguration("Could not prepare the built-in pages", error as Error);
  }
}
