/**
 * `<auth-passkey-register>` in Chromium, signed in ("Add a passkey") and signed out (sign-up with an
 * e-mail address), against the recorded passkey server (stories/support/stub-fetch.ts) and a passkey
 * dialog stub (stories/support/stub-webauthn.ts).
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { cancelPasskeyCeremony } from "../../client/passkey.js";
import { AuthPasskeyRemovedEvent, type AuthPasskeyRegisteredEvent } from "../../events/index.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { appendElement, browserIdle, elementStubs } from "../test-support.js";
import { AuthPasskeyRegister } from "./auth-passkey-register.js";
import { define, tagName } from "./define.js";

const stubs = elementStubs({ server: { passkey: true }, webauthn: true });

afterEach(() => {
  document.body.replaceChildren();
  cancelPasskeyCeremony();
  stubs.restore();
  vi.restoreAllMocks();
});

/** Appends the element and waits until it knows the session (its button is there). */
async function mount(attributes: Record<string, string> = {}, children = ""): Promise<AuthPasskeyRegister> {
  if (!stubs.installed) stubs.install();
  const host = appendElement("auth-passkey-register", { "base-path": stubs.server.basePath, "callback-url": "/account", ...attributes }, children);
  await vi.waitFor(() => expect(host.shadowRoot?.querySelector('[part="button"]')).toBeTruthy());
  await host.updateComplete;
  return host;
}

/** An e-mail field of the page's own (label and input with `id`), and the element using it through `input`. */
async function mountWithPageField(id: string): Promise<AuthPasskeyRegister> {
  const field = document.createElement("div");
  field.innerHTML = `<label for="${id}">Email</label><input id="${id}" type="email" autocomplete="username webauthn">`;
  document.body.append(field);
  return mount({ input: id });
}

const button = (host: AuthPasskeyRegister) => host.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!;
const alert = (host: AuthPasskeyRegister) => host.shadowRoot!.querySelector<HTMLElement>('[role="alert"]')!;
const status = (host: AuthPasskeyRegister) => host.shadowRoot!.querySelector<HTMLElement>('[part="status"]')!;

/** The `auth-passkey-registered` events the element fires. */
function registered(host: HTMLElement): AuthPasskeyRegisteredEvent[] {
  const events: AuthPasskeyRegisteredEvent[] = [];
  host.addEventListener("auth-passkey-registered", (event) => events.push(event));
  return events;
}

describe("registration", () => {
  test("the tag name is auth-passkey-register", () => expect(tagName).toBe("auth-passkey-register"));
  testIdempotentDefine({ tagName, element: AuthPasskeyRegister, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    expectTypeOf(document.createElement("auth-passkey-register")).toEqualTypeOf<AuthPasskeyRegister>();
    expect(document.createElement("auth-passkey-register")).toBeInstanceOf(AuthPasskeyRegister);
  });
});

describe("signed out: sign up with a passkey", () => {
  test("a light-DOM e-mail field (label, type, autocomplete) and the sign-up button", async () => {
    const host = await mount();
    expect(button(host).textContent!.trim()).toBe("Create account with a passkey");
    const input = host.querySelector("input")!;
    expect(input.getRootNode()).toBe(document);
    expect(input).toMatchObject({ type: "email", name: "email", required: true });
    expect(input.getAttribute("autocomplete")).toBe("username webauthn");
    expect(host.querySelector(`label[for="${CSS.escape(input.id)}"]`)!.textContent!.trim()).toBe("Email");
    expect(host.matches(":state(signed-out)")).toBe(true);
    expect(alert(host).textContent).toBe("");
  });

  test("no address: the field is marked invalid and focused, the alert says why, nothing is sent", async () => {
    const host = await mount();
    await userEvent.click(button(host));
    const input = host.querySelector("input")!;
    expect(alert(host).textContent).toBe("Enter a valid email address.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input);
    expect(stubs.server.requests.map((request) => request.route)).toEqual(["session"]);
    expect(stubs.webauthn.calls).toEqual([]);
  });

  test("a sign-up: register options for the address, the new passkey posted, the event with signUp, then the signed-in view", async () => {
    const host = await mount();
    const events = registered(host);
    await userEvent.fill(host.querySelector("input")!, "grace@example.com");
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ bubbles: true, composed: true, detail: { provider: "passkey", url: `${location.origin}/account`, signUp: true } });
    expect(stubs.server.requestsTo("webauthn-options/passkey")[0]!.query).toEqual({ action: "register", email: "grace@example.com" });
    expect(stubs.webauthn.calls.map((call) => call.method)).toEqual(["create"]);
    const [post] = stubs.server.requestsTo("callback/passkey");
    expect(Object.keys(post!.fields).sort()).toEqual(["action", "callbackUrl", "csrfToken", "data"]);
    expect(post!.fields.action).toBe("register");
    expect(JSON.parse(post!.fields.data!)).toMatchObject({ type: "public-key", response: { attestationObject: expect.any(String), transports: ["internal"] } });
    expect(status(host).textContent).toBe("Account created. You are signed in.");
    // The client broadcasts the new session: the element now offers to add a passkey.
    await vi.waitFor(() => expect(button(host).textContent!.trim()).toBe("Add a passkey"));
    expect(host.querySelector("input")).toBeNull();
  });

  test("an address that already has an account: AccountNotLinked, with what to do instead", async () => {
    stubs.install({ always: { "callback/passkey": "callback-passkey-account-not-linked" } });
    const host = await mount();
    const events = registered(host);
    await userEvent.fill(host.querySelector("input")!, "grace@example.com");
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(alert(host).textContent).toBe("This email address already has an account. Sign in first, then add a passkey."));
    await vi.waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert(host)));
    expect(events).toEqual([]);
    expect(status(host).textContent).toBe("");
  });

  test("the server refuses the address (400): the field is marked and focused", async () => {
    stubs.install({ always: { "webauthn-options/passkey": "webauthn-options-invalid" } });
    const host = await mount();
    const input = host.querySelector("input")!;
    await userEvent.fill(input, "grace@example.com");
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(alert(host).textContent).toBe("Enter a valid email address."));
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
    expect(stubs.webauthn.calls).toEqual([]);
  });

  test("uses the input named by `input` instead of rendering one", async () => {
    stubs.install();
    const host = await mountWithPageField("shared");
    expect(host.querySelector("input")).toBeNull();
    await userEvent.fill(document.getElementById("shared") as HTMLInputElement, "grace@example.com");
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(stubs.server.requestsTo("webauthn-options/passkey")).toHaveLength(1));
    expect(stubs.server.requestsTo("webauthn-options/passkey")[0]!.query.email).toBe("grace@example.com");
  });
});

