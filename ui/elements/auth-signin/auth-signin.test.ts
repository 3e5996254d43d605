/**
 * `<auth-signin>` in the browser, for what stories do not show well: registration, typing, event
 * flags, light-DOM inputs, parts, theme validation and the localisation precedence. Requests are
 * answered from the real server's recordings (stories/support/stub-fetch.ts).
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { PASSWORD } from "../../../stories/support/stub-fetch.js";
import { AuthSigninErrorEvent, AuthSigninStartEvent, AuthSigninSuccessEvent } from "../../events/index.js";
import { browserIdle, elementStubs, expectIdleAfterGrace, fakeClockFromSuccess, succeedWithoutLeaving } from "../test-support.js";
import { AuthSignin } from "./auth-signin.js";
import { define, tagName } from "./define.js";

const stubs = elementStubs();
const htmlLang = document.documentElement.getAttribute("lang");

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
  if (htmlLang === null) document.documentElement.removeAttribute("lang");
  else document.documentElement.setAttribute("lang", htmlLang);
  document.documentElement.removeAttribute("dir");
  vi.restoreAllMocks();
});

/** Appends an `<auth-signin>` (to `parent`, default `<body>`) and waits until its providers are shown. */
async function mount(attributes: Record<string, string> = {}, parent: HTMLElement = document.body, setup?: (element: AuthSignin) => void): Promise<AuthSignin> {
  if (!stubs.installed) stubs.install();
  const element = document.createElement("auth-signin");
  element.setAttribute("base-path", stubs.server.basePath);
  element.setAttribute("callback-url", "/account");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  setup?.(element);
  parent.append(element);
  await vi.waitFor(() => {
    expect(element.shadowRoot?.querySelector('[part="base"]')).toBeTruthy();
    expect(element.shadowRoot!.querySelector('[part~="spinner"]')).toBeNull();
  });
  await element.updateComplete;
  return element;
}

/** The light-DOM input labelled `label`. */
function field(host: HTMLElement, label: string): HTMLInputElement {
  const found = [...host.querySelectorAll("label")].find((candidate) => candidate.textContent?.trim() === label);
  expect(found, `label "${label}"`).toBeDefined();
  const input = host.querySelector<HTMLInputElement>(`#${CSS.escape(found!.htmlFor)}`);
  expect(input).not.toBeNull();
  return input!;
}

async function submitCredentials(host: AuthSignin, password: string): Promise<void> {
  await userEvent.fill(host.querySelector<HTMLInputElement>('form[slot="form-credentials"] input[name="username"]')!, "ada");
  await userEvent.fill(host.querySelector<HTMLInputElement>('form[slot="form-credentials"] input[name="password"]')!, password);
  const submit = host.querySelector<HTMLButtonElement>('form[slot="form-credentials"] button[type="submit"]')!;
  await userEvent.click(submit);
}

