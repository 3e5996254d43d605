/**
 * `<auth-passkey-button>` in Chromium: the server is the recorded passkey server
 * (stories/support/stub-fetch.ts) and the passkey dialog a stub that answers like a visitor
 * (stories/support/stub-webauthn.ts): a passkey, a cancel, or nothing (ignored autofill).
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { cancelPasskeyCeremony } from "../../client/passkey.js";
import { AuthSigninErrorEvent, AuthSigninStartEvent, AuthSigninSuccessEvent } from "../../events/index.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { appendElement, browserIdle, elementStubs } from "../test-support.js";
import { AuthPasskeyButton } from "./auth-passkey-button.js";
import { define, tagName } from "./define.js";

const stubs = elementStubs({ server: { passkey: true }, webauthn: true });

/** What ends a test (without restoring mocks), also between the cases of one test. */
function leavePage(): void {
  document.body.replaceChildren();
  // A dialog a test left open (`get: "wait"`) is a ceremony still pending in the client: end it, as
  // leaving the page would.
  cancelPasskeyCeremony();
  stubs.restore();
}

afterEach(() => {
  leavePage();
  vi.restoreAllMocks();
});

/** Appends a button (children as given) and waits for its first render. */
async function mount(attributes: Record<string, string> = {}, children = ""): Promise<AuthPasskeyButton> {
  if (!stubs.installed) stubs.install();
  const host = appendElement("auth-passkey-button", { "base-path": stubs.server.basePath, "callback-url": "/account", ...attributes }, children);
  await host.updateComplete;
  return host;
}

const button = (host: AuthPasskeyButton) => host.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!;
const alert = (host: AuthPasskeyButton) => host.shadowRoot!.querySelector<HTMLElement>('[role="alert"]')!;

/** Collects the sign-in events at the document. */
function listen() {
  const events: Event[] = [];
  const types = [AuthSigninStartEvent.type, AuthSigninSuccessEvent.type, AuthSigninErrorEvent.type];
  const record = (event: Event) => events.push(event);
  for (const type of types) document.addEventListener(type, record);
  stubs.defer(() => types.forEach((type) => document.removeEventListener(type, record)));
  return { events, types: () => events.map((event) => event.type) };
}

describe("registration", () => {
  test("the tag name is auth-passkey-button", () => expect(tagName).toBe("auth-passkey-button"));
  testIdempotentDefine({ tagName, element: AuthPasskeyButton, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    expectTypeOf(document.createElement("auth-passkey-button")).toEqualTypeOf<AuthPasskeyButton>();
    expect(document.createElement("auth-passkey-button")).toBeInstanceOf(AuthPasskeyButton);
  });
});

