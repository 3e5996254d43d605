/**
 * Lazy catalogues (docs/elements.md#localisation): the elements start with English and load another language's
 * catalogue the first time one needs it, once per page; meanwhile they show what they have and then
 * re-render. Also the bundle's loader (JSON from `{basePath}/assets/locales/`), with a stubbed fetch,
 * and the controller's reaction to `lang` changes on the element and inside shadow roots.
 */
import { LitElement, html } from "lit";
import { afterEach, describe, expect, test, vi } from "vitest";
import { LOCALES, SUPPORTED_LOCALES } from "../../locales/index.js";
import { createTranslator } from "../../locales/translator.js";
import { importCatalogue } from "./catalogue-loader.js";
import { catalogues, loadCatalogues } from "./catalogues.js";
import { LocalizeController } from "./localize.js";

class CatalogueProbe extends LitElement {
  basePath = "/auth";
  readonly localize = new LocalizeController(this);
  override render() {
    return html`<span lang=${this.localize.locale}>${this.localize.t("signout.cancel")}</span><slot></slot>`;
  }
}
customElements.define("catalogue-probe", CatalogueProbe);

/** Renders a probe inside its own shadow root, as `<auth-signin>` renders its provider buttons. */
class CatalogueParent extends LitElement {
  override render() {
    return html`<div lang="en"><catalogue-probe></catalogue-probe></div>`;
  }
}
customElements.define("catalogue-parent", CatalogueParent);

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const text = (element: Element) => element.shadowRoot!.querySelector("span")!.textContent;

describe("the package's loader (dynamic imports of locales/)", () => {
  test("has every built-in catalogue but English, and nothing else", async () => {
    for (const tag of SUPPORTED_LOCALES.filter((tag) => tag !== "en")) {
      expect(await importCatalogue(tag, "/auth"), tag).toBe(LOCALES[tag]);
    }
    expect(importCatalogue("en", "/auth")).toBeUndefined();
    expect(importCatalogue("pt", "/auth")).toBeUndefined();
    expect(importCatalogue("constructor", "/auth")).toBeUndefined();
  });
});

describe("loadCatalogues", () => {
  test("loads a language once, for its regions too, and adds it to the registry", async () => {
    const first = loadCatalogues("fr-CA", "/auth");
    const second = loadCatalogues("fr", "/auth");
    expect(first).toBeInstanceOf(Promise);
    await Promise.all([first, second]);
    expect(catalogues.fr).toBe(LOCALES.fr);
    expect(loadCatalogues("fr-FR", "/auth")).toBeUndefined();
    expect(createTranslator("fr-CA", undefined, catalogues).t("signout.cancel")).toBe("Annuler");
  });

  test("English, unknown languages and malformed tags need nothing", () => {
    expect(loadCatalogues("en-GB", "/auth")).toBeUndefined();
    expect(loadCatalogues("pt-BR", "/auth")).toBeUndefined();
    expect(loadCatalogues("not a tag", "/auth")).toBeUndefined();
  });
});

describe("the bundle's loader (JSON from Foyer's origin)", () => {
  async function bundleLoader() {
    vi.stubGlobal("__FOYER_CATALOGUES__", { de: "de.0123456789.json" });
    return import("./catalogue-loader.bundle.js");
  }

  test("fetches {basePath}/assets/locales/<file> and returns the catalogue", async () => {
    const { importCatalogue: load } = await bundleLoader();
    const fetch = vi.fn(async () => new Response('{"signout.cancel":"Abbrechen","signin.withProvider":"Mit {0} anmelden"}'));
    vi.stubGlobal("fetch", fetch);
    const catalogue = await load("de", "/api/auth/");
    expect(fetch).toHaveBeenCalledWith("/api/auth/assets/locales/de.0123456789.json");
    const { t } = createTranslator("de", undefined, { de: catalogue! });
    expect(t("signin.withProvider", "GitHub")).toBe("Mit GitHub anmelden");
    expect(t("signout.cancel")).toBe("Abbrechen");
  });

  test("knows only the built catalogues; a failed request rejects", async () => {
    const { importCatalogue: load } = await bundleLoader();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 404 })),
    );
    expect(load("fr", "/auth")).toBeUndefined();
    await expect(load("de", "/auth")).rejects.toThrow("404");
  });
});

describe("LocalizeController with lazy catalogues", () => {
  test("updateComplete waits for the catalogue and the re-render", async () => {
    const element = document.createElement("catalogue-probe");
    element.lang = "ja";
    document.body.append(element);
    await (element as CatalogueProbe).updateComplete;
    expect(text(element)).toBe("キャンセル");
    expect(element.shadowRoot!.querySelector("span")!.lang).toBe("ja");
  });

  test("shows the closest catalogue it has while loading, and lang says which", async () => {
    const element = document.createElement("catalogue-probe") as CatalogueProbe;
    element.lang = "es";
    const seen: string[] = [];
    const update = element["update"].bind(element);
    vi.spyOn(element as unknown as { update: (changed: Map<string, unknown>) => void }, "update").mockImplementation((changed) => {
      update(changed);
      seen.push(`${element.shadowRoot!.querySelector("span")!.lang}:${text(element)}`);
    });
    document.body.append(element);
    await element.updateComplete;
    // English first unless Spanish was quicker than the first render; never a mix of the two.
    expect(seen.at(-1)).toBe("es:Cancelar");
    for (const render of seen) expect(["en:Cancel", "es:Cancelar"]).toContain(render);
  });

  test("a change of the element's own lang re-renders", async () => {
    const element = document.createElement("catalogue-probe") as CatalogueProbe;
    element.lang = "en";
    document.body.append(element);
    await element.updateComplete;
    element.lang = "ar";
    await vi.waitFor(() => expect(text(element)).toBe(LOCALES.ar["signout.cancel"]));
  });

  test("a lang change inside the shadow root an element lives in re-renders it", async () => {
    const parent = document.createElement("catalogue-parent");
    document.body.append(parent);
    await (parent as CatalogueParent).updateComplete;
    const probe = parent.shadowRoot!.querySelector("catalogue-probe")!;
    await (probe as CatalogueProbe).updateComplete;
    expect(text(probe)).toBe("Cancel");
    parent.shadowRoot!.querySelector("div")!.lang = "de";
    await vi.waitFor(() => expect(text(probe)).toBe("Abbrechen"));
  });
});
