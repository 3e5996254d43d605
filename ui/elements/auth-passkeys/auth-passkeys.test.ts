/**
 * `<auth-passkeys>` in Chromium: its states, the rows as the recorded server lists them (dates with
 * Intl in the element's locale, transports in words), rename in place, removal with confirmation,
 * and the last passkey that cannot go. The server is the recorded passkey server
 * (stories/support/stub-fetch.ts), which applies renames and removals to its list as the real one does.
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { RECORDED } from "../../../stories/support/stub-fetch.js";
import { AuthPasskeyRegisteredEvent, type AuthPasskeyRemovedEvent } from "../../events/index.js";
import { testIdempotentDefine } from "../shared-suites.js";
import { appendElement, elementStubs } from "../test-support.js";
import { AuthPasskeys } from "./auth-passkeys.js";
import { define, tagName } from "./define.js";

const stubs = elementStubs({ server: { passkey: true, signedIn: true } });

afterEach(() => {
  document.body.replaceChildren();
  stubs.restore();
  vi.restoreAllMocks();
});

const FULL = RECORDED["account-passkeys-full"].passkeys;

/** Appends the element and waits for a state other than `loading`. */
async function mount(attributes: Record<string, string> = {}): Promise<AuthPasskeys> {
  if (!stubs.installed) stubs.install();
  const host = appendElement("auth-passkeys", { "base-path": stubs.server.basePath, ...attributes });
  await vi.waitFor(() => expect(host.state).not.toBe("loading"));
  await host.updateComplete;
  return host;
}

const shadow = (host: AuthPasskeys) => host.shadowRoot!;
const rows = (host: AuthPasskeys) => [...shadow(host).querySelectorAll<HTMLElement>('[part="item"]')];
const names = (host: AuthPasskeys) => rows(host).map((row) => row.querySelector('[part="name"]')?.textContent);
const alert = (host: AuthPasskeys) => shadow(host).querySelector<HTMLElement>('[role="alert"]')!;
const status = (host: AuthPasskeys) => shadow(host).querySelector<HTMLElement>('[part="status"]')!;
const buttonIn = (row: HTMLElement, part: string) => row.querySelector<HTMLButtonElement>(`[part~="${part}"]`)!;
const medium = (iso: string, lang = "en") => new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(iso));

describe("registration", () => {
  test("the tag name is auth-passkeys", () => expect(tagName).toBe("auth-passkeys"));
  testIdempotentDefine({ tagName, element: AuthPasskeys, define, defineModuleUrl: new URL("./define.ts", import.meta.url).href });

  test("HTMLElementTagNameMap knows the tag", () => {
    expectTypeOf(document.createElement("auth-passkeys")).toEqualTypeOf<AuthPasskeys>();
    expect(document.createElement("auth-passkeys")).toBeInstanceOf(AuthPasskeys);
  });
});

