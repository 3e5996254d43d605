/**
 * The hosted sign-in page's passkey script in Chromium, on the very markup the server renders
 * (server/pages/markup.tsx, as the page stories do): hidden without WebAuthn, revealed with it,
 * autofill started silently, the explicit buttons, the alert with the page's localised messages,
 * and autofill cancelled when another form is used. Foyer's answers come from a fake shaped like the
 * wire contract; the browser's decisions are stubbed on the real `navigator.credentials`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserIdle } from "../../stories/support/idle.js";
import { createTranslator } from "../../locales/index.js";
import de from "../../locales/de.js";
import en from "../../locales/en.js";
import type { ConfiguredProvider as InternalProvider } from "../../server/config/types.js";
import type { PageContext } from "../../server/pages/context.js";
import { pageMarkup } from "../../server/pages/markup.js";
import { preparePageProviders } from "../../server/pages/providers.js";
import { PAGE_CSS } from "../../server/pages/styles.generated.js";
import { resolveTheme } from "../../server/pages/theme.js";
import { cancelPasskeyCeremony } from "../client/passkey.js";
import { enhancePasskeyForms } from "./passkey-section.js";

const PROVIDERS: InternalProvider[] = [
  {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: () => null,
  },
  { id: "passkey", name: "Passkey", type: "webauthn" },
];

/** Renders the server's sign-in page markup into the document; returns its root. */
function renderSignInPage(locale = "en"): HTMLElement {
  const translator = createTranslator(locale);
  const authUrl = `${location.origin}/auth`;
  const page: PageContext = {
    t: translator.t,
    locale: translator.locale,
    dir: translator.dir,
    theme: resolveTheme({ colorScheme: "light" }),
    origin: location.origin,
    authUrl,
    csrfToken: "0".repeat(64),
    callbackUrl: `${location.origin}/dashboard`,
    signinUrl: `${authUrl}/signin`,
  };
  const markup = pageMarkup(page, { page: "signin", props: { providers: preparePageProviders(PROVIDERS).providers } });
  const style = document.createElement("style");
  style.textContent = PAGE_CSS;
  const root = document.createElement("div");
  root.innerHTML = markup.body;
  root.prepend(style);
  document.body.append(root);
  return root;
}

/** Foyer's answers, per the wire contract; every request logged. */
function fakeFoyer() {
  const requests: { method: string; path: string; body?: string }[] = [];
  const answers = { callback: { url: `${location.origin}/auth/signin?error=WebAuthnVerificationError` } };
  const fetchStub: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    requests.push({ method: init?.method ?? "GET", path: url.pathname + url.search, body: init?.body?.toString() });
    if (url.pathname === "/auth/csrf") return Response.json({ csrfToken: "token-1" });
    if (url.pathname === "/auth/webauthn-options/passkey") {
      const action = url.searchParams.get("action");
      return Response.json(
        action === "register"
          ? {
              action,
              options: {
                challenge: "Y2g",
                rp: { id: location.hostname, name: "Foyer" },
                user: { id: "dQ", name: "ada", displayName: "ada" },
                pubKeyCredParams: [{ type: "public-key", alg: -7 }],
              },
            }
          : { action, options: { challenge: "Y2g", rpId: location.hostname, allowCredentials: [] } },
      );
    }
    if (url.pathname === "/auth/callback/passkey") return Response.json(answers.callback);
    return Response.json({ error: "NotFound" }, { status: 404 });
  };
  return { requests, answers, fetch: fetchStub };
}