/** The provider buttons in the shadow root, in order. */
const providerButtons = (host: AuthSignin) => [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[part="provider-button"]')];

/** The label of a provider button (its `provider-label` part). */
const labelOf = (button: HTMLButtonElement) => button.querySelector('[part="provider-label"]')?.textContent ?? "";

/**
 * The provider button (`part="provider-button"`, in the shadow root) whose label names the provider
 * `name` (in any language: the name is in every catalogue's label), once the element has rendered.
 */
async function providerButton(host: AuthSignin, name: string): Promise<HTMLButtonElement> {
  await host.updateComplete;
  const found = providerButtons(host).filter((button) => labelOf(button).includes(name));
  expect(found, `the provider button for ${name}`).toHaveLength(1);
  return found[0]!;
}

/** Collects the kit's events at the document. */
function listen() {
  const events: Event[] = [];
  const record = (event: Event) => events.push(event);
  for (const type of ["auth-signin-start", "auth-signin-success", "auth-signin-error"]) document.addEventListener(type, record);
  return {
    events,
    of: <T extends Event>(type: string) => events.filter((event) => event.type === type) as T[],
    stop: () => {
      for (const type of ["auth-signin-start", "auth-signin-success", "auth-signin-error"]) document.removeEventListener(type, record);
    },
  };
}

describe("registration", () => {
  test("define() is idempotent: a second evaluation of define.ts and repeated calls do not throw", async () => {
    expect(tagName).toBe("auth-signin");
    expect(customElements.get("auth-signin")).toBe(AuthSignin);
    expect(() => define()).not.toThrow();
    expect(() => define()).not.toThrow();
    // A second, separate evaluation of the module (as a bundle that inlines it twice would do).
    const again = (await import(/* @vite-ignore */ new URL("./define.ts?again", import.meta.url).href)) as typeof import("./define.js");
    expect(again).not.toBe(await import("./define.js"));
    expect(() => again.define()).not.toThrow();
    expect(customElements.get("auth-signin")).toBe(AuthSignin);
    // auth-signin renders its provider buttons itself: its define does not register <auth-provider-button>.
    expect(customElements.get("auth-provider-button")).toBeUndefined();
  });

  test("HTMLElementTagNameMap knows the tag", () => {
    const element: AuthSignin = document.createElement("auth-signin");
    expectTypeOf(document.createElement("auth-signin")).toEqualTypeOf<AuthSignin>();
    expectTypeOf(document.querySelector("auth-signin")).toEqualTypeOf<AuthSignin | null>();
    expect(element).toBeInstanceOf(AuthSignin);
  });
});

describe("events", () => {
  test("auth-signin-start (cancelable) and auth-signin-success bubble and are composed", async () => {
    const host = await mount();
    const seen = listen();
    await submitCredentials(host, PASSWORD);
    await vi.waitFor(() => expect(seen.of("auth-signin-success")).toHaveLength(1));
    seen.stop();
    const [start] = seen.of<AuthSigninStartEvent>("auth-signin-start");
    const [success] = seen.of<AuthSigninSuccessEvent>("auth-signin-success");
    expect(start).toBeInstanceOf(AuthSigninStartEvent);
    expect(start).toMatchObject({ bubbles: true, composed: true, cancelable: true, target: host, detail: { provider: "credentials" } });
    expect(success).toBeInstanceOf(AuthSigninSuccessEvent);
    expect(success).toMatchObject({ bubbles: true, composed: true, target: host, detail: { provider: "credentials", url: `${location.origin}/account` } });
    expect(seen.of("auth-signin-error")).toHaveLength(0);
  });

  test("auth-signin-error bubbles and is composed, with the server's code", async () => {
    const host = await mount();
    const seen = listen();
    await submitCredentials(host, "wrong");
    await vi.waitFor(() => expect(seen.of("auth-signin-error")).toHaveLength(1));
    seen.stop();
    const [error] = seen.of<AuthSigninErrorEvent>("auth-signin-error");
    expect(error).toBeInstanceOf(AuthSigninErrorEvent);
    expect(error).toMatchObject({ bubbles: true, composed: true, target: host, detail: { provider: "credentials", code: "CredentialsSignin" } });
  });

  test("a provider button's click makes <auth-signin> fire its events at the document; the failure is announced", async () => {
    const host = await mount();
    const seen = listen();
    await userEvent.click(await providerButton(host, "GitHub"));
    await vi.waitFor(() => expect(seen.of("auth-signin-error")).toHaveLength(1));
    seen.stop();
    expect(seen.events.map((event) => [event.type, event.target])).toEqual([
      ["auth-signin-start", host],
      ["auth-signin-error", host],
    ]);
    const [start] = seen.of<AuthSigninStartEvent>("auth-signin-start");
    const [error] = seen.of<AuthSigninErrorEvent>("auth-signin-error");
    expect(start).toMatchObject({ bubbles: true, composed: true, cancelable: true, detail: { provider: "github" } });
    expect(error).toMatchObject({ bubbles: true, composed: true, detail: { provider: "github", code: "Configuration" } });
    // One POST to the provider's sign-in route, with the element's callback URL.
    expect(stubs.server.requestsTo("signin/github")).toHaveLength(1);
    expect(stubs.server.requestsTo("signin/github")[0]!.fields).toMatchObject({ callbackUrl: "/account" });
    // The recorded answer (this server version's configuration error) in the live region, focused.
    const alert = host.shadowRoot!.querySelector<HTMLElement>('[part="error"]')!;
    await vi.waitFor(() => expect(alert.textContent).toBe("Unable to sign in."));
    await vi.waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert));
    // Not busy any more: the button can be used again.
    const button = await providerButton(host, "GitHub");
    expect(button.disabled).toBe(false);
    expect(button.getAttribute("aria-busy")).toBe("false");
    expect(host.matches(":state(busy)")).toBe(false);
  });

  test("a provider sign-in that gets no answer: NetworkError, and the network message in the live region", async () => {
    stubs.install({ always: { "signin/github": "network-error" } });
    const host = await mount();
    const seen = listen();
    await userEvent.click(await providerButton(host, "GitHub"));
    await vi.waitFor(() => expect(seen.of("auth-signin-error")).toHaveLength(1));
    seen.stop();
    expect(seen.of<AuthSigninErrorEvent>("auth-signin-error")[0]).toMatchObject({ target: host, detail: { provider: "github", code: "NetworkError" } });
    expect(seen.of("auth-signin-success")).toHaveLength(0);
    const alert = host.shadowRoot!.querySelector<HTMLElement>('[part="error"]')!;
    await vi.waitFor(() => expect(alert.textContent).toBe("Could not reach the server. Check your connection and try again."));
    await vi.waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert));
    expect((await providerButton(host, "GitHub")).disabled).toBe(false);
  });

  test("while a provider sign-in runs: that button is busy (disabled, named spinner), the element too; a second click starts nothing", async () => {
    stubs.install({ hold: ["signin/github"] });
    const host = await mount();
    const seen = listen();
    try {
      await userEvent.click(await providerButton(host, "GitHub"));
      await stubs.server.requested("signin/github");
      await host.updateComplete;
      const button = await providerButton(host, "GitHub");
      expect(button.disabled).toBe(true);
      expect(button.getAttribute("aria-busy")).toBe("true");
      const spinner = button.querySelector('[part="spinner"]')!;
      expect(spinner.getAttribute("role")).toBe("status");
      expect(spinner.getAttribute("aria-label")).toBe("Signing in…");
      expect(host.matches(":state(busy)")).toBe(true);
      expect(host.shadowRoot!.querySelector('[part="base"]')!.getAttribute("aria-busy")).toBe("true");
      // One busy indicator, the button's: no second status row announcing the same thing.
      expect([...host.shadowRoot!.querySelectorAll('[role="status"]')]).toEqual([spinner]);
      // The other provider's button is not busy, and a click on it starts nothing while this one runs.
      const acme = await providerButton(host, "Acme ID");
      expect(acme.getAttribute("aria-busy")).toBe("false");
      await userEvent.click(acme);
      expect(seen.of("auth-signin-start")).toHaveLength(1);
      stubs.server.release();
      await vi.waitFor(() => expect(seen.of("auth-signin-error")).toHaveLength(1));
      await host.updateComplete;
      expect(button.disabled).toBe(false);
      expect(host.matches(":state(busy)")).toBe(false);
    } finally {
      seen.stop();
    }
    expect(stubs.server.requestsTo("signin/acme")).toHaveLength(0);
  });

  test("an OAuth sign-in that succeeds stays busy while the browser leaves, and is idle again once the page is hidden (back-forward cache)", async () => {
    // A provider sign-in that succeeds (GitHub's recorded authorization URL) while the page stays.
    succeedWithoutLeaving(stubs);
    const host = await mount();
    const seen = listen();
    try {
      await userEvent.click(await providerButton(host, "GitHub"));
      await vi.waitFor(() => expect(seen.of("auth-signin-success")).toHaveLength(1));
      await host.updateComplete;
      const button = await providerButton(host, "GitHub");
      expect(button.disabled).toBe(true);
      expect(host.matches(":state(busy)")).toBe(true);
      // What the browser fires as the page goes into the back-forward cache.
      dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true }));
      await host.updateComplete;
      expect(button.disabled).toBe(false);
      expect(button.getAttribute("aria-busy")).toBe("false");
      expect(host.matches(":state(busy)")).toBe(false);
    } finally {
      seen.stop();
    }
  });

  test("an OAuth sign-in whose page never goes (the navigation was cancelled) is idle again after 5 s", async () => {
    // A provider sign-in that succeeds (GitHub's recorded authorization URL) while the page stays.
    succeedWithoutLeaving(stubs);
    const host = await mount();
    const succeeded = fakeClockFromSuccess(host);
    const button = await providerButton(host, "GitHub");
    await userEvent.click(button);
    await succeeded;
    await expectIdleAfterGrace(host, button);
    // And the other ways in work again.
    const acme = await providerButton(host, "Acme ID");
    const seen = listen();
    await userEvent.click(acme);
    await vi.waitFor(() => expect(seen.of("auth-signin-start")).toHaveLength(1));
    seen.stop();
  });

  test("preventDefault() on auth-signin-start (at the document) stops the sign-in: no request, no other event", async () => {
    const host = await mount();
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener("auth-signin-start", cancel);
    const seen = listen();
    try {
      await submitCredentials(host, PASSWORD);
      await userEvent.click(await providerButton(host, "GitHub"));
      await browserIdle();
    } finally {
      document.removeEventListener("auth-signin-start", cancel);
      seen.stop();
    }
    expect(seen.events.map((event) => event.type)).toEqual(["auth-signin-start", "auth-signin-start"]);
    expect(seen.events.every((event) => event.defaultPrevented)).toBe(true);
    expect(stubs.server.requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(host.shadowRoot!.querySelector('[role="alert"]')!.textContent).toBe("");
  });
});