describe("states", () => {
  test("loading: a named spinner, the state reflected", async () => {
    stubs.install({ hold: ["account/passkeys"] });
    const host = document.createElement("auth-passkeys");
    host.setAttribute("base-path", stubs.server.basePath);
    document.body.append(host);
    await stubs.server.requested("account/passkeys");
    await host.updateComplete;
    expect(host.getAttribute("state")).toBe("loading");
    expect(host.matches(":state(loading)")).toBe(true);
    expect(shadow(host).querySelector('[part="spinner"]')!.getAttribute("aria-label")).toBe("Loading passkeys…");
    stubs.server.release();
    await vi.waitFor(() => expect(host.state).toBe("list"));
  });

  test("list: one row per passkey with its name (or the default), dates and transports", async () => {
    const host = await mount();
    expect(host.getAttribute("state")).toBe("list");
    expect(host.matches(":state(list)")).toBe(true);
    expect(shadow(host).querySelector('[part="list"]')!.getAttribute("aria-label")).toBe("Your passkeys");
    expect(names(host)).toEqual(["Pixel 9", "Passkey", "Passkey"]);
    const details = rows(host).map((row) => [...row.querySelectorAll('[part="details"] > span')].map((span) => span.textContent));
    expect(details).toEqual([
      [`Created ${medium(FULL[0]!.createdAt!)}`, "Not used yet", "Connects via phone or tablet and this device"],
      [`Created ${medium(FULL[1]!.createdAt!)}`, `Last used ${medium(FULL[1]!.lastUsedAt!)}`, "Connects via this device"],
      [`Created ${medium(FULL[2]!.createdAt!)}`, "Not used yet", "Connects via USB and NFC"],
    ]);
    expect(shadow(host).querySelector('[part="note"]')).toBeNull();
    for (const row of rows(host)) expect(buttonIn(row, "remove-button").disabled).toBe(false);
  });

  test("dates and lists in the element's own locale", async () => {
    const host = await mount({ lang: "de-CH" });
    expect(names(host)).toEqual(["Pixel 9", "Passkey", "Passkey"]);
    const first = rows(host)[0]!.querySelector('[part="details"]')!.textContent!;
    expect(first).toContain(`Erstellt am ${medium(FULL[0]!.createdAt!, "de-CH")}`);
    expect(first).toContain("Verbindung über Smartphone oder Tablet und dieses Gerät");
    expect(shadow(host).querySelector('[part="base"]')!.getAttribute("lang")).toBe("de");
  });

  test("empty", async () => {
    stubs.install({ passkeys: "empty" });
    const host = await mount();
    expect(host.state).toBe("empty");
    expect(shadow(host).querySelector('[part="message"]')!.textContent).toBe("You have no passkeys yet.");
    expect(rows(host)).toEqual([]);
  });

  test("signed out", async () => {
    stubs.install({ signedIn: false });
    const host = await mount();
    expect(host.state).toBe("signed-out");
    expect(shadow(host).querySelector('[part="message"]')!.textContent).toBe("Sign in to manage your passkeys.");
    expect(alert(host).textContent).toBe("");
  });

  test("error: the list cannot be fetched", async () => {
    stubs.install({ always: { "account/passkeys": "network-error" } });
    const host = await mount();
    expect(host.state).toBe("error");
    expect(alert(host).textContent).toBe("Could not reach the server. Check your connection and try again.");
  });

  test("reloads when a passkey is registered on the page", async () => {
    const host = await mount();
    expect(stubs.server.requestsTo("account/passkeys")).toHaveLength(1);
    document.body.dispatchEvent(new AuthPasskeyRegisteredEvent({ provider: "passkey", url: "/", signUp: false }));
    await vi.waitFor(() => expect(stubs.server.requestsTo("account/passkeys")).toHaveLength(2));
    expect(host.state).toBe("list");
  });
});