describe("signing in with the button", () => {
  test("a native button with the documented parts, an empty alert region, and no field without `conditional`", async () => {
    const host = await mount();
    expect(button(host).type).toBe("button");
    expect(button(host).textContent!.trim()).toBe("Sign in with a passkey");
    expect(button(host).hasAttribute("tabindex")).toBe(false);
    expect(alert(host).getAttribute("part")).toBe("error");
    expect(alert(host).textContent).toBe("");
    expect(host.querySelector("input")).toBeNull();
    expect(host.hasAttribute("unsupported")).toBe(false);
  });

  test("start (cancelable) and success events; the ceremony posts what the sign-in page posts", async () => {
    const host = await mount();
    const seen = listen();
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(seen.types()).toEqual(["auth-signin-start", "auth-signin-success"]));
    const [start, success] = seen.events as [AuthSigninStartEvent, AuthSigninSuccessEvent];
    expect(start).toMatchObject({ bubbles: true, composed: true, cancelable: true, target: host, detail: { provider: "passkey" } });
    expect(success).toBeInstanceOf(AuthSigninSuccessEvent);
    expect(success).toMatchObject({ bubbles: true, composed: true, detail: { provider: "passkey", url: `${location.origin}/account` } });
    expect(stubs.server.requestsTo("webauthn-options/passkey")[0]!.query).toEqual({ action: "authenticate" });
    expect(stubs.webauthn.calls.map((call) => [call.method, call.mediation])).toEqual([["get", undefined]]);
    const [post] = stubs.server.requestsTo("callback/passkey");
    expect(Object.keys(post!.fields).sort()).toEqual(["action", "callbackUrl", "csrfToken", "data"]);
    expect(post!.fields).toMatchObject({ action: "authenticate", callbackUrl: "/account" });
    expect(JSON.parse(post!.fields.data!)).toMatchObject({
      type: "public-key",
      response: { authenticatorData: expect.any(String), signature: expect.any(String) },
    });
    expect(post!.headers.get("X-Auth-Return-Redirect")).toBe("1");
    expect(stubs.server.signedIn).toBe(true);
    expect(alert(host).textContent).toBe("");
  });

  test("preventDefault() on auth-signin-start: no request, no dialog", async () => {
    const host = await mount();
    host.addEventListener("auth-signin-start", (event) => event.preventDefault());
    await userEvent.click(button(host));
    await browserIdle();
    expect(stubs.server.requests).toEqual([]);
    expect(stubs.webauthn.calls).toEqual([]);
    expect(button(host).disabled).toBe(false);
  });

  test("a cancelled dialog: the Cancelled code, announced and focused", async () => {
    stubs.install({}, { get: "cancel" });
    const host = await mount();
    const seen = listen();
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(seen.types()).toEqual(["auth-signin-start", "auth-signin-error"]));
    expect(seen.events[1]).toMatchObject({ bubbles: true, composed: true, detail: { provider: "passkey", code: "Cancelled" } });
    expect(alert(host).textContent).toBe("The passkey request was cancelled or timed out.");
    await vi.waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert(host)));
    expect(stubs.server.requestsTo("callback/passkey")).toEqual([]);
    expect(button(host).disabled).toBe(false);
  });

  test("the server refuses the passkey: WebAuthnVerificationError with the sign-in page's text", async () => {
    stubs.install({ always: { "callback/passkey": "callback-passkey-verification-error" } });
    const host = await mount();
    const errors: AuthSigninErrorEvent[] = [];
    host.addEventListener("auth-signin-error", (event) => errors.push(event));
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]!.detail).toEqual({ provider: "passkey", code: "WebAuthnVerificationError" });
    expect(alert(host).textContent).toBe("Unable to sign in.");
    expect(stubs.server.signedIn).toBe(false);
  });

  test("busy while the dialog is open: disabled button, named spinner, busy state", async () => {
    stubs.install({}, { get: "wait" });
    const host = await mount();
    await userEvent.click(button(host));
    await stubs.webauthn.called("get");
    await host.updateComplete;
    expect(button(host).disabled).toBe(true);
    expect(button(host).getAttribute("aria-busy")).toBe("true");
    expect(host.shadowRoot!.querySelector('[part="spinner"]')!.getAttribute("aria-label")).toBe("Waiting for your passkey…");
    expect(host.matches(":state(busy)")).toBe(true);
  });

  test("localised by lang, with the per-element override", async () => {
    const host = await mount({ lang: "de" });
    await host.updateComplete;
    expect(button(host).textContent!.trim()).toBe("Mit einem Passkey anmelden");
    host.messages = { de: { "signin.passkey.button": "Mit Passkey weiter" } };
    await host.updateComplete;
    expect(button(host).textContent!.trim()).toBe("Mit Passkey weiter");
  });
});

