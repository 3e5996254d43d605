/**
 * `<auth-signin>`'s passkey entry point, for a server whose `GET /providers` lists a Passkey provider
 * (recorded): `<auth-passkey-button>` with autofill on a shared e-mail field and
 * `<auth-passkey-register>` for a sign-up, both in light DOM, loaded on first use; none of it where
 * the browser has no WebAuthn; and every other way in cancels the pending autofill request.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { cancelPasskeyCeremony } from "../../client/passkey.js";
import { appendElement, elementStubs } from "../test-support.js";
import type { AuthSignin } from "./auth-signin.js";
import "./define.js";

const stubs = elementStubs({ server: { passkey: true }, webauthn: true });

afterEach(() => {
  document.body.replaceChildren();
  cancelPasskeyCeremony();
  stubs.restore();
});

async function mount(): Promise<AuthSignin> {
  if (!stubs.installed) stubs.install();
  const host = appendElement("auth-signin", { "base-path": stubs.server.basePath, "callback-url": "/account" });
  await vi.waitFor(() => expect(host.shadowRoot?.querySelector('button[part="provider-button"]')).toBeTruthy());
  await host.updateComplete;
  return host;
}

/** The label of a provider button (its `provider-label` part). */
const labelOf = (button: Element) => button.querySelector('[part="provider-label"]')?.textContent ?? "";

/** The provider button (in the shadow root) whose label names the provider `name`. */
function providerButton(host: AuthSignin, name: string): HTMLButtonElement {
  const found = [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[part="provider-button"]')].filter((button) => labelOf(button).includes(name));
  expect(found, `the provider button for ${name}`).toHaveLength(1);
  return found[0]!;
}

describe("the passkey entry point", () => {
  test("a passkey button with autofill and a sign-up in the e-mail form, on its one light-DOM e-mail field", async () => {
    const host = await mount();
    const form = host.querySelector<HTMLFormElement>('form[slot="form"]')!;
    expect(form.assignedSlot?.name).toBe("form");
    const button = form.querySelector("auth-passkey-button")!;
    const register = form.querySelector("auth-passkey-register")!;
    await vi.waitFor(() => expect(customElements.get("auth-passkey-button")).toBeDefined());
    expect(button.conditional).toBe(true);
    expect(button.provider).toBe("passkey");
    const inputs = [...host.querySelectorAll<HTMLInputElement>('input[autocomplete="username webauthn"]')];
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.getRootNode()).toBe(document);
    expect(form.contains(inputs[0]!)).toBe(true);
    expect(button.getAttribute("input")).toBe(inputs[0]!.id);
    expect(register.getAttribute("input")).toBe(inputs[0]!.id);
    expect(host.querySelector(`label[for="${CSS.escape(inputs[0]!.id)}"]`)!.textContent).toBe("Email");
    await button.updateComplete;
    // Its own text ("Sign in with a passkey") is replaced by the form's "Use a passkey".
    expect(button.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="label"]')!.assignedNodes()[0]!.textContent).toBe("Use a passkey");
    await vi.waitFor(() => expect(register.shadowRoot?.querySelector('[part="button"]')?.textContent?.trim()).toBe("Create account with a passkey"));
    // Autofill is offered on the shared field.
    await stubs.webauthn.called("conditional");
    // OAuth buttons, then the e-mail form (with the passkeys), then the credentials provider without an e-mail field.
    const order = [...host.shadowRoot!.querySelectorAll('button[part="provider-button"], slot[name^="form"]')].map((node) =>
      node.localName === "button" ? labelOf(node) : node.getAttribute("name"),
    );
    expect(order).toEqual(["Sign in with GitHub", "Sign in with Acme ID", "form", "form-credentials"]);
  });

  test("a sign-up from <auth-signin> posts the address typed in the shared field", async () => {
    const host = await mount();
    const register = host.querySelector("auth-passkey-register")!;
    await vi.waitFor(() => expect(register.shadowRoot?.querySelector('[part="button"]')).toBeTruthy());
    await userEvent.fill(host.querySelector<HTMLInputElement>('input[autocomplete="username webauthn"]')!, "grace@example.com");
    await userEvent.click(register.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!);
    await vi.waitFor(() => expect(stubs.server.requestsTo("callback/passkey")).toHaveLength(1));
    expect(stubs.server.requestsTo("webauthn-options/passkey").at(-1)!.query).toEqual({ action: "register", email: "grace@example.com" });
  });

  test("without WebAuthn in the browser: no passkey entry point, no divider for it", async () => {
    stubs.install({}, { supported: false });
    const host = await mount();
    expect(host.querySelector("auth-passkey-button, auth-passkey-register")).toBeNull();
    expect(host.querySelector('input[autocomplete="username webauthn"]')).toBeNull();
    // OAuth buttons, e-mail, credentials: two dividers, as without a Passkey provider.
    expect(host.shadowRoot!.querySelectorAll('[part="divider"]')).toHaveLength(2);
  });
});

describe("other ways in cancel the pending autofill request", () => {
  test("a credentials sign-in aborts it; after the failure autofill is offered again", async () => {
    const host = await mount();
    await stubs.webauthn.called("conditional");
    await userEvent.fill(host.querySelector<HTMLInputElement>('input[name="username"]')!, "ada");
    await userEvent.fill(host.querySelector<HTMLInputElement>('input[name="password"]')!, "wrong");
    await userEvent.click(host.querySelector<HTMLButtonElement>('form[slot="form-credentials"] button[type="submit"]')!);
    await vi.waitFor(() => expect(stubs.webauthn.calls[0]!.aborted).toBe(true));
    await vi.waitFor(() => expect(stubs.server.requestsTo("callback/credentials")).toHaveLength(1));
    // Nothing about the passkey is shown: the abort is silent.
    const button = host.querySelector("auth-passkey-button")!;
    expect(button.shadowRoot!.querySelector('[role="alert"]')!.textContent).toBe("");
    await vi.waitFor(() => expect(stubs.webauthn.calls.filter((call) => call.mediation === "conditional")).toHaveLength(2));
    expect(stubs.webauthn.calls.at(-1)!.aborted).toBe(false);
  });

  test("an OAuth button aborts it too", async () => {
    const host = await mount();
    await stubs.webauthn.called("conditional");
    await userEvent.click(providerButton(host, "GitHub"));
    await vi.waitFor(() => expect(stubs.webauthn.calls[0]!.aborted).toBe(true));
    await vi.waitFor(() => expect(stubs.server.requestsTo("signin/github")).toHaveLength(1));
    // The recorded failure is announced by <auth-signin> at the document: autofill is offered again.
    await vi.waitFor(() => expect(host.shadowRoot!.querySelector('[part="error"]')!.textContent).toBe("Unable to sign in."));
    await vi.waitFor(() => expect(stubs.webauthn.calls.filter((call) => call.mediation === "conditional")).toHaveLength(2));
    expect(stubs.webauthn.calls.at(-1)!.aborted).toBe(false);
  });
});