describe("rename", () => {
  test("in place: a light-DOM field, the new name posted with the CSRF token, the row updated, focus back", async () => {
    const host = await mount();
    const row = rows(host)[1]!;
    await userEvent.click(buttonIn(row, "rename-button"));
    const input = host.querySelector<HTMLInputElement>('form[slot="rename"] input')!;
    expect(input.getRootNode()).toBe(document);
    expect(host.querySelector(`label[for="${CSS.escape(input.id)}"]`)!.textContent!.trim()).toBe("Passkey name");
    expect(input).toMatchObject({ value: "", required: true, maxLength: 64 });
    expect(document.activeElement).toBe(input);
    await userEvent.fill(input, "  Work laptop ");
    await userEvent.keyboard("{Enter}");
    await vi.waitFor(() => expect(names(host)).toEqual(["Pixel 9", "Work laptop", "Passkey"]));
    const [post] = stubs.server.requestsTo("account/passkeys/rename");
    expect(post!.fields).toEqual({ id: FULL[1]!.id, name: "Work laptop", csrfToken: RECORDED.csrf.csrfToken });
    expect(status(host).textContent).toBe("Name saved.");
    expect(host.querySelector("form")).toBeNull();
    await vi.waitFor(() => expect(shadow(host).activeElement).toBe(buttonIn(rows(host)[1]!, "rename-button")));
  });

  test("Escape and Cancel close the field without a request; an empty name is refused in the browser", async () => {
    const host = await mount();
    await userEvent.click(buttonIn(rows(host)[0]!, "rename-button"));
    const input = host.querySelector<HTMLInputElement>('form[slot="rename"] input')!;
    expect(input.value).toBe("Pixel 9");
    await userEvent.fill(input, "   ");
    await userEvent.keyboard("{Enter}");
    expect(alert(host).textContent).toBe("Enter a name of 1 to 64 characters.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(host.querySelector("form")).toBeNull());
    expect(shadow(host).activeElement).toBe(buttonIn(rows(host)[0]!, "rename-button"));
    await userEvent.click(buttonIn(rows(host)[0]!, "rename-button"));
    await userEvent.click(host.querySelector<HTMLButtonElement>('form[slot="rename"] button[type="button"]')!);
    await vi.waitFor(() => expect(host.querySelector("form")).toBeNull());
    expect(stubs.server.requestsTo("account/passkeys/rename")).toEqual([]);
    expect(names(host)).toEqual(["Pixel 9", "Passkey", "Passkey"]);
  });
});

describe("remove", () => {
  test("after a confirmation: the removal posted, the row gone, the event, then the list reloaded", async () => {
    const host = await mount();
    const removed: AuthPasskeyRemovedEvent[] = [];
    document.addEventListener("auth-passkey-removed", (event) => removed.push(event), { once: true });
    await userEvent.click(buttonIn(rows(host)[2]!, "remove-button"));
    const confirm = shadow(host).querySelector('[part="confirm"]')!;
    expect(confirm.textContent).toBe("Remove “Passkey”? You will no longer be able to sign in with it.");
    // Focus on the harmless choice.
    expect(shadow(host).activeElement).toBe(shadow(host).querySelector('[part="cancel-button"]'));
    await userEvent.click(buttonIn(rows(host)[2]!, "remove-button"));
    await vi.waitFor(() => expect(removed).toHaveLength(1));
    expect(removed[0]).toMatchObject({ bubbles: true, composed: true, target: host, detail: { id: FULL[2]!.id } });
    expect(stubs.server.requestsTo("account/passkeys/remove")[0]!.fields).toEqual({ id: FULL[2]!.id, csrfToken: RECORDED.csrf.csrfToken });
    expect(names(host)).toEqual(["Pixel 9", "Passkey"]);
    expect(status(host).textContent).toBe("Passkey removed.");
    await vi.waitFor(() => expect(stubs.server.requestsTo("account/passkeys")).toHaveLength(2));
    expect(names(host)).toEqual(["Pixel 9", "Passkey"]);
  });

  test("Cancel keeps the passkey and puts focus back on its Remove button", async () => {
    const host = await mount();
    await userEvent.click(buttonIn(rows(host)[0]!, "remove-button"));
    await userEvent.click(shadow(host).querySelector<HTMLButtonElement>('[part="cancel-button"]')!);
    await vi.waitFor(() => expect(shadow(host).querySelector('[part="confirm"]')).toBeNull());
    expect(shadow(host).activeElement).toBe(buttonIn(rows(host)[0]!, "remove-button"));
    expect(stubs.server.requestsTo("account/passkeys/remove")).toEqual([]);
  });

  test("the last way in: Remove disabled, with the reason next to it", async () => {
    stubs.install({ passkeys: "last" });
    const host = await mount();
    const note = shadow(host).querySelector<HTMLElement>('[part="note"]')!;
    expect(note.textContent).toBe("This passkey is your only way to sign in, so it cannot be removed. Add another way to sign in first.");
    const remove = buttonIn(rows(host)[0]!, "remove-button");
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute("aria-describedby")!.split(" ")).toContain(note.id);
  });

  test("the server refuses (409 LastSignInMethod): announced, the list reloaded", async () => {
    stubs.install({ always: { "account/passkeys/remove": "account-passkeys-last-method" } });
    const host = await mount();
    await userEvent.click(buttonIn(rows(host)[0]!, "remove-button"));
    await userEvent.click(buttonIn(rows(host)[0]!, "remove-button"));
    await vi.waitFor(() =>
      expect(alert(host).textContent).toBe("This passkey is your only way to sign in, so it cannot be removed. Add another way to sign in first."),
    );
    await vi.waitFor(() => expect(shadow(host).activeElement).toBe(alert(host)));
    expect(names(host)).toEqual(["Pixel 9", "Passkey", "Passkey"]);
  });
});

