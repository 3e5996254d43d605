/**
 * `<auth-signout>` in the browser: registration, typing, the cancelable `auth-signout` event, and the
 * confirmation's keyboard path with a real keyboard (Tab crosses the shadow root).
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { AuthSignoutEvent } from "../../events/index.js";
import { AuthSignout } from "./auth-signout.js";
import { define, tagName } from "./define.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { browserIdle, elementStubs } from "../test-support.js";

const stubs = elementStubs({ server: { signedIn: true } });

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
});

async function mount(attributes: Record<string, string> = {}): Promise<AuthSignout> {
  if (!stubs.installed) stubs.install();
  const host = document.createElement("auth-signout");
  host.setAttribute("base-path", stubs.server.basePath);
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  await host.updateComplete;
  return host;
}

const buttons = (host: AuthSignout) => [...host.shadowRoot!.querySelectorAll("button")];
const byText = (host: AuthSignout, text: string) => buttons(host).find((button) => button.textContent!.trim() === text);

describe("registration", () => {
  test("the tag name is auth-signout", () => expect(tagName).toBe("auth-signout"));
  testIdempotentDefine({ tagName, element: AuthSignout, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    const element: AuthSignout = document.createElement("auth-signout");
    expectTypeOf(document.createElement("auth-signout")).toEqualTypeOf<AuthSignout>();
    expect(element).toBeInstanceOf(AuthSignout);
  });
});

describe("the auth-signout event", () => {
  test("bubbles, is composed and cancelable; fired before the request", async () => {
    const host = await mount();
    const seen: { event: Event; requests: number }[] = [];
    const record = (event: Event) => seen.push({ event, requests: stubs.server.requestsTo("signout").length });
    document.addEventListener("auth-signout", record);
    try {
      await userEvent.click(byText(host, "Sign out")!);
      await vi.waitFor(() => expect(stubs.server.signedIn).toBe(false));
    } finally {
      document.removeEventListener("auth-signout", record);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event).toBeInstanceOf(AuthSignoutEvent);
    expect(seen[0]!.event).toMatchObject({ bubbles: true, composed: true, cancelable: true, target: host });
    expect(seen[0]!.requests).toBe(0);
    expect(stubs.server.requestsTo("signout")).toHaveLength(1);
  });

  test("preventDefault() keeps the user signed in: no request", async () => {
    const host = await mount();
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener("auth-signout", cancel);
    try {
      await userEvent.click(byText(host, "Sign out")!);
      await browserIdle();
    } finally {
      document.removeEventListener("auth-signout", cancel);
    }
    expect(stubs.server.requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(stubs.server.signedIn).toBe(true);
    expect(byText(host, "Sign out")!.disabled).toBe(false);
  });
});

describe("confirm", () => {
  test("keyboard: Enter opens the question, Tab reaches Cancel, Enter closes it with focus back on the button", async () => {
    const host = await mount({ confirm: "" });
    byText(host, "Sign out")!.focus();
    await userEvent.keyboard("{Enter}");
    await host.updateComplete;
    expect(host.shadowRoot!.querySelector('[part="confirm"]')!.textContent).toBe("Are you sure you want to sign out?");
    expect(host.shadowRoot!.activeElement).toBe(byText(host, "Sign out"));
    await userEvent.tab();
    expect(host.shadowRoot!.activeElement).toBe(byText(host, "Cancel"));
    await userEvent.keyboard("{Enter}");
    await host.updateComplete;
    expect(buttons(host)).toHaveLength(1);
    expect(host.shadowRoot!.activeElement).toBe(byText(host, "Sign out"));
    expect(stubs.server.requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  test("the confirming button is described by the question", async () => {
    const host = await mount({ confirm: "" });
    await userEvent.click(byText(host, "Sign out")!);
    await host.updateComplete;
    const confirming = byText(host, "Sign out")!;
    const describedBy = confirming.getAttribute("aria-describedby")!;
    expect(host.shadowRoot!.getElementById(describedBy)?.textContent).toBe("Are you sure you want to sign out?");
  });
});