/** `navigator.credentials` as a browser with no passkey picked yet: requests wait until aborted, unless told otherwise. */
function browserPrompts() {
  const calls: { method: "get" | "create"; mediation?: string; signal: AbortSignal; reject: (error: unknown) => void }[] = [];
  for (const method of ["get", "create"] as const) {
    vi.spyOn(navigator.credentials, method).mockImplementation(
      (request?: CredentialRequestOptions | CredentialCreationOptions) =>
        new Promise<Credential | null>((_, reject) => {
          const signal = request!.signal!;
          calls.push({ method, mediation: (request as CredentialRequestOptions).mediation, signal, reject });
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
    );
  }
  return calls;
}

/** The enhanced sign-in page with its autofill request made and pending (nothing picked yet); the browser's calls. */
async function autofillWaiting() {
  const calls = browserPrompts();
  renderSignInPage();
  enhancePasskeyForms();
  await vi.waitFor(() => expect(calls).toHaveLength(1));
  return calls;
}

let server: ReturnType<typeof fakeFoyer>;
let surfaced: unknown[];
const onUnhandled = (event: PromiseRejectionEvent) => void surfaced.push(event.reason);
/** The page under test must never navigate the test runner's frame. */
const stopNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  server = fakeFoyer();
  vi.stubGlobal("fetch", server.fetch);
  surfaced = [];
  window.addEventListener("unhandledrejection", onUnhandled);
  document.addEventListener("submit", stopNavigation);
  vi.spyOn(PublicKeyCredential, "isConditionalMediationAvailable").mockResolvedValue(true);
  vi.spyOn(console, "error").mockImplementation((...args) => void surfaced.push(args));
});