describe("the browser's passkey manager (WebAuthn's Signal API)", () => {
  type Call = [method: string, options: Record<string, unknown>];
  const METHODS = ["signalAllAcceptedCredentials", "signalCurrentUserDetails", "signalUnknownCredential"] as const;
  const saved = METHODS.map((name) => [name, Object.getOwnPropertyDescriptor(PublicKeyCredential, name)] as const);
  afterEach(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(PublicKeyCredential, name, descriptor);
      else delete (PublicKeyCredential as unknown as Record<string, unknown>)[name];
    }
  });

  /** Replaces the Signal API's methods with recorders that answer with `outcome`. */
  function stubSignals(outcome: () => Promise<void> = () => Promise.resolve()): Call[] {
    const calls: Call[] = [];
    for (const name of METHODS) {
      const value = (options: Record<string, unknown>) => (calls.push([name, options]), outcome());
      Object.defineProperty(PublicKeyCredential, name, { value, configurable: true, writable: true });
    }
    return calls;
  }
  const base64url = (id: string) => id.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const SIGNAL = RECORDED["account-passkeys-full"].signal;

  test("a loaded list: every listed passkey accepted (base64url ids) under the account's handle, and its names", async () => {
    const calls = stubSignals();
    await mount();
    // Once per loaded list (a session change on the page may load it again): always the same two calls.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    for (let index = 0; index < calls.length; index += 2) {
      expect(calls.slice(index, index + 2)).toEqual([
        ["signalAllAcceptedCredentials", { rpId: SIGNAL.rpId, userId: SIGNAL.userId, allAcceptedCredentialIds: FULL.map((passkey) => base64url(passkey.id)) }],
        ["signalCurrentUserDetails", SIGNAL],
      ]);
    }
    expect(FULL.some((passkey) => /[+/=]/.test(passkey.id))).toBe(true);
  });

  test("after a removal: the removed one unknown, then the remaining list accepted", async () => {
    const calls = stubSignals();
    const host = await mount();
    calls.length = 0;
    await userEvent.click(buttonIn(rows(host)[2]!, "remove-button"));
    await userEvent.click(buttonIn(rows(host)[2]!, "remove-button"));
    await vi.waitFor(() => expect(calls.map(([method]) => method)).toContain("signalAllAcceptedCredentials"));
    expect(calls.find(([method]) => method === "signalAllAcceptedCredentials")![1]).toEqual({
      rpId: SIGNAL.rpId,
      userId: SIGNAL.userId,
      allAcceptedCredentialIds: FULL.slice(0, 2).map((passkey) => base64url(passkey.id)),
    });
    expect(calls[0]).toEqual(["signalUnknownCredential", { rpId: location.hostname, credentialId: base64url(FULL[2]!.id) }]);
  });

  test("an empty list is signalled too (every passkey of the account was removed)", async () => {
    const calls = stubSignals();
    stubs.install({ passkeys: "empty" });
    await mount();
    expect(calls[0]).toEqual(["signalAllAcceptedCredentials", { rpId: SIGNAL.rpId, userId: SIGNAL.userId, allAcceptedCredentialIds: [] }]);
  });

  test("refusals are ignored; signed out, nothing is signalled; without the methods, nothing happens", async () => {
    const calls = stubSignals(() => Promise.reject(new DOMException("no", "SecurityError")));
    const host = await mount();
    expect(calls).toHaveLength(2);
    expect(host.state).toBe("list");
    expect(alert(host).textContent).toBe("");
    document.body.replaceChildren();
    stubs.restore();
    calls.length = 0;
    stubs.install({ signedIn: false });
    expect((await mount()).state).toBe("signed-out");
    expect(calls).toEqual([]);
    // A browser without the methods: the list as usual.
    document.body.replaceChildren();
    stubs.restore();
    for (const name of METHODS) Object.defineProperty(PublicKeyCredential, name, { value: undefined, configurable: true, writable: true });
    stubs.install();
    expect(names(await mount())).toEqual(["Pixel 9", "Passkey", "Passkey"]);
  });
});
