/**
 * When the customisation code cannot be loaded (a bundle served without its companion file, say),
 * `<auth-signin>` settles in English with the default look: one console warning, `updateComplete`
 * resolves, no render loop, no logo it could not check, and other elements are unaffected.
 */
import { afterEach, expect, test, vi } from "vitest";
import { browserIdle } from "../../../stories/support/idle.js";
import { createFetchStub } from "../../../stories/support/stub-fetch.js";
import type { AuthSignin } from "./auth-signin.js";
import "./define.js";

vi.mock("../../internal/customization-import.js", () => ({ importCustomization: () => Promise.reject(new Error("404 Not Found")) }));

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

test("German, a theme and overrides without the customisation code: English, default look, one warning", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const server = createFetchStub({});
  restore = server.install();
  const element = document.createElement("auth-signin") as AuthSignin;
  let renders = 0;
  const render = element.render.bind(element);
  element.render = () => {
    renders++;
    return render();
  };
  element.setAttribute("base-path", server.basePath);
  element.lang = "de";
  element.setAttribute("theme", '{"brandColor":"#7c3aed","logo":"/logo.png"}');
  element.messages = { de: { "signin.or": "ODER" } };
  document.body.append(element);
  await vi.waitFor(() => expect(element.shadowRoot!.querySelector('[part="provider-button"]')).toBeTruthy());
  await element.updateComplete;
  const settled = renders;
  await browserIdle();
  expect(renders, "no render loop").toBe(settled);

  expect(element.shadowRoot!.querySelector('[part="provider-label"]')!.textContent).toBe("Sign in with GitHub");
  expect(element.shadowRoot!.querySelector('[part="base"]')!.getAttribute("lang")).toBe("en");
  expect(element.style.getPropertyValue("--auth-color-brand")).toBe("");
  expect(element.shadowRoot!.querySelector('[part="logo"]')).toBeNull();

  // A second element in another language: no new attempt, no new warning.
  const second = document.createElement("auth-signin") as AuthSignin;
  second.setAttribute("base-path", server.basePath);
  second.lang = "fr";
  document.body.append(second);
  await second.updateComplete;
  expect(warn).toHaveBeenCalledOnce();
  expect(String(warn.mock.calls[0]![0])).toMatch(/could not be loaded/);
});
