/**
 * `<auth-signin>` as one sign-in surface, against the recorded passkey server whose credentials
 * provider signs in with an e-mail address (stories/support/stub-fetch.ts, `emailCredentials`): the
 * e-mail-based methods share one field and one form with exactly one primary button, the others are
 * secondary actions of it; a failed sign-in keeps the values and marks the fields; a running sign-in
 * shows in its button without moving anything; the theme's app name heads the element.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { PASSWORD } from "../../../stories/support/stub-fetch.js";
import { cancelPasskeyCeremony } from "../../client/passkey.js";
import { appendElement, elementStubs } from "../test-support.js";
import type { AuthSignin } from "./auth-signin.js";
import "./define.js";

const stubs = elementStubs({ server: { passkey: true, emailCredentials: true }, webauthn: true });

afterEach(() => {
  document.body.replaceChildren();
  cancelPasskeyCeremony();
  stubs.restore();
});

async function mount(attributes: Record<string, string> = {}, overrides = {}): Promise<AuthSignin> {
  if (!stubs.installed) stubs.install(overrides);
  const host = appendElement("auth-signin", { "base-path": stubs.server.basePath, "callback-url": "/account", ...attributes });
  await vi.waitFor(() => expect(host.querySelector('form[slot="form"]')).toBeTruthy());
  await host.updateComplete;
  return host;
}

const form = (host: AuthSignin) => host.querySelector<HTMLFormElement>('form[slot="form"]')!;
const emailInput = (host: AuthSignin) => form(host).querySelector<HTMLInputElement>('input[name="email"]')!;
const passwordInput = (host: AuthSignin) => form(host).querySelector<HTMLInputElement>('input[name="password"]')!;
const button = (host: AuthSignin, provider: string) => form(host).querySelector<HTMLButtonElement>(`button[data-provider="${provider}"]`)!;

describe("one form for the e-mail-based methods", () => {
  test("one e-mail field (with passkey autofill), a password field, exactly one primary button, the other methods secondary", async () => {
    const host = await mount();
    expect(host.querySelectorAll("form")).toHaveLength(1);
    const emails = host.querySelectorAll<HTMLInputElement>('input[type="email"]');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.getAttribute("autocomplete")).toBe("username webauthn");
    expect(emails[0]!.required).toBe(true);
    expect(host.querySelector(`label[for="${CSS.escape(emails[0]!.id)}"]`)!.textContent).toBe("Email");
    expect(passwordInput(host).type).toBe("password");
    // Only the shared e-mail field is required by the element; the app's fields say for themselves.
    expect(passwordInput(host).required).toBe(false);

    const primary = form(host).querySelectorAll(".auth-submit:not(.auth-alt)");
    expect([...primary].map((node) => node.textContent)).toEqual(["Continue"]);
    expect(primary[0]!.getAttribute("data-provider")).toBe("credentials");
    // The e-mail link is a secondary action of the same form; the browser's check of the password does not hold it up.
    expect(button(host, "email").textContent).toBe("Email me a sign-in link");
    expect(button(host, "email").classList.contains("auth-alt")).toBe(true);
    expect(button(host, "email").formNoValidate).toBe(true);

    // The passkey buttons are secondary actions of the same form, on the same field.
    const passkey = form(host).querySelector("auth-passkey-button")!;
    const register = form(host).querySelector("auth-passkey-register")!;
    expect(passkey.classList.contains("auth-alt")).toBe(true);
    expect(register.classList.contains("auth-alt")).toBe(true);
    expect(passkey.getAttribute("input")).toBe(emails[0]!.id);
    expect(register.getAttribute("input")).toBe(emails[0]!.id);
    await vi.waitFor(() => expect(passkey.shadowRoot?.querySelector('[part="button"]')).toBeTruthy());
    // The element's own field: the passkey button renders none, and says "Use a passkey".
    expect(passkey.querySelectorAll("input")).toHaveLength(0);
    const label = passkey.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="label"]')!;
    expect(label.assignedNodes().map((node) => node.textContent)).toEqual(["Use a passkey"]);
    await stubs.webauthn.called("conditional");

    // Primary in the brand colour, secondary ones outlined (the passkey elements' buttons too).
    expect(getComputedStyle(primary[0]!).backgroundColor).toBe("rgb(29, 78, 216)");
    expect(getComputedStyle(button(host, "email")).backgroundColor).toBe("rgba(0, 0, 0, 0)");
    await vi.waitFor(() => expect(getComputedStyle(passkey.shadowRoot!.querySelector('[part="button"]')!).backgroundColor).toBe("rgba(0, 0, 0, 0)"));

    // One divider: between the OAuth buttons and the form.
    expect(host.shadowRoot!.querySelectorAll('[part="divider"]')).toHaveLength(1);
  });

  test("a wrong password keeps both values and marks the fields, described by the message", async () => {
    const host = await mount();
    await userEvent.fill(emailInput(host), "ada@example.com");
    await userEvent.fill(passwordInput(host), "wrong");
    await userEvent.click(button(host, "credentials"));
    const alert = host.shadowRoot!.querySelector('[part="error"]')!;
    await vi.waitFor(() => expect(alert.textContent).toBe("Sign in failed. Check the details you provided are correct."));
    expect(stubs.server.requestsTo("callback/credentials")[0]!.fields).toMatchObject({ email: "ada@example.com", password: "wrong" });
    for (const input of [emailInput(host), passwordInput(host)]) {
      expect(input.getAttribute("aria-invalid")).toBe("true");
      // aria-describedby cannot point into the shadow root: the message is repeated, hidden, in the form.
      const description = host.querySelector(`#${CSS.escape(input.getAttribute("aria-describedby")!)}`)!;
      expect(description.textContent).toBe(alert.textContent);
      expect(description.getRootNode()).toBe(document);
    }
    expect(emailInput(host).value).toBe("ada@example.com");
    expect(passwordInput(host).value).toBe("wrong");

    // The next attempt clears the marks; the right password signs in.
    await userEvent.fill(passwordInput(host), PASSWORD);
    await userEvent.click(button(host, "credentials"));
    await vi.waitFor(() => expect(stubs.server.requestsTo("callback/credentials")).toHaveLength(2));
    await vi.waitFor(() => expect(emailInput(host).getAttribute("aria-invalid")).toBe("false"));
    expect(emailInput(host).hasAttribute("aria-describedby")).toBe(false);
  });

  test("the e-mail link posts the address only (never the password typed for credentials), once it is valid", async () => {
    const host = await mount();
    await userEvent.fill(emailInput(host), "not an address");
    await userEvent.fill(passwordInput(host), "secret");
    await userEvent.click(button(host, "email"));
    expect(emailInput(host).validity.valid).toBe(false);
    expect(stubs.server.requestsTo("signin/email")).toHaveLength(0);

    await userEvent.fill(emailInput(host), "ada@example.com");
    await userEvent.click(button(host, "email"));
    await vi.waitFor(() => expect(stubs.server.requestsTo("signin/email")).toHaveLength(1));
    expect(Object.keys(stubs.server.requestsTo("signin/email")[0]!.fields).sort()).toEqual(["callbackUrl", "csrfToken", "email"]);
  });

  test("Enter in a field submits the primary method", async () => {
    const host = await mount();
    await userEvent.fill(emailInput(host), "ada@example.com");
    await userEvent.fill(passwordInput(host), PASSWORD);
    await userEvent.keyboard("{Enter}");
    await vi.waitFor(() => expect(stubs.server.requestsTo("callback/credentials")).toHaveLength(1));
    expect(stubs.server.requestsTo("signin/email")).toHaveLength(0);
  });

  test("the pressed button shows the spinner and 'Signing in…' inside it; nothing moves", async () => {
    const host = await mount({}, { hold: ["callback/credentials"] });
    const before = host.getBoundingClientRect().height;
    await userEvent.fill(emailInput(host), "ada@example.com");
    await userEvent.fill(passwordInput(host), PASSWORD);
    await userEvent.click(button(host, "credentials"));
    await stubs.server.requested("callback/credentials");
    await host.updateComplete;
    const pressed = button(host, "credentials");
    expect(pressed.textContent).toBe("Signing in…");
    expect(pressed.querySelector(".auth-spinner")).not.toBeNull();
    expect(pressed.disabled).toBe(true);
    expect(host.shadowRoot!.querySelector('[part~="spinner"]')).toBeNull();
    expect(host.getBoundingClientRect().height).toBe(before);
    stubs.server.release();
    await vi.waitFor(() => expect(button(host, "credentials").textContent).toBe("Continue"));
  });
});

describe("the rest of the surface", () => {
  test("the theme's app name and logo head the element", async () => {
    const logo = "/brand/logo.svg";
    const host = await mount({ theme: JSON.stringify({ appName: "Acme <Corp>", logo }) });
    await vi.waitFor(() => expect(host.shadowRoot!.querySelector('[part="app-name"]')?.textContent).toBe("Acme <Corp>"));
    const header = host.shadowRoot!.querySelector('[part="header"]')!;
    expect(header.querySelector('[part="logo"]')!.getAttribute("src")).toBe(logo);
    // Text, never markup.
    expect(header.querySelector("corp")).toBeNull();
  });

  test("about 400 px wide at most, the whole width of a narrower container, with a surface of its own", async () => {
    const wide = document.createElement("div");
    wide.style.width = "1200px";
    document.body.append(wide);
    stubs.install();
    const host = appendElement("auth-signin", { "base-path": stubs.server.basePath });
    wide.append(host);
    await vi.waitFor(() => expect(host.querySelector('form[slot="form"]')).toBeTruthy());
    expect(host.getBoundingClientRect().width).toBe(400);
    wide.style.width = "300px";
    expect(host.getBoundingClientRect().width).toBe(300);
    const style = getComputedStyle(host);
    expect(style.backgroundColor).toBe("rgb(255, 255, 255)");
    expect(style.borderTopStyle).toBe("solid");
    // In a flex row it keeps its width: it does not shrink to its content.
    wide.style.cssText = "display: flex; width: 1200px";
    expect(host.getBoundingClientRect().width).toBe(400);
  });
});