describe("light-DOM forms", () => {
  test("inputs are light-DOM children of the host, with <label for> and autocomplete tokens", async () => {
    const host = await mount();
    expect(host.shadowRoot!.querySelectorAll("input, form, label")).toHaveLength(0);
    const inputs = [...host.querySelectorAll("input")];
    expect(inputs.map((input) => input.name)).toEqual(["email", "username", "password"]);
    for (const input of inputs) {
      expect(input.getRootNode()).toBe(document);
      expect(host.contains(input)).toBe(true);
      const label = host.querySelector(`label[for="${CSS.escape(input.id)}"]`);
      expect(label, `label for ${input.name}`).not.toBeNull();
      expect(label!.textContent!.trim()).not.toBe("");
      // A placeholder is never the label.
      expect(label!.textContent!.trim()).not.toBe(input.placeholder);
    }
    expect(new Set(inputs.map((input) => input.id)).size).toBe(inputs.length);
    expect(field(host, "Username").getAttribute("autocomplete")).toBe("username");
    expect(field(host, "Password")).toMatchObject({ type: "password" });
    expect(field(host, "Password").getAttribute("autocomplete")).toBe("current-password");
    expect(field(host, "Email")).toMatchObject({ type: "email", required: true });
    expect(field(host, "Email").getAttribute("autocomplete")).toBe("email");
    // Each form is slotted into its own place in the shadow root.
    for (const form of host.querySelectorAll("form")) {
      expect(form.parentElement).toBe(host);
      expect(form.assignedSlot?.name).toBe(form.getAttribute("slot"));
    }
  });

  test("ids stay unique with two elements on one page", async () => {
    stubs.install();
    const first = await mount();
    const second = await mount();
    const ids = [...first.querySelectorAll("input"), ...second.querySelectorAll("input")].map((input) => input.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a password manager's (or the user's) submit posts exactly the page's fields", async () => {
    const host = await mount({ providers: "credentials" });
    await submitCredentials(host, PASSWORD);
    await vi.waitFor(() => expect(stubs.server.requestsTo("callback/credentials")).toHaveLength(1));
    expect(Object.keys(stubs.server.requestsTo("callback/credentials")[0]!.fields).sort()).toEqual(["callbackUrl", "csrfToken", "password", "username"]);
  });
});

