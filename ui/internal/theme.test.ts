/**
 * The elements' `theme` mapping (ui-kit §4.3, §5): valid values become `--auth-*` tokens on the host;
 * anything outside the colour grammar, a colour scheme other than light/dark/auto, or an unsafe logo
 * is ignored with one warning, and never written into CSS.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Theme } from "../../server/types.js";
import { applyTheme, themeConverter } from "./theme.js";

afterEach(() => {
  vi.restoreAllMocks();
});

function host(): HTMLElement {
  return document.createElement("div");
}

describe("themeConverter", () => {
  test("parses a JSON object; anything else is undefined", () => {
    expect(themeConverter.fromAttribute('{"brandColor":"#123456"}')).toEqual({ brandColor: "#123456" });
    expect(themeConverter.fromAttribute(null)).toBeUndefined();
    expect(themeConverter.fromAttribute("")).toBeUndefined();
    expect(themeConverter.fromAttribute("{nope}")).toBeUndefined();
    expect(themeConverter.fromAttribute("[1,2]")).toBeUndefined();
    expect(themeConverter.fromAttribute('"#fff"')).toBeUndefined();
    expect(themeConverter.fromAttribute("null")).toBeUndefined();
  });

  test("serialises back to JSON", () => {
    expect(themeConverter.toAttribute({ colorScheme: "dark" })).toBe('{"colorScheme":"dark"}');
    expect(themeConverter.toAttribute(undefined)).toBeNull();
  });
});

describe("applyTheme", () => {
  test("maps brandColor, buttonText and colorScheme to tokens", () => {
    const element = host();
    applyTheme(element, { brandColor: " #7c3aed ", buttonText: "oklch(0.98 0.01 90)", colorScheme: "dark" });
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("#7c3aed");
    expect(element.style.getPropertyValue("--auth-color-on-brand")).toBe("oklch(0.98 0.01 90)");
    expect(element.style.getPropertyValue("color-scheme")).toBe("dark");
    expect(element.getAttribute("data-color-scheme")).toBe("dark");
  });

  test("a brand colour alone picks a readable text colour", () => {
    const light = host();
    applyTheme(light, { brandColor: "#fde047" });
    const dark = host();
    applyTheme(dark, { brandColor: "#1e1b4b" });
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
    applyTheme(element, { brandColor: value, buttonText: value });
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(element.style.getPropertyValue("--auth-color-on-brand")).toBe("");
    expect(element.getAttribute("style") ?? "").toBe("");
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain("brandColor, buttonText");
  });

  test("an unknown colorScheme and an unsafe logo are reported, not applied", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const element = host();
    applyTheme(element, { colorScheme: "dark;color:red", logo: "javascript:alert(1)" } as unknown as Theme);
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
    expect(element.getAttribute("style") ?? "").toBe("");
    expect(String(warn.mock.calls[0]![0])).toContain("colorScheme, logo");
  });

  test("auto sets no scheme; warnings are given once per element", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const element = host();
    applyTheme(element, { colorScheme: "auto" });
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
    applyTheme(element, { brandColor: "nope" });
    applyTheme(element, { brandColor: "still nope" });
    expect(warn).toHaveBeenCalledOnce();
  });

  test("a new theme clears the previous tokens", () => {
    const element = host();
    applyTheme(element, { brandColor: "#7c3aed", colorScheme: "dark" });
    applyTheme(element, undefined);
    expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(element.style.getPropertyValue("color-scheme")).toBe("");
    expect(element.hasAttribute("data-color-scheme")).toBe(false);
  });
});