afterEach(() => {
  cancelPasskeyCeremony();
  document.body.replaceChildren();
  window.removeEventListener("unhandledrejection", onUnhandled);
  document.removeEventListener("submit", stopNavigation);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const visible = (element: HTMLElement) => element.checkVisibility();

describe("without WebAuthn", () => {
  it("the passkey section stays hidden and nothing is requested", () => {
    vi.stubGlobal("PublicKeyCredential", undefined);
    renderSignInPage();
    enhancePasskeyForms();
    expect($("#passkey-section").hidden).toBe(true);
    expect(visible($("#submitButton-passkey"))).toBe(false);
    expect(server.requests).toEqual([]);
  });
});

describe("with WebAuthn", () => {
  it("reveals the section (both buttons, no visible alert) and starts autofill on the `username webauthn` field", async () => {
    const calls = browserPrompts();
    renderSignInPage();
    expect(visible($("#submitButton-passkey"))).toBe(false);
    enhancePasskeyForms();
    expect(visible($("#submitButton-passkey"))).toBe(true);
    expect(visible($("#registerButton-passkey"))).toBe(true);
    expect(visible($("#passkey-alert"))).toBe(false);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "get", mediation: "conditional" });
    expect(server.requests.map((request) => request.path)).toEqual(["/auth/csrf", "/auth/webauthn-options/passkey?action=authenticate"]);
  });

  it("an ignored or refused autofill request shows nothing", async () => {
    const calls = await autofillWaiting();
    calls[0]!.reject(new DOMException("not now", "NotAllowedError"));
    await browserIdle();
    expect($("#passkey-alert").textContent).toBe("");
    expect(visible($("#passkey-alert"))).toBe(false);
    expect(surfaced).toEqual([]);
  });

  it("“Sign in with a passkey” cancels autofill, asks for any passkey (no e-mail needed), and shows a dismissed dialog in the alert", async () => {
    const calls = await autofillWaiting();
    $("#submitButton-passkey").click();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]).toMatchObject({ method: "get", mediation: undefined });
    calls[1]!.reject(new DOMException("dismissed", "NotAllowedError"));
    await vi.waitFor(() => expect($("#passkey-alert").textContent).toBe(en["passkey.error.Cancelled"]));
    expect(visible($("#passkey-alert"))).toBe(true);
    // …and the autofill offer comes back.
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ method: "get", mediation: "conditional" });
  });

  it("a passkey the server refuses: the page's message, no navigation", async () => {
    const get = vi.spyOn(navigator.credentials, "get").mockResolvedValue({
      id: "Y3JlZA",
      rawId: new Uint8Array([1, 2, 3]).buffer,
      type: "public-key",
      getClientExtensionResults: () => ({}),
      response: { authenticatorData: new ArrayBuffer(4), clientDataJSON: new ArrayBuffer(2), signature: new ArrayBuffer(8), userHandle: null },
    } as unknown as Credential);
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockResolvedValue(false);
    renderSignInPage();
    enhancePasskeyForms();
    $("#submitButton-passkey").click();
    await vi.waitFor(() => expect($("#passkey-alert").textContent).toBe(en["passkey.error.WebAuthnVerificationError"]));
    expect(get).toHaveBeenCalledTimes(1);
    const post = server.requests.find((request) => request.method === "POST")!;
    expect(Object.fromEntries(new URLSearchParams(post.body))).toMatchObject({
      action: "authenticate",
      csrfToken: "token-1",
      callbackUrl: `${location.origin}/dashboard`,
    });
  });

  it("“Create account with a passkey” needs a valid e-mail (the browser checks), then registers for it", async () => {
    const calls = await autofillWaiting();
    $("#registerButton-passkey").click();
    await browserIdle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);

    $<HTMLInputElement>("#input-email").value = "new@example.com";
    $("#registerButton-passkey").click();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.method).toBe("create");
    expect(server.requests.map((request) => request.path)).toContain("/auth/webauthn-options/passkey?action=register&email=new%40example.com");
  });

  it("a sign-up for an e-mail that has an account shows the page's AccountNotLinked message", async () => {
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockResolvedValue(false);
    vi.spyOn(navigator.credentials, "create").mockResolvedValue({
      id: "Y3JlZA",
      rawId: new Uint8Array([1]).buffer,
      type: "public-key",
      getClientExtensionResults: () => ({}),
      response: { attestationObject: new ArrayBuffer(4), clientDataJSON: new ArrayBuffer(2), getTransports: () => ["internal"] },
    } as unknown as Credential);
    server.answers.callback = { url: `${location.origin}/auth/signin?error=AccountNotLinked` };
    renderSignInPage();
    enhancePasskeyForms();
    $<HTMLInputElement>("#input-email").value = "ada@example.com";
    $("#registerButton-passkey").click();
    await vi.waitFor(() => expect($("#passkey-alert").textContent).toBe(en["passkey.error.AccountNotLinked"]));
    // The callback POST, not whatever the page asked for after it (on a busy machine a later GET can land first).
    const callback = server.requests.filter((request) => request.method === "POST").at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(callback.body))).toMatchObject({ action: "register" });
  });

  it("submitting another form of the page (credentials) cancels the pending autofill request first", async () => {
    const calls = await autofillWaiting();
    let abortedBeforeSubmitHandlers: boolean | undefined;
    const credentialsForm = $<HTMLFormElement>('form[action$="/callback/credentials"]');
    credentialsForm.addEventListener("submit", () => (abortedBeforeSubmitHandlers = calls[0]!.signal.aborted));
    credentialsForm.requestSubmit();
    expect(abortedBeforeSubmitHandlers).toBe(true);
    await browserIdle();
    expect(calls).toHaveLength(1);
    expect($("#passkey-alert").textContent).toBe("");
    expect(surfaced).toEqual([]);
  });

  it("shows the messages in the page's language", async () => {
    const calls = browserPrompts();
    renderSignInPage("de");
    enhancePasskeyForms();
    expect($("#submitButton-passkey").textContent).toBe(de["signin.passkey.use"]);
    $("#submitButton-passkey").click();
    await vi.waitFor(() => expect(calls.some((call) => call.mediation === undefined)).toBe(true));
    calls.find((call) => call.mediation === undefined)!.reject(new DOMException("dismissed", "NotAllowedError"));
    await vi.waitFor(() => expect($("#passkey-alert").textContent).toBe(de["passkey.error.Cancelled"]));
  });
});
