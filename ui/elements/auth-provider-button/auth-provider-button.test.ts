/**
 * `<auth-provider-button>` in the browser: registration, typing, event flags and cancelation, parts,
 * the descriptor from `GET /providers` (recorded), theme validation and localisation.
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { AuthSigninErrorEvent, AuthSigninStartEvent } from "../../events/index.js";
import { AuthProviderButton } from "./auth-provider-button.js";
import { define, tagName } from "./define.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { browserIdle, elementStubs, expectIdleAfterGrace, fakeClockFromSuccess, succeedWithoutLeaving } from "../test-support.js";

const stubs = elementStubs();

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
  vi.restoreAllMocks();
});

/** Appends a button for `provider` and waits for its name from `GET /providers`. */
async function mount(attributes: Record<string, string> = {}, name = "Sign in with GitHub"): Promise<{ host: AuthProviderButton; button: HTMLButtonElement }> {
  if (!stubs.installed) stubs.install();
  const host = document.createElement("auth-provider-button");
  host.setAttribute("provider", "github");
  host.setAttribute("base-path", stubs.server.basePath);
  host.setAttribute("callback-url", "/account");
  for (const [attribute, value] of Object.entries(attributes)) host.setAttribute(attribute, value);
  document.body.append(host);
  await vi.waitFor(() => expect(host.shadowRoot?.querySelector("button")?.textContent?.trim()).toBe(name));
  return { host, button: host.shadowRoot!.querySelector("button")! };
}

describe("registration", () => {
  test("the tag name is auth-provider-button", () => expect(tagName).toBe("auth-provider-button"));
  testIdempotentDefine({ tagName, element: AuthProviderButton, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    const element: AuthProviderButton = document.createElement("auth-provider-button");
    expectTypeOf(document.createElement("auth-provider-button")).toEqualTypeOf<AuthProviderButton>();
    expect(element).toBeInstanceOf(AuthProviderButton);
  });
});

describe("rendering from GET /providers", () => {
  test("name, decorative logo, provider colours, and the documented parts", async () => {
    const { host, button } = await mount();
    expect(button.getAttribute("part")).toBe("button");
    expect(button.type).toBe("button");
    expect(button.hasAttribute("tabindex")).toBe(false);
    const logo = host.shadowRoot!.querySelector("img")!;
    expect(logo.getAttribute("part")).toBe("logo");
    expect(logo.getAttribute("alt")).toBe("");
    expect(host.shadowRoot!.querySelector('[part="label"]')!.textContent).toBe("Sign in with GitHub");
    // The provider's colours are on the inner button (through the CSSOM), not on the host.
    expect(button.style.getPropertyValue("--auth-button-bg")).toBe("#181717");
    expect(button.style.getPropertyValue("--auth-button-text")).toBe("#fff");
    expect(host.style.getPropertyValue("--auth-button-bg")).toBe("");
    expect(getComputedStyle(button).backgroundColor).toBe("rgb(24, 23, 23)");
    expect(getComputedStyle(button).color).toBe("rgb(255, 255, 255)");
    expect(stubs.server.requestsTo("providers")).toHaveLength(1);
  });

  test("an unknown provider id renders the id and no logo", async () => {
    const { host, button } = await mount({ provider: "nope" }, "Sign in with nope");
    expect(host.shadowRoot!.querySelector("img")).toBeNull();
    // No provider colours: the element's own.
    expect(button.style.getPropertyValue("--auth-button-bg")).toBe("");
    expect(getComputedStyle(button).backgroundColor).toBe("rgb(29, 78, 216)");
  });

  test("a `name` attribute wins over the recorded name", async () => {
    await mount({ name: "GitHub Enterprise" }, "Sign in with GitHub Enterprise");
  });
});