describe("unsupported browsers", () => {
  test("hidden, with the unsupported attribute, state and part", async () => {
    stubs.install({}, { supported: false });
    const host = await mount({ conditional: "" });
    expect(host.unsupported).toBe(true);
    expect(host.hasAttribute("unsupported")).toBe(true);
    expect(host.matches(":state(unsupported)")).toBe(true);
    expect(getComputedStyle(host).display).toBe("none");
    expect(host.shadowRoot!.querySelector("button")).toBeNull();
    expect(host.shadowRoot!.querySelector('[part="unsupported"]')!.textContent).toBe("This browser cannot use passkeys.");
    expect(host.querySelector("input")).toBeNull();
    await browserIdle();
    expect(stubs.server.requests).toEqual([]);
    // A page may show the explanation.
    const style = document.createElement("style");
    style.textContent = "auth-passkey-button[unsupported] { display: block }";
    document.head.append(style);
    stubs.defer(() => style.remove());
    expect(getComputedStyle(host).display).toBe("block");
  });
});

describe("conditional UI (passkey autofill)", () => {
  test("renders a light-DOM e-mail field with `username webauthn` and starts a silent autofill request", async () => {
    const host = await mount({ conditional: "" });
    const input = host.querySelector("input")!;
    expect(input.getRootNode()).toBe(document);
    expect(input.getAttribute("autocomplete")).toBe("username webauthn");
    expect(input.type).toBe("email");
    expect(host.querySelector(`label[for="${CSS.escape(input.id)}"]`)!.textContent!.trim()).toBe("Email");
    expect(input.parentElement!.assignedSlot).not.toBeNull();
    await stubs.webauthn.called("conditional");
    expect(stubs.server.requestsTo("webauthn-options/passkey")[0]!.query).toEqual({ action: "authenticate" });
    expect(alert(host).textContent).toBe("");
  });

  test("uses the page's own `webauthn` input instead of rendering one", async () => {
    const host = await mount({ conditional: "" }, '<label for="u">Username</label><input id="u" autocomplete="username webauthn">');
    await stubs.webauthn.called("conditional");
    expect(host.querySelectorAll("input")).toHaveLength(1);
    expect(host.querySelector("input")!.id).toBe("u");
  });

  test("an ignored, refused or unavailable autofill stays silent: no alert, no event", async () => {
    for (const browser of [{ conditional: "cancel" }, { conditional: "wait" }, { autofill: false }] as const) {
      stubs.install({}, browser);
      const seen = listen();
      const host = await mount({ conditional: "" });
      await browserIdle();
      expect(seen.events, JSON.stringify(browser)).toEqual([]);
      expect(alert(host).textContent).toBe("");
      if ("autofill" in browser) expect(stubs.webauthn.calls).toEqual([]);
      leavePage();
    }
  });

  test("the visitor picks a passkey from autofill: success, without a start event", async () => {
    const host = await mount({ conditional: "" });
    const seen = listen();
    await stubs.webauthn.called("conditional");
    await stubs.webauthn.pickAutofill();
    await vi.waitFor(() => expect(seen.types()).toEqual(["auth-signin-success"]));
    expect(seen.events[0]).toMatchObject({ target: host, detail: { provider: "passkey", url: `${location.origin}/account` } });
    expect(stubs.server.requestsTo("callback/passkey")[0]!.fields.action).toBe("authenticate");
  });

  test("a click cancels the pending autofill request, and autofill starts again after a failed dialog", async () => {
    stubs.install({}, { get: "cancel" });
    const host = await mount({ conditional: "" });
    await stubs.webauthn.called("conditional");
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(alert(host).textContent).toBe("The passkey request was cancelled or timed out."));
    await vi.waitFor(() => expect(stubs.webauthn.calls.filter((call) => call.mediation === "conditional")).toHaveLength(2));
    const [first, explicit, again] = stubs.webauthn.calls;
    expect([first!.mediation, first!.aborted]).toEqual(["conditional", true]);
    expect([explicit!.mediation, explicit!.method]).toEqual([undefined, "get"]);
    expect([again!.mediation, again!.aborted]).toEqual(["conditional", false]);
  });

  test("removing the element drops its pending autofill request", async () => {
    const host = await mount({ conditional: "" });
    await stubs.webauthn.called("conditional");
    host.remove();
    await vi.waitFor(() => expect(stubs.webauthn.calls[0]!.aborted).toBe(true));
  });
});