describe("parts", () => {
  test("base, error, divider and the provider parts in the shadow root", async () => {
    const host = await mount();
    const shadow = host.shadowRoot!;
    expect(shadow.querySelector('[part="base"]')).not.toBeNull();
    expect(shadow.querySelector('[part="error"]')?.getAttribute("role")).toBe("alert");
    expect(shadow.querySelectorAll('[part="divider"]').length).toBeGreaterThan(0);
    const style = document.createElement("style");
    style.textContent = `
      auth-signin::part(provider-button) { letter-spacing: 3px; }
      auth-signin::part(provider-label) { word-spacing: 7px; }
      auth-signin::part(provider-logo) { opacity: 0.5; }
      auth-signin::part(error) { outline-offset: 9px; }`;
    document.head.append(style);
    try {
      const button = await providerButton(host, "GitHub");
      expect(button.getAttribute("part")).toBe("provider-button");
      expect(button.type).toBe("button");
      expect(button.getRootNode()).toBe(shadow);
      expect(getComputedStyle(button).letterSpacing).toBe("3px");
      expect(getComputedStyle(button.querySelector('[part="provider-label"]')!).wordSpacing).toBe("7px");
      const logo = button.querySelector<HTMLImageElement>('[part="provider-logo"]')!;
      expect(logo.getAttribute("alt")).toBe("");
      expect(getComputedStyle(logo).opacity).toBe("0.5");
      expect(getComputedStyle(shadow.querySelector('[part="error"]')!).outlineOffset).toBe("9px");
    } finally {
      style.remove();
    }
  });
});