describe("events", () => {
  test("a sign-in whose page never goes (the navigation was cancelled) is idle again after 5 s", async () => {
    // A provider sign-in that succeeds (GitHub's recorded authorization URL) while the page stays.
    succeedWithoutLeaving(stubs);
    const { host, button } = await mount();
    const succeeded = fakeClockFromSuccess(host);
    await userEvent.click(button);
    await succeeded;
    await expectIdleAfterGrace(host, button);
  });

  test("a sign-in that succeeds stays busy while the browser leaves, and is idle again once the page is hidden (back-forward cache)", async () => {
    // A provider sign-in that succeeds (GitHub's recorded authorization URL) while the page stays.
    succeedWithoutLeaving(stubs);
    const { host, button } = await mount();
    const succeeded = new Promise((resolve) => host.addEventListener("auth-signin-success", resolve, { once: true }));
    await userEvent.click(button);
    await succeeded;
    await host.updateComplete;
    expect(button.disabled).toBe(true);
    expect(host.matches(":state(busy)")).toBe(true);
    dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true }));
    await host.updateComplete;
    expect(button.disabled).toBe(false);
    expect(host.matches(":state(busy)")).toBe(false);
  });

  test("auth-signin-start is cancelable, bubbles and is composed; the error event too", async () => {
    const { host, button } = await mount();
    const seen: Event[] = [];
    const record = (event: Event) => seen.push(event);
    document.addEventListener("auth-signin-start", record);
    document.addEventListener("auth-signin-error", record);
    try {
      await userEvent.click(button);
      await vi.waitFor(() => expect(seen).toHaveLength(2));
    } finally {
      document.removeEventListener("auth-signin-start", record);
      document.removeEventListener("auth-signin-error", record);
    }
    const [start, error] = seen;
    expect(start).toBeInstanceOf(AuthSigninStartEvent);
    expect(start).toMatchObject({ bubbles: true, composed: true, cancelable: true, target: host, detail: { provider: "github" } });
    expect(error).toBeInstanceOf(AuthSigninErrorEvent);
    expect(error).toMatchObject({ bubbles: true, composed: true, target: host, detail: { provider: "github", code: "Configuration" } });
    expect(stubs.server.requestsTo("signin/github")[0]!.fields).toMatchObject({ callbackUrl: "/account" });
  });

  test("preventDefault() on auth-signin-start: no request, not busy", async () => {
    const { button } = await mount();
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener("auth-signin-start", cancel);
    try {
      await userEvent.click(button);
      await browserIdle();
    } finally {
      document.removeEventListener("auth-signin-start", cancel);
    }
    expect(stubs.server.requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(button.disabled).toBe(false);
  });

  test("a second click while the first runs starts nothing", async () => {
    stubs.install({ hold: ["signin/github"] });
    const { host } = await mount();
    const starts: Event[] = [];
    host.addEventListener("auth-signin-start", (event) => starts.push(event));
    void host.signIn();
    await stubs.server.requested("signin/github");
    await host.signIn();
    expect(starts).toHaveLength(1);
    stubs.server.release();
  });
});

describe("theme and language", () => {
  test("a hostile theme is ignored and never reaches the host's style", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { host } = await mount({ theme: JSON.stringify({ brandColor: "red;}", buttonText: "x;y" }) });
    expect(host.getAttribute("style") ?? "").not.toMatch(/red|x;y/);
    expect(host.style.getPropertyValue("--auth-color-brand")).toBe("");
  });

  test("own lang wins over <html lang>; dir follows the locale", async () => {
    const before = document.documentElement.getAttribute("lang");
    document.documentElement.lang = "fr";
    try {
      await mount({}, "Se connecter avec GitHub");
      document.body.replaceChildren();
      const { host } = await mount({ lang: "ar" }, "تسجيل الدخول باستخدام GitHub");
      expect(host.shadowRoot!.querySelector('[part="button"]')!.getAttribute("dir")).toBe("rtl");
    } finally {
      if (before === null) document.documentElement.removeAttribute("lang");
      else document.documentElement.lang = before;
    }
  });

  test("messages override the label", async () => {
    stubs.install();
    const host = document.createElement("auth-provider-button");
    host.setAttribute("provider", "github");
    host.setAttribute("base-path", stubs.server.basePath);
    host.messages = { en: { "signin.withProvider": "Continue with {provider}" } };
    document.body.append(host);
    await vi.waitFor(() => expect(host.shadowRoot?.querySelector("button")?.textContent?.trim()).toBe("Continue with GitHub"));
  });
});
