/**
 * `messages` given to an `<auth-signin>` that already shows English, on a page where the
 * customisation code (the translator) has not been loaded yet (this file runs in a frame of its
 * own): the update that follows, awaited through `updateComplete`, shows the override.
 */
import { afterEach, expect, test, vi } from "vitest";
import { createFetchStub } from "../../../stories/support/stub-fetch.js";
import type { AuthSignin } from "./auth-signin.js";
import "./define.js";

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  document.body.replaceChildren();
});

test("an override set after the first render is shown once updateComplete resolves", async () => {
  const server = createFetchStub({});
  restore = server.install();
  const element = document.createElement("auth-signin") as AuthSignin;
  element.setAttribute("base-path", server.basePath);
  document.body.append(element);
  const label = () => element.shadowRoot!.querySelector('[part="provider-label"]')?.textContent;
  await vi.waitFor(() => expect(label()).toBe("Sign in with GitHub"));
  element.messages = { en: { "signin.withProvider": "Continue with {provider}" } };
  await element.updateComplete;
  expect(label()).toBe("Continue with GitHub");
});
