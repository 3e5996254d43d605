/**
 * The elements' `theme` mapping (docs/elements.md#theming): valid values become `--auth-*` tokens on the host;
 * anything outside the colour grammar, a colour scheme other than light/dark/auto, or an unsafe logo
 * is ignored with one warning, and never written into CSS.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Theme } from "../../server/types.js";
import { LitElement } from "lit";
import { trackPendingWork } from "./pending-work.js";
import { applyTheme, themeBrand } from "./theme.js";
import { writeTheme } from "./theme-style.js";

afterEach(() => {
  vi.restoreAllMocks();
});

function host(): HTMLElement {
  return document.createElement("div");
}

describe("writeTheme", () => {
  test("maps brandColor, buttonText and colorScheme to tokens", () => {
    const element = host();
    writeTheme(element, { brandColor: " #7c3aed ", buttonText: "oklch(0.98 0.01 90)", colorScheme: "dark" });
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("#7c3aed");
    expect(element.style.getPropertyValue("--auth-color-on-brand")).toBe("oklch(0.98 0.01 90)");
    expect(element.style.getPropertyValue("color-scheme")).toBe("dark");
    expect(element.getAttribute("data-color-scheme")).toBe("dark");
  });

  test("a brand colour alone picks a readable text colour", () => {
    const light = host();
    writeTheme(light, { brandColor: "#fde047" });
    const dark = host();
    writeTheme(dark, { brandColor: "#1e1b4b" });
    expect(light.style.getPropertyValue("--auth-color-on-brand")).not.toBe(dark.style.getPropertyValue("--auth-color-on-brand"));
  });

  test.each([
    ["red;}"],
    ["red"],
    ["#fff;background:url(https://evil.test)"],
    ["url(https://evil.test/x.png)"],
    ["rgb(1,2,3);color:red"],
    ["var(--x)"],
    ["expression(alert(1))"],
    ["#12345"],
    ["</style><script>alert(1)</script>"],
  ])("rejects brandColor/buttonText %j", (value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const element = host();
    writeTheme(element, { brandColor: value, buttonText: value });
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(element.style.getPropertyValue("--auth-color-on-brand")).toBe("");
    expect(element.getAttribute("style") ?? "").toBe("");
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain("brandColor, buttonText");
  });

  test("an unknown colorScheme and an unsafe logo are reported, not applied", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const element = host();
    writeTheme(element, { colorScheme: "dark;color:red", logo: "javascript:alert(1)" } as unknown as Theme);
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
    expect(element.getAttribute("style") ?? "").toBe("");
    expect(String(warn.mock.calls[0]![0])).toContain("colorScheme, logo");
  });

  test("auto sets no scheme; warnings are given once per element", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const element = host();
    writeTheme(element, { colorScheme: "auto" });
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
    writeTheme(element, { brandColor: "nope" });
    writeTheme(element, { brandColor: "still nope" });
    expect(warn).toHaveBeenCalledOnce();
  });

  test("a new theme clears the previous tokens", () => {
    const element = host();
    writeTheme(element, { brandColor: "#7c3aed", colorScheme: "dark" });
    writeTheme(element, undefined);
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(element.style.getPropertyValue("color-scheme")).toBe("");
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
  });
});

/** A minimal element with a `theme`, as the elements call applyTheme from `willUpdate`. */
class ThemeProbe extends LitElement {
  static override properties = { theme: { type: Object } };
  theme?: Theme;
  constructor() {
    super();
    trackPendingWork(this);
  }
  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("theme")) applyTheme(this, this.theme);
  }
}
customElements.define("theme-probe", ThemeProbe);

describe("applyTheme (the code is loaded on the first theme)", () => {
  // First in this describe: the code must not be loaded yet (nothing above loads it).
  test("a theme removed while the code loads is never written", async () => {
    const element = document.createElement("theme-probe") as ThemeProbe;
    element.theme = { brandColor: "#111111" };
    document.body.append(element);
    await new Promise((resolve) => setTimeout(resolve)); // the first update ran and started the load
    element.theme = undefined;
    await element.updateComplete;
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
    element.remove();
  });

  test("the attribute is JSON; a value that is not a JSON object is ignored with a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const junk of ["{nope}", "[1,2]", '"#fff"', "42"]) {
      const element = document.createElement("theme-probe") as ThemeProbe;
      element.setAttribute("theme", junk);
      document.body.append(element);
      await element.updateComplete;
      expect(element.getAttribute("style"), junk).toBeNull();
      element.remove();
    }
    // `{nope}` is not JSON at all (Lit reads it as null: no theme); the other three are warned about.
    expect(warn).toHaveBeenCalledTimes(3);
    const element = document.createElement("theme-probe") as ThemeProbe;
    element.setAttribute("theme", '{"brandColor":"#123456"}');
    document.body.append(element);
    await element.updateComplete;
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("#123456");
    element.remove();
  });

  test("themeBrand: the theme's logo (only a safe one) and app name once the code is here", () => {
    const logo = (value: string) => themeBrand({ logo: value }, "/auth")?.logo;
    expect(logo("https://example.com/logo.svg")).toBe("https://example.com/logo.svg");
    expect(logo("/logo.png")).toBe("/logo.png");
    for (const unsafe of ["javascript:alert(1)", "http://example.com/x.png", "//evil.example/x.png", 'https://x.example/"onerror=x']) {
      expect(logo(unsafe), unsafe).toBeUndefined();
    }
    const name = (value: unknown) => themeBrand({ appName: value as string }, "/auth")?.appName;
    expect(name("Acme")).toBe("Acme");
    expect(name("<b>Acme</b>")).toBe("<b>Acme</b>"); // shown as text, never parsed
    expect(themeBrand(undefined, "/auth")).toEqual({ logo: undefined, appName: undefined });
  });

  test("the theme is written once the code is here; updateComplete waits for it", async () => {
    const element = document.createElement("theme-probe") as ThemeProbe;
    element.theme = { brandColor: "#7c3aed", colorScheme: "dark" };
    document.body.append(element);
    await element.updateComplete;
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("#7c3aed");
    expect(element.getAttribute("data-color-scheme")).toBe("dark");
    element.theme = undefined;
    await element.updateComplete;
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
    element.remove();
  });
});
