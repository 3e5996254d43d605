/**
 * The passkey client in Chromium (the "elements" Vitest project): the real `PublicKeyCredential`,
 * `navigator.credentials`, `AbortSignal` and `BroadcastChannel`, with no authenticator attached.
 * What a visitor's browser decides is stubbed per test on the real `navigator.credentials`
 * (dismissed dialogs, ignored autofill, unsupported algorithms), and Foyer's answers come from a small
 * fake shaped like the wire contract. The full flow against a real server: passkey.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { browserIdle } from "../../stories/support/idle.js";
import { createAuthClient } from "./index.js";
import {
  cancelPasskeyCeremony,
  conditionalMediationAvailable,
  passkeysSupported,
  registerPasskey,
  removePasskey,
  signInWithPasskey,
  startConditionalSignIn,
  type PasskeyCeremonyOptions,
} from "./passkey.js";

/** A Foyer stand-in: `/csrf`, `/webauthn-options/<id>`, `/callback/<id>` answered per the contract; requests logged. */
function fakeFoyer(callbackUrl = `${location.origin}/done`) {
  const requests: { method: string; path: string; body?: string; headers: Headers }[] = [];
  const answers = { options: 200, callback: { url: callbackUrl } as unknown };
  const fetchStub: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    requests.push({ method: init?.method ?? "GET", path: url.pathname + url.search, body: init?.body?.toString(), headers: new Headers(init?.headers) });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (url.pathname === "/auth/csrf") return json(200, { csrfToken: "token-1" });
    if (url.pathname.startsWith("/auth/webauthn-options/")) {
      if (answers.options !== 200) return json(answers.options, { error: "Invalid request" });
      const action = url.searchParams.get("action");
      const options =
        action === "register"
          ? {
              challenge: "Y2hhbGxlbmdl",
              rp: { id: location.hostname, name: "Foyer" },
              user: { id: "dXNlcg", name: "ada@example.com", displayName: "ada" },
              pubKeyCredParams: [{ type: "public-key", alg: -7 }],
              timeout: 300000,
              attestation: "none",
              excludeCredentials: [],
            }
          : { challenge: "Y2hhbGxlbmdl", timeout: 300000, userVerification: "preferred", rpId: location.hostname, allowCredentials: [] };
      return json(200, { action, options });
    }
    if (url.pathname.startsWith("/auth/callback/")) return json(200, answers.callback);
    return json(404, { error: "NotFound" });
  };
  return { requests, answers, fetch: fetchStub };
}

/** A `PublicKeyCredential`-shaped assertion, as `navigator.credentials.get()` resolves. */
function assertion(): Credential {
  const buffer = (text: string) => new TextEncoder().encode(text).buffer;
  return {
    id: "Y3JlZA",
    rawId: buffer("cred"),
    type: "public-key",
    authenticatorAttachment: "platform",
    getClientExtensionResults: () => ({}),
    response: { authenticatorData: buffer("auth"), clientDataJSON: buffer("{}"), signature: buffer("sig"), userHandle: buffer("user") },
  } as unknown as Credential;
}