describe("layout of the live regions", () => {
  test("empty alert and status regions take no room (no gaps after the button) but stay in the accessibility tree; an alert takes its place when it speaks", async () => {
    stubs.install();
    const host = await mountWithPageField("shared-layout");
    const alert = host.shadowRoot!.querySelector<HTMLElement>('[role="alert"]')!;
    const status = host.shadowRoot!.querySelector<HTMLElement>('[role="status"]')!;
    for (const region of [alert, status]) expect(getComputedStyle(region).display).not.toBe("none");
    expect(host.getBoundingClientRect().height).toBe(button(host).getBoundingClientRect().height);
    // No address: the alert speaks, below the button, with the usual gap.
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(alert.textContent).not.toBe(""));
    expect(getComputedStyle(alert).position).toBe("static");
    expect(alert.getBoundingClientRect().top - button(host).getBoundingClientRect().bottom).toBeCloseTo(12, 0);
  });
});

describe("signed in: add a passkey", () => {
  test("'Add a passkey', no e-mail field; the event without signUp and a status message", async () => {
    stubs.install({ signedIn: true });
    const host = await mount();
    const events = registered(host);
    expect(button(host).textContent!.trim()).toBe("Add a passkey");
    expect(host.querySelector("input")).toBeNull();
    expect(host.matches(":state(signed-in)")).toBe(true);
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]!.detail).toEqual({ provider: "passkey", url: `${location.origin}/account`, signUp: false });
    expect(stubs.server.requestsTo("webauthn-options/passkey")[0]!.query).toEqual({ action: "register" });
    expect(status(host).textContent).toBe("Passkey added.");
    expect(alert(host).textContent).toBe("");
  });

  test("'Passkey added.' does not linger: a removal elsewhere on the page clears it, and so does time", async () => {
    stubs.install({ signedIn: true });
    const host = await mount();
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(status(host).textContent).toBe("Passkey added."));
    document.dispatchEvent(new AuthPasskeyRemovedEvent({ id: "x" }));
    await host.updateComplete;
    expect(status(host).textContent).toBe("");

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await userEvent.click(button(host));
      await vi.waitFor(() => expect(status(host).textContent).toBe("Passkey added."));
      vi.advanceTimersByTime(6500);
      await host.updateComplete;
      expect(status(host).textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  test.each([
    ["cancel", "The passkey request was cancelled or timed out."],
    ["exists", "This device already has a passkey for your account."],
  ] as const)("a dialog answered with %s: announced, focused, no event", async (answer, message) => {
    stubs.install({ signedIn: true }, { create: answer });
    const host = await mount();
    const events = registered(host);
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(alert(host).textContent).toBe(message));
    await vi.waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert(host)));
    expect(events).toEqual([]);
    expect(button(host).disabled).toBe(false);
  });

  test("a registration the server cannot verify", async () => {
    stubs.install({ signedIn: true, always: { "callback/passkey": "callback-passkey-verification-error" } });
    const host = await mount();
    await userEvent.click(button(host));
    await vi.waitFor(() => expect(alert(host).textContent).toBe("The passkey could not be verified. Please try again."));
  });
});

describe("unsupported browsers", () => {
  test("hidden, with the unsupported attribute, state and part; no field", async () => {
    stubs.install({}, { supported: false });
    const host = document.createElement("auth-passkey-register");
    host.setAttribute("base-path", stubs.server.basePath);
    document.body.append(host);
    await vi.waitFor(() => expect(host.shadowRoot?.querySelector('[part="unsupported"]')).toBeTruthy());
    expect(host.hasAttribute("unsupported")).toBe(true);
    expect(host.matches(":state(unsupported)")).toBe(true);
    expect(getComputedStyle(host).display).toBe("none");
    expect(host.shadowRoot!.querySelector("button")).toBeNull();
    await browserIdle();
    expect(host.querySelector("input")).toBeNull();
  });
});
