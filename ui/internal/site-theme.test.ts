/**
 * The server's theme on every element (./site-theme.ts), in the browser: elements read
 * `{basePath}/assets/theme.json` once per base path and show its colours, colour scheme and logo;
 * the page's `--auth-*` properties and an element's own `theme` win over it; invalid values never
 * reach CSS. The recorded server answers the elements' requests; this file answers `theme.json` as
 * Foyer does (server/routes/site-theme.test.ts checks Foyer's side).
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import "../elements/auth-signin/define.js";
import "../elements/auth-signout/define.js";
import "../elements/auth-user/define.js";
import { elementStubs } from "../elements/test-support.js";

const stubs = elementStubs({ server: { signedIn: true, avatar: "none" } });
const LOGO = "data:image/png;base64,iVBORw0KGgo=";
const SERVER_THEME = { brandColor: "#7c3aed", buttonText: "#fff", colorScheme: "dark", logo: LOGO };
const PURPLE = "rgb(124, 58, 237)";
const DEFAULT_BLUE = "rgb(29, 78, 216)";

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
  vi.restoreAllMocks();
});

/** Installs the recorded server and answers `{basePath}/assets/theme.json` with `theme` (`null`: 204, no theme); returns the theme requests made. */
function serveTheme(theme: unknown): string[] {
  const server = stubs.install();
  const requests: string[] = [];
  const recorded = globalThis.fetch;
  const themed = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname !== `${server.basePath}/assets/theme.json`) return recorded(input, init);
    requests.push(url.pathname);
    return Promise.resolve(
      theme === null ? new Response(null, { status: 204 }) : new Response(JSON.stringify(theme), { headers: { "content-type": "application/json" } }),
    );
  };
  globalThis.fetch = themed as typeof fetch;
  stubs.defer(() => {
    if (globalThis.fetch === themed) globalThis.fetch = recorded;
  });
  return requests;
}

type Tag = "auth-signin" | "auth-signout" | "auth-user";

/** Appends `tag` with the stub's base path (inside `parent`) and waits until it has rendered with the theme. */
async function mount<K extends Tag>(tag: K, attributes: Record<string, string> = {}, parent: HTMLElement = document.body) {
  const host = document.createElement(tag);
  host.setAttribute("base-path", stubs.server.basePath);
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  parent.append(host);
  await host.updateComplete;
  return host;
}

const signoutBackground = (host: HTMLElement) => getComputedStyle(host.shadowRoot!.querySelector("button")!).backgroundColor;
const initialsBackground = async (host: HTMLElement) => {
  await vi.waitFor(() => expect(host.shadowRoot!.querySelector(".initials")).not.toBeNull());
  return getComputedStyle(host.shadowRoot!.querySelector(".initials")!).backgroundColor;
};
/** The brand token every element's parts read (`--_color-brand`, resolved on the host). */
const brandToken = (host: HTMLElement) => getComputedStyle(host).getPropertyValue("--_color-brand").trim();

describe("the server's theme reaches every element on the site", () => {
  test("brand colour, text colour, colour scheme and logo, with one request for all the elements of a base path", async () => {
    const requests = serveTheme(SERVER_THEME);
    const [signin, signout, user] = await Promise.all([mount("auth-signin"), mount("auth-signout"), mount("auth-user")]);
    expect(signoutBackground(signout)).toBe(PURPLE);
    expect(getComputedStyle(signout.shadowRoot!.querySelector("button")!).color).toBe("rgb(255, 255, 255)");
    expect(await initialsBackground(user)).toBe(PURPLE);
    expect(brandToken(signin)).toBe("#7c3aed");
    for (const host of [signin, signout, user]) expect(getComputedStyle(host).colorScheme).toBe("dark");
    expect(signin.shadowRoot!.querySelector<HTMLImageElement>('img[part="logo"]')?.getAttribute("src")).toBe(LOGO);
    expect(requests).toHaveLength(1);
    // Adopted as a constructable stylesheet: no style element, no style attribute.
    for (const host of [signin, signout, user]) {
      expect(host.hasAttribute("style")).toBe(false);
      expect(host.shadowRoot!.querySelector("style")).toBeNull();
    }
  });

  test("an element's theme attribute overrides it for that element alone, field by field", async () => {
    serveTheme(SERVER_THEME);
    const own = await mount("auth-signout", { theme: JSON.stringify({ brandColor: "#0f766e", colorScheme: "light" }) });
    const other = await mount("auth-signout");
    expect(signoutBackground(own)).toBe("rgb(15, 118, 110)");
    expect(getComputedStyle(own).colorScheme).toBe("light");
    expect(signoutBackground(other)).toBe(PURPLE);
    // A theme without a logo keeps the server's; `"logo": ""` shows none.
    const withLogo = await mount("auth-signin", { theme: JSON.stringify({ brandColor: "#0f766e" }) });
    const withoutLogo = await mount("auth-signin", { theme: JSON.stringify({ logo: "" }) });
    expect(withLogo.shadowRoot!.querySelector('img[part="logo"]')?.getAttribute("src")).toBe(LOGO);
    expect(withoutLogo.shadowRoot!.querySelector('img[part="logo"]')).toBeNull();
  });

  test("the page's --auth-* custom properties win over it", async () => {
    serveTheme(SERVER_THEME);
    const section = document.createElement("section");
    section.style.setProperty("--auth-color-brand", "rgb(1, 2, 3)");
    document.body.append(section);
    const inside = await mount("auth-signout", {}, section);
    const outside = await mount("auth-signout");
    expect(signoutBackground(inside)).toBe("rgb(1, 2, 3)");
    expect(signoutBackground(outside)).toBe(PURPLE);
  });

  test("invalid values are refused: nothing reaches CSS, no logo, one warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serveTheme({
      brandColor: "red;}:host{background:url(https://evil.example/x)}",
      buttonText: "expression(alert(1))",
      colorScheme: "dark; background: red",
      logo: "javascript:alert(1)",
    });
    const [signin, signout] = await Promise.all([mount("auth-signin"), mount("auth-signout")]);
    expect(signoutBackground(signout)).toBe(DEFAULT_BLUE);
    expect(getComputedStyle(signout.shadowRoot!.querySelector("button")!).color).toBe("rgb(255, 255, 255)");
    expect(getComputedStyle(signout).backgroundImage).toBe("none");
    expect(getComputedStyle(signout).colorScheme).toBe("normal");
    expect(signin.shadowRoot!.querySelector('img[part="logo"]')).toBeNull();
    expect(warn.mock.calls.filter(([message]) => String(message).includes("server theme"))).toEqual([
      ["foyer-auth: ignored invalid server theme brandColor, buttonText, colorScheme, logo"],
    ]);
  });

  test("no theme configured (204): the default look, no stylesheet adopted", async () => {
    serveTheme(null);
    const signout = await mount("auth-signout");
    expect(signoutBackground(signout)).toBe(DEFAULT_BLUE);
    const { elementStyles } = customElements.get("auth-signout") as unknown as { elementStyles: unknown[] };
    expect(signout.shadowRoot!.adoptedStyleSheets).toHaveLength(elementStyles.length);
  });
});