/** Makes `navigator.credentials.get` wait until its signal aborts, like a visitor who ignores the prompt. */
function ignoredRequests(method: "get" | "create" = "get") {
  const signals: AbortSignal[] = [];
  const spy = vi.spyOn(navigator.credentials, method).mockImplementation(
    (request?: CredentialRequestOptions | CredentialCreationOptions) =>
      new Promise<Credential | null>((_, reject) => {
        const signal = request!.signal!;
        signals.push(signal);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
  );
  return { signals, spy };
}

const rejectWith = (name: string, method: "get" | "create" = "get") =>
  vi.spyOn(navigator.credentials, method).mockRejectedValue(new DOMException(`the browser says ${name}`, name));

let server: ReturnType<typeof fakeFoyer>;
let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
let options: PasskeyCeremonyOptions;
let surfaced: unknown[];
const onUnhandled = (event: PromiseRejectionEvent) => void surfaced.push(event.reason);

beforeEach(() => {
  server = fakeFoyer();
  navigate = vi.fn<(url: string) => void>();
  options = { fetch: server.fetch, navigate };
  surfaced = [];
  window.addEventListener("unhandledrejection", onUnhandled);
  vi.spyOn(PublicKeyCredential, "isConditionalMediationAvailable").mockResolvedValue(true);
  // Errors must not be logged either (SimpleWebAuthn warns through console.warn on misuse).
  vi.spyOn(console, "error").mockImplementation((...args) => void surfaced.push(args));
  vi.spyOn(console, "warn").mockImplementation((...args) => void surfaced.push(args));
});

afterEach(() => {
  cancelPasskeyCeremony();
  window.removeEventListener("unhandledrejection", onUnhandled);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("capabilities", () => {
  it("Chromium has WebAuthn; without PublicKeyCredential the client says so and never starts", async () => {
    expect(passkeysSupported()).toBe(true);
    vi.stubGlobal("PublicKeyCredential", undefined);
    expect(passkeysSupported()).toBe(false);
    expect(await conditionalMediationAvailable()).toBe(false);
    expect(await signInWithPasskey(options)).toEqual({ ok: false, error: "Unsupported" });
    expect(await registerPasskey({ ...options, email: "ada@example.com" })).toEqual({ ok: false, error: "Unsupported" });
    expect(await startConditionalSignIn(options)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it("autofill availability follows the browser, on localhost", async () => {
    expect(location.hostname).toBe("localhost");
    expect(await conditionalMediationAvailable()).toBe(true);
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockResolvedValue(false);
    expect(await conditionalMediationAvailable()).toBe(false);
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockRejectedValue(new Error("extension broke it"));
    expect(await conditionalMediationAvailable()).toBe(false);
  });

  it("an availability check that never answers (a password-manager extension) counts as unavailable after ~100 ms; the autofill ceremony gives up quietly", async () => {
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockReturnValue(new Promise(() => {}));
    const started = performance.now();
    expect(await conditionalMediationAvailable()).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await startConditionalSignIn(options)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it("a slow yes (a busy machine answers after the 100 ms check) still starts the autofill ceremony", async () => {
    // A fake clock: the 100 ms check and the 400 ms answer pass when the test says, not raced in real time.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => void vi.useRealTimers());
    // One answer per phase, as before (SimpleWebAuthn asks again inside the ceremony and gets the same one).
    const slowYes = () => new Promise<boolean>((resolve) => setTimeout(resolve, 400, true));
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockReturnValue(slowYes());
    const available = conditionalMediationAvailable();
    await vi.advanceTimersByTimeAsync(100);
    expect(await available).toBe(false);
    vi.mocked(PublicKeyCredential.isConditionalMediationAvailable).mockReturnValue(slowYes());
    const pending = startConditionalSignIn(options);
    await vi.advanceTimersByTimeAsync(400);
    // The yes has come; the rest of the ceremony runs on the real clock (vi.waitFor polls with it).
    vi.useRealTimers();
    await vi.waitFor(() => expect(server.requests.some((request) => request.path.startsWith("/auth/webauthn-options/"))).toBe(true), { timeout: 2000 });
    cancelPasskeyCeremony();
    expect(await pending).toBeNull();
  });
});

describe("explicit ceremonies: every failure is a result", () => {
  it.each([
    ["NotAllowedError", "Cancelled"],
    ["AbortError", "Cancelled"],
    ["NotSupportedError", "Unsupported"],
    ["SecurityError", "Configuration"],
    ["UnknownError", "Configuration"],
  ])("sign-in: %s → %s, with a message for logs, and nothing posted", async (name, error) => {
    rejectWith(name);
    const result = await signInWithPasskey(options);
    // (SimpleWebAuthn rewords some browser messages; it passes NotAllowedError's through.)
    expect(result).toMatchObject({ ok: false, error, message: expect.any(String) });
    expect(server.requests.map((request) => request.method)).toEqual(["GET", "GET"]);
    expect(navigate).not.toHaveBeenCalled();
    expect(surfaced).toEqual([]);
  });

  it("registration: an authenticator that already holds a passkey of the account → PasskeyExists", async () => {
    rejectWith("InvalidStateError", "create");
    expect(await registerPasskey(options)).toMatchObject({ ok: false, error: "PasskeyExists" });
  });

  it("the options request refused (400) → InvalidRequest, before any browser prompt", async () => {
    const create = vi.spyOn(navigator.credentials, "create");
    server.answers.options = 400;
    expect(await registerPasskey({ ...options, email: "x" })).toEqual({ ok: false, error: "InvalidRequest" });
    expect(create).not.toHaveBeenCalled();
    expect(server.requests.map((request) => request.path)).toEqual(["/auth/csrf", "/auth/webauthn-options/passkey?action=register&email=x"]);
  });

  it("posts action, data, csrfToken and callbackUrl with X-Auth-Return-Redirect, then broadcasts and navigates", async () => {
    vi.spyOn(navigator.credentials, "get").mockResolvedValue(assertion());
    const heard: unknown[] = [];
    const channel = new BroadcastChannel("foyer-auth");
    channel.onmessage = (event) => void heard.push(event.data);
    try {
      const result = await signInWithPasskey({ ...options, providerId: "security-key", callbackUrl: "/after" });
      expect(result).toEqual({ ok: true, url: `${location.origin}/done` });
      const post = server.requests.at(-1)!;
      expect([post.method, post.path, post.headers.get("x-auth-return-redirect"), post.headers.get("content-type")]).toEqual([
        "POST",
        "/auth/callback/security-key",
        "1",
        "application/x-www-form-urlencoded",
      ]);
      const fields = Object.fromEntries(new URLSearchParams(post.body));
      expect(fields).toMatchObject({ action: "authenticate", csrfToken: "token-1", callbackUrl: "/after" });
      expect(JSON.parse(fields.data!)).toMatchObject({
        id: "Y3JlZA",
        rawId: "Y3JlZA",
        type: "public-key",
        response: { signature: "c2ln", userHandle: "dXNlcg" },
      });
      expect(navigate).toHaveBeenCalledWith(`${location.origin}/done`);
      await vi.waitFor(() => expect(heard).toEqual([{ reason: "signin" }]));
    } finally {
      channel.close();
    }
  });

  it("the server's error in the returned URL is the result; an unknown one is Configuration; no navigation", async () => {
    vi.spyOn(navigator.credentials, "get").mockResolvedValue(assertion());
    server.answers.callback = { url: `${location.origin}/auth/signin?error=WebAuthnVerificationError` };
    expect(await signInWithPasskey(options)).toEqual({ ok: false, error: "WebAuthnVerificationError" });
    server.answers.callback = { url: `${location.origin}/auth/signin?error=%3Cb%3Ehi` };
    expect(await signInWithPasskey(options)).toEqual({ ok: false, error: "Configuration" });
    server.answers.callback = { url: "javascript:alert(1)" };
    expect(await signInWithPasskey(options)).toEqual({ ok: false, error: "Configuration" });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("conditional UI (autofill) never surfaces an error", () => {
  it.each(["NotAllowedError", "AbortError", "NotSupportedError", "SecurityError"])("%s → null, nothing logged or thrown", async (name) => {
    const get = rejectWith(name);
    expect(await startConditionalSignIn(options)).toBeNull();
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ mediation: "conditional" }));
    expect(server.requests.filter((request) => request.method === "POST")).toEqual([]);
    await browserIdle();
    expect(surfaced).toEqual([]);
  });

  it("options that cannot be fetched → null (no error for a visitor who did nothing)", async () => {
    server.answers.options = 500;
    expect(await startConditionalSignIn(options)).toBeNull();
    expect(await startConditionalSignIn({ ...options, fetch: () => Promise.reject(new TypeError("offline")) })).toBeNull();
  });

  it("only for credentials of this page's host: options for another RP ID are not used", async () => {
    const get = vi.spyOn(navigator.credentials, "get");
    const foreign: typeof fetch = async (input, init) => {
      if (String(input).includes("webauthn-options")) return Response.json({ action: "authenticate", options: { challenge: "Y2g", rpId: "example.com" } });
      return server.fetch(input, init);
    };
    expect(await startConditionalSignIn({ ...options, fetch: foreign })).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it("is cancelled when signIn() of foyer-auth/client runs (e.g. the credentials form), and resolves with null", async () => {
    const { signals } = ignoredRequests();
    const pending = startConditionalSignIn(options);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);
    const client = createAuthClient({ fetch: server.fetch, navigate });
    await client.signIn("credentials", { username: "ada", password: "x", redirect: false });
    expect(signals[0]!.aborted).toBe(true);
    expect(await pending).toBeNull();
    expect(server.requests.filter((request) => request.path.startsWith("/auth/callback/passkey"))).toEqual([]);
    expect(surfaced).toEqual([]);
  });

  it("is cancelled by cancelPasskeyCeremony() and by an explicit ceremony; an explicit one is cancelled likewise (Cancelled)", async () => {
    const { signals } = ignoredRequests();
    const first = startConditionalSignIn(options);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    cancelPasskeyCeremony();
    expect(await first).toBeNull();

    const second = startConditionalSignIn(options);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    const explicit = signInWithPasskey(options);
    await vi.waitFor(() => expect(signals).toHaveLength(3));
    expect(signals[1]!.aborted).toBe(true);
    expect(await second).toBeNull();
    cancelPasskeyCeremony();
    expect(await explicit).toMatchObject({ ok: false, error: "Cancelled" });
  });

  it("does not start while an explicit ceremony is pending (it would abort it)", async () => {
    const { signals } = ignoredRequests();
    const explicit = signInWithPasskey(options);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(await startConditionalSignIn(options)).toBeNull();
    expect(signals[0]!.aborted).toBe(false);
    expect(signals).toHaveLength(1);
    cancelPasskeyCeremony();
    expect(await explicit).toMatchObject({ ok: false, error: "Cancelled" });
  });

  it("a picked passkey that the server refuses is reported (the visitor acted)", async () => {
    vi.spyOn(navigator.credentials, "get").mockResolvedValue(assertion());
    server.answers.callback = { url: `${location.origin}/auth/signin?error=WebAuthnVerificationError` };
    expect(await startConditionalSignIn(options)).toEqual({ ok: false, error: "WebAuthnVerificationError" });
  });
});

/** A `PublicKeyCredential`-shaped attestation, as `navigator.credentials.create()` resolves. */
function attestation(): Credential {
  const buffer = (text: string) => new TextEncoder().encode(text).buffer;
  return {
    id: "bmV3LWNyZWQ",
    rawId: buffer("new-cred"),
    type: "public-key",
    authenticatorAttachment: "platform",
    getClientExtensionResults: () => ({}),
    response: { attestationObject: buffer("att"), clientDataJSON: buffer("{}"), getTransports: () => ["internal"] },
  } as unknown as Credential;
}

/**
 * Puts `method` (or nothing, with `undefined`) in place of the browser's own
 * `PublicKeyCredential.signalUnknownCredential` for this test.
 */
function stubSignal(method: ((options: { rpId: string; credentialId: string }) => Promise<void>) | undefined) {
  const original = Object.getOwnPropertyDescriptor(PublicKeyCredential, "signalUnknownCredential");
  Object.defineProperty(PublicKeyCredential, "signalUnknownCredential", { value: method, configurable: true, writable: true });
  onTestFinished(() => {
    if (original) Object.defineProperty(PublicKeyCredential, "signalUnknownCredential", original);
    else delete (PublicKeyCredential as unknown as Record<string, unknown>).signalUnknownCredential;
  });
}

describe("orphan passkeys are signalled to the browser (Signal API)", () => {
  it("a sign-up the server refuses (AccountNotLinked): the new credential is signalled unknown for the RP ID", async () => {
    const signal = vi.fn((_options: { rpId: string; credentialId: string }) => Promise.resolve());
    stubSignal(signal);
    vi.spyOn(navigator.credentials, "create").mockResolvedValue(attestation());
    server.answers.callback = { url: `${location.origin}/auth/signin?error=AccountNotLinked` };
    expect(await registerPasskey({ ...options, email: "ada@example.com" })).toEqual({ ok: false, error: "AccountNotLinked" });
    expect(signal).toHaveBeenCalledTimes(1);
    expect(signal).toHaveBeenCalledWith({ rpId: location.hostname, credentialId: "bmV3LWNyZWQ" });
  });

  it("an accepted registration, and a refused sign-in, signal nothing", async () => {
    const signal = vi.fn((_options: { rpId: string; credentialId: string }) => Promise.resolve());
    stubSignal(signal);
    vi.spyOn(navigator.credentials, "create").mockResolvedValue(attestation());
    expect(await registerPasskey({ ...options, email: "ada@example.com" })).toMatchObject({ ok: true });
    vi.spyOn(navigator.credentials, "get").mockResolvedValue(assertion());
    server.answers.callback = { url: `${location.origin}/auth/signin?error=WebAuthnVerificationError` };
    expect(await signInWithPasskey(options)).toMatchObject({ ok: false });
    expect(signal).not.toHaveBeenCalled();
  });

  it("a browser without the method, or whose signal rejects: the same result, nothing surfaced", async () => {
    vi.spyOn(navigator.credentials, "create").mockResolvedValue(attestation());
    server.answers.callback = { url: `${location.origin}/auth/signin?error=AccountNotLinked` };
    stubSignal(undefined);
    expect(await registerPasskey({ ...options, email: "ada@example.com" })).toEqual({ ok: false, error: "AccountNotLinked" });
    stubSignal(() => Promise.reject(new DOMException("wrong RP ID", "SecurityError")));
    expect(await registerPasskey({ ...options, email: "ada@example.com" })).toEqual({ ok: false, error: "AccountNotLinked" });
    await browserIdle();
    expect(surfaced).toEqual([]);
  });

  it("removePasskey(): once the server removed it, its id (base64url) is signalled unknown; a refusal signals nothing", async () => {
    const signal = vi.fn((_options: { rpId: string; credentialId: string }) => Promise.resolve());
    stubSignal(signal);
    let status = 200;
    const account: typeof fetch = async (input, init) => {
      if (new URL(String(input)).pathname === "/auth/account/passkeys/remove") {
        return Response.json(status === 200 ? { ok: true } : { error: "LastSignInMethod" }, { status });
      }
      return server.fetch(input, init);
    };
    status = 409;
    expect(await removePasskey("a+b/cw==", { fetch: account })).toEqual({ ok: false, error: "LastSignInMethod" });
    expect(signal).not.toHaveBeenCalled();
    status = 200;
    expect(await removePasskey("a+b/cw==", { fetch: account })).toEqual({ ok: true });
    expect(signal).toHaveBeenCalledWith({ rpId: location.hostname, credentialId: "a-b_cw" });
  });
});
