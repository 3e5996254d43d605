/**
 * `<auth-signin>` given a theme on a page where the customisation code has not been loaded yet (this
 * file runs in a frame of its own, and loads it first): `updateComplete` includes loading it and
 * writing the theme, as it did when the theme code was part of the element.
 */
import { afterEach, expect, test } from "vitest";
import { createFetchStub } from "../../../stories/support/stub-fetch.js";
import type { AuthSignin } from "./auth-signin.js";
import "./define.js";

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  document.body.replaceChildren();
});

test("a theme set before the element is added is written by the time updateComplete resolves", async () => {
  const server = createFetchStub({});
  restore = server.install();
  const element = document.createElement("auth-signin") as AuthSignin;
  element.setAttribute("base-path", server.basePath);
  element.theme = { brandColor: "#7c3aed", logo: "/logo.png" };
  document.body.append(element);
  await element.updateComplete;
  expect(element.style.getPropertyValue("--auth-color-brand")).toBe("#7c3aed");
  expect(element.shadowRoot!.querySelector('[part="logo"]')?.getAttribute("src")).toBe("/logo.png");
});