describe("provider buttons (rendered by <auth-signin> itself)", () => {
  test("one plain button per OAuth/OIDC provider, in the order of GET /providers, with a decorative logo as the server sent it", async () => {
    const host = await mount();
    const shadow = host.shadowRoot!;
    // No <auth-provider-button> anywhere: the buttons are auth-signin's own.
    expect(shadow.querySelector("auth-provider-button")).toBeNull();
    expect(host.querySelector("auth-provider-button")).toBeNull();
    const buttons = providerButtons(host);
    expect(buttons.map(labelOf)).toEqual(["Sign in with GitHub", "Sign in with Acme ID"]);
    for (const button of buttons) {
      expect(button.type).toBe("button");
      expect(button.hasAttribute("tabindex")).toBe(false);
      expect(button.disabled).toBe(false);
      expect(button.getAttribute("aria-busy")).toBe("false");
      expect(button.querySelector('[part="spinner"]')).toBeNull();
    }
    const [github, acme] = buttons as [HTMLButtonElement, HTMLButtonElement];
    expect(github).toHaveProperty("textContent", "Sign in with GitHub");
    const logo = github.querySelector<HTMLImageElement>('img[part="provider-logo"]')!;
    expect(logo.getAttribute("alt")).toBe("");
    expect(logo.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    // Icon-sized inside a button of normal height (the theme logo's larger size is not for it).
    await vi.waitFor(() => expect(logo.complete).toBe(true));
    expect(logo.getBoundingClientRect()).toMatchObject({ width: 20, height: 20 });
    expect(github.getBoundingClientRect().height).toBeLessThan(50);
    // An OIDC provider without a style: its name only.
    expect(acme.querySelector("img")).toBeNull();
    // Providers are fetched once.
    expect(stubs.server.requestsTo("providers")).toHaveLength(1);
  });

  test("a provider's brand colours are set on its button's style (--auth-button-bg / --auth-button-text), not on the host", async () => {
    const host = await mount();
    const github = await providerButton(host, "GitHub");
    expect(github.style.getPropertyValue("--auth-button-bg")).toBe("#181717");
    expect(github.style.getPropertyValue("--auth-button-text")).toBe("#fff");
    expect(getComputedStyle(github).backgroundColor).toBe("rgb(24, 23, 23)");
    expect(getComputedStyle(github).color).toBe("rgb(255, 255, 255)");
    // Nothing on the host: a provider without brand colours is a secondary, outlined button in the text colour.
    expect(host.style.getPropertyValue("--auth-button-bg")).toBe("");
    expect(host.style.getPropertyValue("--auth-button-text")).toBe("");
    const acme = await providerButton(host, "Acme ID");
    expect(acme.style.getPropertyValue("--auth-button-bg")).toBe("");
    expect(getComputedStyle(acme).backgroundColor).toBe("rgba(0, 0, 0, 0)");
    expect(getComputedStyle(acme).color).toBe("rgb(31, 35, 40)");
  });

  test("a theme's brand colour goes to the one primary button only: providers keep their own colours or stay outlined", async () => {
    const host = await mount({ theme: JSON.stringify({ brandColor: "#7c3aed" }) });
    expect(getComputedStyle(await providerButton(host, "GitHub")).backgroundColor).toBe("rgb(24, 23, 23)");
    expect(getComputedStyle(await providerButton(host, "Acme ID")).backgroundColor).toBe("rgba(0, 0, 0, 0)");
    await vi.waitFor(() =>
      expect(getComputedStyle(host.querySelector('form[slot="form"] .auth-submit:not(.auth-alt)')!).backgroundColor).toBe("rgb(124, 58, 237)"),
    );
  });

  test("the providers attribute filters the providers and orders the buttons; the forms come after the buttons", async () => {
    const host = await mount({ providers: "acme credentials github" });
    const order = [...host.shadowRoot!.querySelectorAll<HTMLElement>('button[part="provider-button"], slot[name^="form"]')].map((node) =>
      node instanceof HTMLButtonElement ? labelOf(node) : node.getAttribute("name"),
    );
    expect(order).toEqual(["Sign in with Acme ID", "Sign in with GitHub", "form-credentials"]);
    // Without a shared form, the credentials form has the one primary button.
    expect(host.querySelector('form[slot="form-credentials"] .auth-submit:not(.auth-alt)')!.textContent).toBe("Continue");
  });
});

describe("theme: validated values become --auth-* tokens", () => {
  test("valid values become tokens on the host", async () => {
    const host = await mount({ theme: JSON.stringify({ colorScheme: "dark", brandColor: "#7c3aed", buttonText: "rgb(255 255 255)" }) });
    expect(host.style.getPropertyValue("--auth-color-brand")).toBe("#7c3aed");
    expect(host.style.getPropertyValue("--auth-color-on-brand")).toBe("rgb(255 255 255)");
    expect(host.getAttribute("data-color-scheme")).toBe("dark");
  });

  test("hostile values are ignored, never written into the host's style", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const hostile = { brandColor: "red;}", buttonText: "#fff;background:url(https://evil.test/x)", colorScheme: "dark;color:red", logo: "javascript:alert(1)" };
    const host = await mount({ theme: JSON.stringify(hostile) });
    const style = host.getAttribute("style") ?? "";
    expect(style).not.toContain("red");
    expect(style).not.toContain("evil");
    expect(style).not.toContain("}");
    expect(host.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(host.style.getPropertyValue("--auth-color-on-brand")).toBe("");
    expect(host.hasAttribute("data-color-scheme")).toBe(false);
    expect(host.shadowRoot!.querySelector('[part="logo"]')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    // The defaults still apply (the primary button).
    const submit = host.querySelector<HTMLButtonElement>('form[slot="form"] button[data-provider="email"]')!;
    expect(getComputedStyle(submit).backgroundColor).toBe("rgb(29, 78, 216)");
  });

  test("replacing a valid theme with a hostile one removes the old tokens", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const host = await mount({ theme: JSON.stringify({ brandColor: "#7c3aed" }) });
    host.setAttribute("theme", JSON.stringify({ brandColor: "red;}" }));
    await host.updateComplete;
    expect(host.style.getPropertyValue("--auth-color-brand")).toBe("");
    expect(host.getAttribute("style") ?? "").not.toContain("red");
  });

  test("theme that is not JSON is ignored", async () => {
    const host = await mount({ theme: "{brandColor: red}" });
    // Lit's Object converter: an attribute that is not JSON gives `null`, and nothing is applied.
    expect(host.theme).toBeNull();
    expect(host.style.getPropertyValue("--auth-color-brand")).toBe("");
  });
});

/** The WCAG contrast ratio of two `rgb(…)` colours as getComputedStyle gives them. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe("the surface", () => {
  test("about 400 px wide by default in a wide page; --auth-signin-max-width changes it", async () => {
    const wide = document.createElement("div");
    wide.style.width = "1200px";
    document.body.append(wide);
    const host = await mount({}, wide);
    const width = host.getBoundingClientRect().width;
    expect(width).toBeGreaterThan(380);
    expect(width).toBeLessThanOrEqual(410);
    host.style.setProperty("--auth-signin-max-width", "18rem");
    expect(host.getBoundingClientRect().width).toBeLessThan(width - 50);
  });

  test("its own surface: the dark theme on a light page is readable, inputs are not slabs on it", async () => {
    document.body.style.background = "#fff";
    try {
      const host = await mount({ theme: JSON.stringify({ colorScheme: "dark" }) });
      const surface = getComputedStyle(host).backgroundColor;
      expect(surface).not.toBe("rgba(0, 0, 0, 0)");
      expect(getComputedStyle(host).borderTopStyle).toBe("solid");
      const input = field(host, "Username");
      const label = host.querySelector(`label[for="${input.id}"]`)!;
      expect(contrast(getComputedStyle(label).color, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(getComputedStyle(input).color, getComputedStyle(input).backgroundColor)).toBeGreaterThanOrEqual(4.5);
      // The input sits on the surface in the surface's own colour (a bordered field, not a black block).
      expect(getComputedStyle(input).backgroundColor).toBe(surface);
    } finally {
      document.body.style.background = "";
    }
  });

  test("a running credentials sign-in shows its state in the pressed button: nothing above the form moves", async () => {
    stubs.install({ hold: ["callback/credentials"] });
    const host = await mount({ providers: "credentials" });
    const form = host.querySelector('form[slot="form-credentials"]')!;
    const top = form.getBoundingClientRect().top;
    await userEvent.fill(field(host, "Username"), "ada");
    await userEvent.fill(field(host, "Password"), "x");
    await userEvent.click(form.querySelector("button")!);
    await stubs.server.requested("callback/credentials");
    await host.updateComplete;
    try {
      expect(form.querySelector("button")!.textContent).toBe("Signing in…");
      expect(form.getBoundingClientRect().top).toBe(top);
      expect(host.shadowRoot!.querySelector('[part="spinner"]')).toBeNull();
    } finally {
      stubs.server.release();
    }
  });
});

describe("localisation", () => {
  /** The primary button's text ("Continue"). */
  const submitText = (host: AuthSignin) => host.querySelector('form[slot="form"] .auth-submit:not(.auth-alt)')!.textContent!.trim();
  const base = (host: AuthSignin) => host.shadowRoot!.querySelector<HTMLElement>('[part="base"]')!;

  test("<html lang> applies when nothing closer is set", async () => {
    document.documentElement.lang = "de";
    const host = await mount();
    expect(submitText(host)).toBe("Weiter");
    expect(base(host).lang).toBe("de");
  });

  test("an ancestor's lang wins over <html lang>", async () => {
    document.documentElement.lang = "de";
    const section = document.createElement("section");
    section.lang = "fr";
    document.body.append(section);
    const host = await mount({}, section);
    expect(submitText(host)).toBe("Continuer");
  });

  test("the element's own lang wins over an ancestor's; dir comes from the locale", async () => {
    document.documentElement.lang = "de";
    const section = document.createElement("section");
    section.lang = "fr";
    document.body.append(section);
    const host = await mount({ lang: "ar" }, section);
    expect(submitText(host)).toBe("متابعة");
    expect(base(host).dir).toBe("rtl");
    expect(getComputedStyle(base(host)).direction).toBe("rtl");
    expect(getComputedStyle(host.querySelector("form")!).direction).toBe("rtl");
    expect((await providerButton(host, "GitHub")).textContent!.trim()).toBe("تسجيل الدخول باستخدام GitHub");
  });

  test("a region tag falls back to its language; an unknown language to English", async () => {
    const swiss = await mount({ lang: "de-CH" });
    expect(submitText(swiss)).toBe("Weiter");
    expect(base(swiss).lang).toBe("de");
    const unknown = await mount({ lang: "xx" });
    expect(submitText(unknown)).toBe("Continue");
    expect(base(unknown).dir).toBe("ltr");
  });

  test("an explicit dir wins over the locale's", async () => {
    const host = await mount({ lang: "ar", dir: "ltr" });
    expect(base(host).dir).toBe("ltr");
  });

  test("messages override single keys per locale, also inside the provider buttons; provider names and field labels are translatable", async () => {
    const host = await mount({ lang: "de" }, document.body, (element) => {
      element.messages = {
        de: {
          "signin.withProvider": "Weiter mit {provider}",
          "signinError.CredentialsSignin": "Falsch.",
          "signin.provider.credentials": "Acme-Konto",
          "signin.field.credentials.username": "Benutzername",
        },
      };
    });
    // The credentials provider is named by the app's translation, its field labelled by it.
    expect(host.querySelector('form[slot="form-credentials"] button')!.textContent).toBe("Weiter mit Acme-Konto");
    expect(field(host, "Benutzername").name).toBe("username");
    expect((await providerButton(host, "GitHub")).textContent!.trim()).toBe("Weiter mit GitHub");
    expect(host.shadowRoot!.querySelector('[part="divider"]')!.textContent).toBe("oder");
    await submitCredentials(host, "wrong");
    await vi.waitFor(() => expect(host.shadowRoot!.querySelector('[role="alert"]')!.textContent).toBe("Falsch."));
  });

  test("changing <html lang> re-renders", async () => {
    const host = await mount();
    document.documentElement.lang = "fr";
    await vi.waitFor(() => expect(submitText(host)).toBe("Continuer"));
  });

  test("changing the element's own lang re-renders", async () => {
    const host = await mount({ lang: "en" });
    host.setAttribute("lang", "de");
    await vi.waitFor(() => expect(submitText(host)).toBe("Weiter"));
    expect(base(host).lang).toBe("de");
  });
});
