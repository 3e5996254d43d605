/**
 * The LocalizeController (docs/elements.md#localisation): the element's own `lang`, then the nearest ancestor's, then
 * `<html lang>`, then the browser's language, then English; `dir` from the nearest `dir`, else from
 * the locale; `messages` override single keys. Exercised through a tiny probe element.
 */
import { LitElement, html } from "lit";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createTranslator, type MessageOverrides } from "../../locales/index.js";
import { LocalizeController } from "./localize.js";

class LocalizeProbe extends LitElement {
  messages?: Record<string, MessageOverrides>;
  readonly localize = new LocalizeController(this);
  override render() {
    return html`<span lang=${this.localize.locale} dir=${this.localize.dir}>${this.localize.t("signout.button")}</span>`;
  }
}
customElements.define("localize-probe", LocalizeProbe);

const root = document.documentElement;
const saved = { lang: root.getAttribute("lang"), dir: root.getAttribute("dir") };

afterEach(() => {
  document.body.replaceChildren();
  for (const [name, value] of Object.entries(saved)) {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
});

async function probe(attributes: Record<string, string> = {}, parent: HTMLElement = document.body): Promise<LocalizeProbe> {
  const element = document.createElement("localize-probe") as LocalizeProbe;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  await element.updateComplete;
  return element;
}

const text = (element: LocalizeProbe) => element.shadowRoot!.querySelector("span")!.textContent;
const span = (element: LocalizeProbe) => element.shadowRoot!.querySelector("span")!;

describe("LocalizeController", () => {
  test("precedence: own lang > ancestor lang > <html lang>", async () => {
    root.lang = "de";
    const outer = document.createElement("div");
    outer.lang = "fr";
    document.body.append(outer);
    expect(text(await probe({}, document.body))).toBe("Abmelden");
    expect(text(await probe({}, outer))).toBe("Se déconnecter");
    expect(text(await probe({ lang: "es" }, outer))).toBe("Cerrar sesión");
  });

  test("without any lang: the browser's language, else English", async () => {
    root.removeAttribute("lang");
    const element = await probe();
    expect(element.localize.lang).toBe(navigator.language || "en");
    expect(text(element)).toBe(createTranslator(navigator.language || "en").t("signout.button"));
  });

  test("locale is the catalogue actually used: region → language → en", async () => {
    expect((await probe({ lang: "fr-CA" })).localize.locale).toBe("fr");
    expect((await probe({ lang: "pt-BR" })).localize.locale).toBe("en");
    expect(text(await probe({ lang: "pt-BR" }))).toBe("Sign out");
  });

  test("dir: the nearest dir attribute, else the locale's", async () => {
    expect(span(await probe({ lang: "ar" })).dir).toBe("rtl");
    expect(span(await probe({ lang: "ar", dir: "ltr" })).dir).toBe("ltr");
    const rtl = document.createElement("div");
    rtl.dir = "rtl";
    document.body.append(rtl);
    expect(span(await probe({ lang: "en" }, rtl)).dir).toBe("rtl");
    root.dir = "rtl";
    expect(span(await probe({ lang: "en" })).dir).toBe("rtl");
    root.removeAttribute("dir");
    // No Hebrew catalogue: the messages are English, and so is the direction they are shown in.
    expect(span(await probe({ lang: "he" })).dir).toBe("ltr");
  });

  test("messages override keys for a locale and fall back for the rest", async () => {
    const element = document.createElement("localize-probe") as LocalizeProbe;
    element.lang = "de";
    element.messages = { de: { "signout.button": "Tschüss" } };
    document.body.append(element);
    await element.updateComplete;
    expect(text(element)).toBe("Tschüss");
    expect(element.localize.t("signout.cancel")).toBe("Abbrechen");
    element.messages = { en: { "signout.button": "Bye" } };
    element.requestUpdate();
    await element.updateComplete;
    expect(text(element)).toBe("Abmelden");
  });

  test("<html lang> and <html dir> changes re-render connected elements", async () => {
    root.lang = "en";
    const element = await probe();
    expect(text(element)).toBe("Sign out");
    root.lang = "ja";
    await vi.waitFor(() => expect(text(element)).toBe("サインアウト"));
    root.dir = "rtl";
    await vi.waitFor(() => expect(span(element).dir).toBe("rtl"));
  });
});
