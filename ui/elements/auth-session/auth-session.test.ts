/**
 * `<auth-session>` in the browser: registration, typing, the `auth-session-change` event, and the
 * shared session store: several instances switch together, and one `GET /session` serves them all.
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { PASSWORD, USER_NAME } from "../../../stories/support/stub-fetch.js";
import { AuthSessionChangeEvent } from "../../events/index.js";
import "../auth-signin/define.js";
import "../auth-signout/define.js";
import "../auth-user/define.js";
import { AuthSession } from "./auth-session.js";
import { define, tagName } from "./define.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { elementStubs } from "../test-support.js";

const stubs = elementStubs();

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
  vi.unstubAllGlobals();
});

/**
 * Tests that count requests keep other tabs out: test files run side by side in iframes of one
 * origin, and their sign-outs would reach this page through the client's `BroadcastChannel`
 * (elements sharing a base path share one client, so they still hear each other directly).
 */
function isolateFromOtherTabs(): void {
  vi.stubGlobal("BroadcastChannel", undefined);
}

/** An `<auth-session>` with a sign-out button in its signed-in slot and a text in its signed-out slot. */
function session(): AuthSession {
  const host = document.createElement("auth-session");
  host.setAttribute("base-path", stubs.server.basePath);
  const signedIn = document.createElement("div");
  signedIn.slot = "signed-in";
  const signout = document.createElement("auth-signout");
  signout.setAttribute("base-path", stubs.server.basePath);
  signedIn.append(signout);
  const signedOut = document.createElement("p");
  signedOut.slot = "signed-out";
  signedOut.textContent = "Signed out";
  host.append(signedIn, signedOut);
  return host;
}

const shownSlot = (host: AuthSession) => host.shadowRoot?.querySelector("slot")?.name;

describe("registration", () => {
  test("the tag name is auth-session", () => expect(tagName).toBe("auth-session"));
  testIdempotentDefine({ tagName, element: AuthSession, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    const element: AuthSession = document.createElement("auth-session");
    expectTypeOf(document.createElement("auth-session")).toEqualTypeOf<AuthSession>();
    expect(element).toBeInstanceOf(AuthSession);
  });
});

describe("auth-session-change", () => {
  test("bubbles and is composed, with the session in detail", async () => {
    stubs.install({ signedIn: true });
    const seen: AuthSessionChangeEvent[] = [];
    const record = (event: AuthSessionChangeEvent) => seen.push(event);
    document.addEventListener("auth-session-change", record);
    try {
      const host = session();
      document.body.append(host);
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toBeInstanceOf(AuthSessionChangeEvent);
      expect(seen[0]).toMatchObject({ bubbles: true, composed: true, target: host });
      expect(seen[0]!.detail.session?.user?.name).toBe(USER_NAME);
      expect(host.session).toEqual(seen[0]!.detail.session);
    } finally {
      document.removeEventListener("auth-session-change", record);
    }
  });
});

describe("shared session store", () => {
  test("two instances switch together after an auth-signout click in one of them", async () => {
    isolateFromOtherTabs();
    stubs.install({ signedIn: true });
    const first = session();
    const second = session();
    document.body.append(first, second);
    await vi.waitFor(() => {
      expect(first.state).toBe("signed-in");
      expect(second.state).toBe("signed-in");
    });
    expect(shownSlot(first)).toBe("signed-in");
    const changes: EventTarget[] = [];
    const record = (event: Event) => changes.push(event.target!);
    document.addEventListener("auth-session-change", record);
    const signout = first.querySelector("auth-signout")!;
    await signout.updateComplete;
    await userEvent.click(signout.shadowRoot!.querySelector("button")!);
    try {
      await vi.waitFor(() => {
        expect(first.state).toBe("signed-out");
        expect(second.state).toBe("signed-out");
      });
    } finally {
      document.removeEventListener("auth-session-change", record);
    }
    expect(shownSlot(first)).toBe("signed-out");
    expect(shownSlot(second)).toBe("signed-out");
    expect(first.session).toBeNull();
    expect(second.session).toBeNull();
    expect(changes).toEqual(expect.arrayContaining([first, second]));
    // One session request after the sign-out, shared by both instances.
    expect(stubs.server.requestsTo("session")).toHaveLength(2);
  });

  test("several elements cost one GET /session", async () => {
    isolateFromOtherTabs();
    stubs.install({ signedIn: true });
    const user = document.createElement("auth-user");
    user.setAttribute("base-path", stubs.server.basePath);
    const [first, second] = [session(), session()];
    document.body.append(first, second, user);
    await vi.waitFor(() => expect(user.shadowRoot?.querySelector('[part="name"]')?.textContent).toBe(USER_NAME));
    await vi.waitFor(() => expect([first.state, second.state]).toEqual(["signed-in", "signed-in"]));
    expect(stubs.server.requestsTo("session")).toHaveLength(1);
  });

  test("a credentials sign-in in an <auth-signin> elsewhere on the page switches the session to signed-in", async () => {
    stubs.install({ signedIn: false });
    const host = session();
    const signin = document.createElement("auth-signin");
    signin.setAttribute("base-path", stubs.server.basePath);
    signin.setAttribute("providers", "credentials");
    document.body.append(host, signin);
    await vi.waitFor(() => expect(host.state).toBe("signed-out"));
    await vi.waitFor(() => expect(signin.querySelector('input[name="password"]')).not.toBeNull());
    await userEvent.fill(signin.querySelector<HTMLInputElement>('input[name="username"]')!, "ada");
    await userEvent.fill(signin.querySelector<HTMLInputElement>('input[name="password"]')!, PASSWORD);
    await userEvent.click(signin.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await vi.waitFor(() => expect(host.state).toBe("signed-in"));
    expect(host.session?.user?.name).toBe(USER_NAME);
  });

  test("reflects its state for CSS and removes its listener when disconnected", async () => {
    stubs.install({ signedIn: true });
    const host = session();
    document.body.append(host);
    await vi.waitFor(() => expect(host.getAttribute("state")).toBe("signed-in"));
    host.remove();
    const other = session();
    document.body.append(other);
    await vi.waitFor(() => expect(other.state).toBe("signed-in"));
    const signout = other.querySelector("auth-signout")!;
    await signout.updateComplete;
    await userEvent.click(signout.shadowRoot!.querySelector("button")!);
    await vi.waitFor(() => expect(other.state).toBe("signed-out"));
    expect(host.state).toBe("signed-in");
  });
});
