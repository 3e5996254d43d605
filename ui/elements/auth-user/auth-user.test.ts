/**
 * `<auth-user>` in the browser: registration, typing, the initials rule, the `user` property, the
 * image fallback and following sign-outs made elsewhere on the page.
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { INLINE_AVATAR, USER_NAME } from "../../../stories/support/stub-fetch.js";
import "../auth-signout/define.js";
import { AuthUser, initials } from "./auth-user.js";
import { define, tagName } from "./define.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { elementStubs } from "../test-support.js";

const stubs = elementStubs({ server: { signedIn: true } });

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
});

function mount(setup?: (element: AuthUser) => void): AuthUser {
  if (!stubs.installed) stubs.install();
  const host = document.createElement("auth-user");
  host.setAttribute("base-path", stubs.server.basePath);
  setup?.(host);
  document.body.append(host);
  return host;
}

const part = (host: AuthUser, name: string) => host.shadowRoot?.querySelector(`[part~="${name}"]`) ?? null;

describe("registration", () => {
  test("the tag name is auth-user", () => expect(tagName).toBe("auth-user"));
  testIdempotentDefine({ tagName, element: AuthUser, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    const element: AuthUser = document.createElement("auth-user");
    expectTypeOf(document.createElement("auth-user")).toEqualTypeOf<AuthUser>();
    expect(element).toBeInstanceOf(AuthUser);
  });
});

describe("initials()", () => {
  test.each([
    ["Ada Lovelace", "AL"],
    ["Ada King Lovelace", "AL"],
    ["ada", "A"],
    ["ada.lovelace@example.com", "AL"],
    ["grace_hopper@example.com", "GH"],
    ["élodie durand", "ÉD"],
    ["𝒜da Lovelace", "𝒜L"],
    ["", ""],
  ])("%j → %j", (label, expected) => {
    expect(initials(label)).toBe(expected);
  });
});

describe("rendering", () => {
  test("the session's user: decorative avatar, name and e-mail", async () => {
    const host = mount();
    await vi.waitFor(() => expect(part(host, "name")?.textContent).toBe(USER_NAME));
    expect(part(host, "avatar")?.getAttribute("src")).toBe(INLINE_AVATAR);
    expect(part(host, "avatar")?.getAttribute("alt")).toBe("");
    expect(part(host, "email")?.textContent).toBe("ada@example.com");
    expect(part(host, "base")).not.toBeNull();
  });

  test("a `user` property is shown as given, without a request", async () => {
    stubs.install();
    const host = mount((element) => {
      element.user = { name: "Grace Hopper", email: "grace@example.com" };
    });
    await host.updateComplete;
    expect(part(host, "initials")?.textContent).toBe("GH");
    expect(part(host, "initials")?.getAttribute("aria-hidden")).toBe("true");
    expect(stubs.server.requestsTo("session")).toHaveLength(0);
  });

  test("an image that fails to load is replaced by the initials", async () => {
    stubs.install({ signedIn: true, avatar: "broken" });
    const host = mount();
    await vi.waitFor(() => expect(part(host, "initials")?.textContent).toBe("AL"));
    expect(host.shadowRoot!.querySelector("img")).toBeNull();
  });

  test("an unsafe image URL is never put in src", async () => {
    stubs.install();
    const host = mount((element) => {
      element.user = { name: "Mallory", image: "javascript:alert(1)" };
    });
    await host.updateComplete;
    expect(host.shadowRoot!.querySelector("img")).toBeNull();
    expect(part(host, "initials")?.textContent).toBe("M");
  });

  test("signed out: nothing", async () => {
    stubs.install({ signedIn: false });
    const host = mount();
    await vi.waitFor(() => expect(host.user).toBeNull());
    await host.updateComplete;
    expect(host.shadowRoot!.children).toHaveLength(0);
  });

  test("follows a sign-out made by an <auth-signout> elsewhere on the page", async () => {
    const host = mount();
    await vi.waitFor(() => expect(part(host, "name")?.textContent).toBe(USER_NAME));
    const signout = document.createElement("auth-signout");
    signout.setAttribute("base-path", stubs.server.basePath);
    document.body.append(signout);
    await signout.updateComplete;
    await userEvent.click(signout.shadowRoot!.querySelector("button")!);
    await vi.waitFor(() => expect(host.user).toBeNull());
    await host.updateComplete;
    expect(part(host, "base")).toBeNull();
  });
});
