/**
 * `<auth-account>` in Chromium against a small in-test account server (a `fetch` stub that answers
 * `{base}/account/*` as the real routes do): its states, readable devices, revoking, the danger style,
 * confirmations that clear, connected accounts, deletion, RTL and a 390 px container.
 */
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { testIdempotentDefine } from "../shared-suites.js";
import { AuthAccount } from "./auth-account.js";
import { define, tagName, type AuthSessionRevokedEvent } from "./define.js";

interface Server {
  signedIn: boolean;
  deletion: boolean;
  passkeys: boolean;
  sessions: { id: string; current: boolean; browser: string | null; os: string | null; lastSeenAt: string | null }[];
  accounts: { provider: string; name: string; providerAccountId: string; canUnlink: boolean }[];
  posts: { path: string; body: Record<string, unknown> }[];
}

let server: Server;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Answers like the account routes: 401 when signed out, a CSRF check on every change. */
function answer(url: URL, init?: RequestInit): Response {
  const path = url.pathname.replace(/^\/auth\//, "");
  if (path === "csrf") return reply(200, { csrfToken: "token" });
  if (!server.signedIn) return reply(401, { error: "SessionRequired" });
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  if (body) {
    if (body.csrfToken !== "token") return reply(403, { error: "MissingCSRF" });
    server.posts.push({ path, body });
  }
  switch (path) {
    case "account/profile":
      return body
        ? reply(200, { user: { name: body.name, email: "ada@example.com", image: body.image || null } })
        : reply(200, { user: { name: "Ada Lovelace", email: "ada@example.com", image: null }, deletion: server.deletion });
    case "account/sessions":
      return reply(200, { sessions: server.sessions });
    case "account/sessions/revoke":
      server.sessions = server.sessions.filter((session) => session.id !== body!.id);
      return reply(200, { revoked: 1 });
    case "account/sessions/revoke-others":
      return reply(200, { revoked: 1 });
    case "account/accounts":
      return reply(200, { accounts: server.accounts, available: [{ id: "google", name: "Google" }] });
    case "account/accounts/unlink":
      return reply(409, { error: "LastSignInMethod" });
    case "account/passkeys":
      return server.passkeys ? reply(200, { passkeys: [], canRemove: false }) : reply(404, { error: "NotAvailable" });
    case "account/delete":
      return reply(200, { deleted: true });
    default:
      return reply(404, { error: "NotFound" });
  }
}

beforeEach(() => {
  server = {
    signedIn: true,
    deletion: false,
    passkeys: true,
    sessions: [
      { id: "a1", current: true, browser: "Chrome", os: "macOS", lastSeenAt: "2026-11-28T10:00:00.000Z" },
      { id: "b2", current: false, browser: "Safari", os: "iOS", lastSeenAt: "2026-11-27T08:00:00.000Z" },
    ],
    accounts: [{ provider: "github", name: "GitHub", providerAccountId: "1", canUnlink: true }],
    posts: [],
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => answer(new URL(String(input), location.href), init));
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

async function mount(attributes: Record<string, string> = {}): Promise<AuthAccount> {
  const host = document.createElement("auth-account");
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  await vi.waitFor(() => expect(host.state).not.toBe("loading"));
  await host.updateComplete;
  return host;
}

const shadow = (host: AuthAccount) => host.shadowRoot!;
const text = (host: AuthAccount) => shadow(host).textContent!.replace(/\s+/g, " ");
const status = (host: AuthAccount) => shadow(host).querySelector<HTMLElement>('[part="status"]')!.textContent!.trim();

describe("registration", () => {
  test("the tag name is auth-account", () => expect(tagName).toBe("auth-account"));
  testIdempotentDefine({ tagName, element: AuthAccount, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });
  test("HTMLElementTagNameMap knows the tag", () => {
    expectTypeOf(document.createElement("auth-account")).toEqualTypeOf<AuthAccount>();
  });
});

describe("states", () => {
  test("signed out: a message with room, no sections", async () => {
    server.signedIn = false;
    const host = await mount();
    expect(host.state).toBe("signed-out");
    expect(host.matches(":state(signed-out)")).toBe(true);
    expect(text(host)).toContain("Sign in to manage your account.");
    expect(shadow(host).querySelector("section")).toBeNull();
    const empty = shadow(host).querySelector<HTMLElement>('[part="empty"]')!;
    expect(parseFloat(getComputedStyle(empty).paddingBlockStart)).toBeGreaterThanOrEqual(12);
  });

  test("ready: the profile in a light-DOM form, the e-mail read-only", async () => {
    const host = await mount();
    expect(host.state).toBe("ready");
    const form = host.querySelector<HTMLFormElement>('form[slot="profile-form"]')!;
    expect(form.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe("Ada Lovelace");
    expect(form.querySelector<HTMLInputElement>('input[type="email"]')!.readOnly).toBe(true);
    expect(form.querySelector<HTMLInputElement>('input[type="email"]')!.value).toBe("ada@example.com");
  });
});

describe("sessions", () => {
  test("devices by browser and system, this device marked and first, the others with a Sign out button", async () => {
    const host = await mount();
    const rows = [...shadow(host).querySelectorAll<HTMLElement>('section[aria-labelledby="sessions-heading"] li')];
    expect(rows.map((row) => row.querySelector(".strong")!.textContent)).toEqual(["Chrome on macOS", "Safari on iOS"]);
    expect(rows[0]!.textContent).toContain("This device");
    expect(rows[0]!.querySelector("button")).toBeNull();
    expect(rows[1]!.querySelector("button")!.textContent!.trim()).toBe("Sign out");
  });

  test("revoking one posts its id with the CSRF token, drops the row, confirms, and fires auth-session-revoked", async () => {
    const host = await mount();
    const events: AuthSessionRevokedEvent[] = [];
    document.addEventListener("auth-session-revoked", (event) => events.push(event), { once: true });
    shadow(host).querySelector<HTMLButtonElement>('[data-revoke="b2"]')!.click();
    await vi.waitFor(() => expect(status(host)).toBe("That device was signed out."));
    expect(server.posts).toEqual([{ path: "account/sessions/revoke", body: { id: "b2", csrfToken: "token" } }]);
    expect(shadow(host).querySelector('[data-revoke="b2"]')).toBeNull();
    expect(text(host)).toContain("No other devices are signed in.");
    expect(events[0]!.detail).toEqual({ count: 1, others: false });
  });

  test("'Sign out everywhere else' is in the danger colour", async () => {
    const host = await mount({ style: "--auth-color-danger: rgb(200, 0, 0)" });
    const button = shadow(host).querySelector<HTMLButtonElement>("[data-revoke-others]")!;
    expect(getComputedStyle(button).color).toBe("rgb(200, 0, 0)");
    expect(getComputedStyle(button).borderInlineStartColor).toBe("rgb(200, 0, 0)");
  });
});

describe("messages that clear", () => {
  test("a confirmation goes on the next action, and a failure replaces it", async () => {
    const host = await mount();
    shadow(host).querySelector<HTMLButtonElement>('[data-revoke="b2"]')!.click();
    await vi.waitFor(() => expect(status(host)).toBe("That device was signed out."));
    shadow(host).querySelector<HTMLButtonElement>('[data-unlink="github"]')!.click();
    await vi.waitFor(() => expect(shadow(host).querySelector('[role="alert"]')!.textContent).toContain("only way to sign in"));
    expect(status(host)).toBe("");
  });

  test("a confirmation clears itself after a few seconds", async () => {
    const host = await mount();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      shadow(host).querySelector<HTMLButtonElement>('[data-revoke="b2"]')!.click();
      await vi.waitFor(() => expect(status(host)).toBe("That device was signed out."));
      vi.advanceTimersByTime(7000);
      await host.updateComplete;
      expect(status(host)).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("connected accounts and deletion", () => {
  test("connected accounts with Disconnect; providers left to connect", async () => {
    server.accounts[0]!.canUnlink = false;
    const host = await mount();
    expect(shadow(host).querySelector('[data-unlink="github"]')).toBeNull();
    expect(text(host)).toContain("This is your only way to sign in, so it cannot be disconnected.");
    expect(shadow(host).querySelector('[data-link="google"]')!.textContent!.trim()).toBe("Connect Google");
  });

  test("no passkey section when the server has no passkeys (404 NotAvailable)", async () => {
    server.passkeys = false;
    const host = await mount();
    expect(shadow(host).querySelector("auth-passkeys")).toBeNull();
    expect(text(host)).not.toContain("Passkeys");
  });

  test("no deletion section unless the server offers it", async () => {
    const host = await mount();
    expect(shadow(host).querySelector(".danger-zone")).toBeNull();
  });

  test("deletion asks for the e-mail address, refuses a wrong one, then deletes and signs out", async () => {
    server.deletion = true;
    const host = await mount();
    shadow(host).querySelector<HTMLButtonElement>("[data-delete]")!.click();
    await host.updateComplete;
    const form = host.querySelector<HTMLFormElement>('form[slot="delete-form"]')!;
    const input = form.querySelector<HTMLInputElement>('input[name="confirm"]')!;
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
    input.value = "someone@else";
    form.requestSubmit();
    await host.updateComplete;
    expect(server.posts).toEqual([]);
    expect(shadow(host).querySelector('[role="alert"]')!.textContent).toContain("Type the confirmation exactly as shown.");
    input.value = "ada@example.com";
    form.requestSubmit();
    await vi.waitFor(() => expect(host.state).toBe("signed-out"));
    expect(server.posts).toEqual([{ path: "account/delete", body: { confirm: "ada@example.com", csrfToken: "token" } }]);
    expect(status(host)).toBe("Your account was deleted.");
  });
});

describe("accessibility", () => {
  test.each([["en"], ["ar"]])("axe finds nothing with everything shown (%s, deletion open, a message)", async (lang) => {
    server.deletion = true;
    const host = await mount({ lang });
    shadow(host).querySelector<HTMLButtonElement>('[data-revoke="b2"]')!.click();
    await vi.waitFor(() => expect(status(host)).not.toBe(""));
    shadow(host).querySelector<HTMLButtonElement>("[data-delete]")!.click();
    await host.updateComplete;
    const results = await axe.run(host);
    expect(results.violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((node) => node.html) }))).toEqual([]);
  });
});

describe("layout", () => {
  test("RTL: lang=ar lays the element out right to left", async () => {
    const host = await mount({ lang: "ar" });
    expect(shadow(host).querySelector('[part="base"]')!.getAttribute("dir")).toBe("rtl");
  });

  test("fits a 390 px wide container without overflowing", async () => {
    const box = document.createElement("div");
    box.style.width = "390px";
    document.body.append(box);
    const host = document.createElement("auth-account");
    box.append(host);
    await vi.waitFor(() => expect(host.state).toBe("ready"));
    await host.updateComplete;
    expect(host.scrollWidth).toBeLessThanOrEqual(390);
    expect(host.getBoundingClientRect().width).toBeLessThanOrEqual(390);
  });
});
