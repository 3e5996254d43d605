/**
 * Right to left in every element but `<auth-signin>` (whose own tests cover it): inside a
 * `<div lang="ar">` on an English page, each element's shadow content is laid out right to left; a
 * `dir="ltr"` keeps it left to right.
 * (`<auth-session>` has no content of its own: its slotted children follow the page.)
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import "./auth-provider-button/define.js";
import "./auth-signout/define.js";
import "./auth-user/define.js";
import "./auth-passkey-button/define.js";
import "./auth-passkey-register/define.js";
import "./auth-passkeys/define.js";
import { nearestDirection } from "../internal/direction.js";
import { elementStubs } from "./test-support.js";

const stubs = elementStubs({ server: { passkey: true, signedIn: true }, webauthn: true });

let htmlLang: string | null;
beforeEach(() => {
  htmlLang = document.documentElement.getAttribute("lang");
  document.documentElement.setAttribute("lang", "en");
});

afterEach(() => {
  document.body.replaceChildren();
  if (htmlLang === null) document.documentElement.removeAttribute("lang");
  else document.documentElement.setAttribute("lang", htmlLang);
  stubs.restore();
});

/** Mounts `<tag>` inside a container with `containerAttributes` and waits for its first content. */
async function mount(tag: string, attributes: Record<string, string>, containerAttributes: Record<string, string>) {
  if (!stubs.installed) stubs.install();
  const container = document.createElement("div");
  for (const [name, value] of Object.entries(containerAttributes)) container.setAttribute(name, value);
  const host = document.createElement(tag);
  host.setAttribute("base-path", stubs.server.basePath);
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  container.append(host);
  document.body.append(container);
  // Once the element has what it shows.
  await vi.waitFor(() => expect(host.shadowRoot?.querySelector("[part]")).toBeTruthy());
  return { host };
}

const ELEMENTS: [string, Record<string, string>][] = [
  ["auth-provider-button", { provider: "github" }],
  ["auth-signout", {}],
  ["auth-user", {}],
  ["auth-passkey-button", {}],
  ["auth-passkey-register", {}],
  ["auth-passkeys", {}],
];

describe.each(ELEMENTS)("<%s>", (tag, attributes) => {
  /** The computed direction of the element's first part, once its Arabic messages (loaded on first use) are in. */
  async function settledDirection(host: HTMLElement & { updateComplete?: Promise<unknown> }) {
    await host.updateComplete;
    // (<auth-user> shows only the user's own name and address: no message to wait for.)
    if (host.localName !== "auth-user") await vi.waitFor(() => expect(host.shadowRoot!.textContent).toMatch(/[\u0600-\u06ff]/));
    return getComputedStyle(host.shadowRoot!.querySelector("[part]")!).direction;
  }

  test('inside <div lang="ar"> on an English page: right to left', async () => {
    const { host } = await mount(tag, attributes, { lang: "ar" });
    expect(await settledDirection(host)).toBe("rtl");
  });

  test('a dir="ltr" keeps it left to right', async () => {
    const { host } = await mount(tag, attributes, { lang: "ar", dir: "ltr" });
    expect(await settledDirection(host)).toBe("ltr");
  });
});

test("<auth-user> in Arabic puts the avatar on the right of the name", async () => {
  const { host } = await mount("auth-user", {}, { lang: "ar" });
  const avatar = host.shadowRoot!.querySelector('[part~="avatar"]')!.getBoundingClientRect();
  const name = host.shadowRoot!.querySelector('[part="name"]')!.getBoundingClientRect();
  expect(avatar.left).toBeGreaterThan(name.left);
});

describe("nearestDirection()", () => {
  test.each([
    ['<div lang="ar"><p></p></div>', "rtl"],
    ['<div dir="rtl"><p lang="en"></p></div>', "rtl"],
    ['<div lang="he" dir="ltr"><p></p></div>', "ltr"],
    ['<div lang="en"><p dir="auto"></p></div>', "ltr"],
    ['<div lang="fa"><p dir="auto"></p></div>', "rtl"],
    ["<div><p></p></div>", "ltr"],
  ])("%s → %s", (markup, expected) => {
    document.body.innerHTML = markup;
    expect(nearestDirection(document.querySelector("p")!)).toBe(expected);
  });
});
