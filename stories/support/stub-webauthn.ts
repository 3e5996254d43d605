/**
 * Stands in for the browser's passkey dialog in stories and element tests, so they need no
 * authenticator and no human: `navigator.credentials.get()` / `.create()` answer as a visitor would —
 * with a passkey, by cancelling, or not at all (an autofill request the visitor ignores) — and
 * `PublicKeyCredential` can be taken away (a browser without passkeys).
 *
 * A passkey answer is a real WebAuthn response in the browser's shape (`ArrayBuffer`s, `getTransports()`,
 * …), made by the software authenticator of server/testing/soft-authenticator.ts from the options
 * the element received, so @simplewebauthn/browser reads it exactly as it reads a real one. (The
 * server side of the stories is stubbed too, stories/support/stub-fetch.ts: nothing verifies it.)
 *
 * Tests: `const restore = stubWebAuthn({ get: "cancel" }).install()`. Stories: add
 * {@link webauthnStub} to `beforeEach` and describe the browser in `parameters.webauthn`.
 */
import { fromBase64url, SoftAuthenticator, toBase64url } from "../../server/testing/soft-authenticator.js";

/** How the visitor answers a passkey dialog. */
export type DialogAnswer =
  /** Picks (or creates) a passkey. */
  | "passkey"
  /** Closes the dialog (the browser's `NotAllowedError`, also what a timeout gives). */
  | "cancel"
  /** Registration only: this authenticator already holds a passkey for the account (`InvalidStateError`). */
  | "exists"
  /** Does nothing: the request stays pending until it is aborted (then `AbortError`, as browsers do). */
  | "wait";

export interface WebAuthnStubOptions {
  /** The browser has WebAuthn (`PublicKeyCredential`). Default `true`. */
  supported?: boolean;
  /** The browser offers passkeys in autofill (`isConditionalMediationAvailable()`). Default `true`. */
  autofill?: boolean;
  /** The answer to a sign-in dialog (`get()` without `mediation: "conditional"`). Default `"passkey"`. */
  get?: DialogAnswer;
  /** The answer to an autofill request (`get()` with `mediation: "conditional"`). Default `"wait"`. */
  conditional?: DialogAnswer;
  /** The answer to a registration dialog (`create()`). Default `"passkey"`. */
  create?: DialogAnswer;
}

/** One call of `navigator.credentials` the elements made. */
export interface WebAuthnCall {
  method: "get" | "create";
  /** `"conditional"` for an autofill request. */
  mediation?: string;
  /** Whether the call's signal was aborted (a cancelled ceremony). */
  readonly aborted: boolean;
}

export interface WebAuthnStub {
  /** Calls so far, in order. */
  readonly calls: readonly WebAuthnCall[];
  /** Installs the stub; returns the function that restores the browser's own objects. */
  install(): () => void;
  /** The visitor picks a passkey in a pending autofill request (`conditional: "wait"`). */
  pickAutofill(): Promise<void>;
  /** Resolves once a call of this kind (`"conditional"` for an autofill request) has been made. */
  called(kind: "get" | "create" | "conditional"): Promise<void>;
}

type Waiter = { kind: "get" | "create" | "conditional"; resolve: () => void };

const abortError = () => new DOMException("The operation was aborted.", "AbortError");
const notAllowed = () => new DOMException("The operation either timed out or was not allowed.", "NotAllowedError");
const invalidState = () => new DOMException("The authenticator was previously registered.", "InvalidStateError");

/** An `ArrayBuffer` from base64url text. */
function buffer(text: string): ArrayBuffer {
  const bytes = fromBase64url(text);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** base64url of an `ArrayBuffer` or view from the options the element passed. */
function text(source: BufferSource): string {
  return toBase64url(source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength));
}

/**
 * A `PublicKeyCredential`-shaped answer around the soft authenticator's JSON, as a platform
 * authenticator gives it; `response` is the ceremony's own member (assertion or attestation).
 */
function credential(json: { id: string; rawId: string }, response: Record<string, unknown>): Credential {
  return {
    id: json.id,
    rawId: buffer(json.rawId),
    type: "public-key",
    authenticatorAttachment: "platform",
    response,
    getClientExtensionResults: () => ({}),
  } as unknown as Credential;
}

/** Creates a stub; nothing changes until {@link WebAuthnStub.install}. */
export function stubWebAuthn(options: WebAuthnStubOptions = {}): WebAuthnStub {
  const calls: WebAuthnCall[] = [];
  const waiters: Waiter[] = [];
  const authenticator = new SoftAuthenticator({ origin: location.origin });
  let pickPending: (() => void) | undefined;

  const notify = (kind: Waiter["kind"]) => {
    for (const waiter of waiters.filter((entry) => entry.kind === kind)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  /** The authenticator holds one passkey for this page's host, as a returning visitor's would. */
  let enrolled: Promise<unknown> | undefined;
  const enrol = () =>
    (enrolled ??= authenticator.register({
      challenge: "AAAA",
      rp: { id: location.hostname },
      user: { id: toBase64url(new TextEncoder().encode("stub-user")) },
    }));

  /** Records a call of the elements; its `aborted` follows `signal` from then on. */
  const record = (method: WebAuthnCall["method"], signal: AbortSignal | null | undefined, mediation?: string): WebAuthnCall => {
    const call: WebAuthnCall = {
      method,
      mediation,
      get aborted() {
        return Boolean(signal?.aborted);
      },
    };
    calls.push(call);
    return call;
  };

  /** Answers one call per `answer`; `make` builds the passkey response. */
  const respond = (call: WebAuthnCall, signal: AbortSignal | null | undefined, answer: DialogAnswer, make: () => Promise<Credential>) =>
    new Promise<Credential | null>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      signal?.addEventListener("abort", () => reject(abortError()), { once: true });
      if (answer === "cancel") return reject(notAllowed());
      if (answer === "exists") return reject(invalidState());
      if (answer === "passkey") return void make().then(resolve, reject);
      // "wait": pending until aborted, or until the visitor picks a passkey in autofill.
      if (call.mediation === "conditional") pickPending = () => void make().then(resolve, reject);
    });

  const get = async (request?: CredentialRequestOptions): Promise<Credential | null> => {
    const signal = request?.signal;
    const call = record("get", signal, request?.mediation);
    const conditional = request?.mediation === "conditional";
    const answer = conditional ? (options.conditional ?? "wait") : (options.get ?? "passkey");
    const pending = respond(call, signal, answer, async () => {
      await enrol();
      const publicKey = request!.publicKey!;
      const json = await authenticator.authenticate({ challenge: text(publicKey.challenge), rpId: publicKey.rpId ?? location.hostname });
      return credential(json, {
        clientDataJSON: buffer(json.response.clientDataJSON),
        authenticatorData: buffer(json.response.authenticatorData),
        signature: buffer(json.response.signature),
        userHandle: json.response.userHandle ? buffer(json.response.userHandle) : null,
      });
    });
    notify(conditional ? "conditional" : "get");
    return pending;
  };

  const create = async (request?: CredentialCreationOptions): Promise<Credential | null> => {
    const signal = request?.signal;
    const call = record("create", signal);
    const pending = respond(call, signal, options.create ?? "passkey", async () => {
      const publicKey = request!.publicKey!;
      const json = await authenticator.register({
        challenge: text(publicKey.challenge),
        rp: { id: publicKey.rp.id ?? location.hostname, name: publicKey.rp.name },
        user: { id: text(publicKey.user.id), name: publicKey.user.name, displayName: publicKey.user.displayName },
      });
      return credential(json, {
        clientDataJSON: buffer(json.response.clientDataJSON),
        attestationObject: buffer(json.response.attestationObject),
        getTransports: () => json.response.transports,
        getPublicKeyAlgorithm: () => json.response.publicKeyAlgorithm,
        getAuthenticatorData: () => buffer(json.response.authenticatorData),
        getPublicKey: () => null,
      });
    });
    notify("create");
    return pending;
  };

  return {
    get calls() {
      return calls;
    },
    install() {
      const container = navigator.credentials;
      const ownGet = Object.getOwnPropertyDescriptor(container, "get");
      const ownCreate = Object.getOwnPropertyDescriptor(container, "create");
      Object.defineProperty(container, "get", { value: get, configurable: true, writable: true });
      Object.defineProperty(container, "create", { value: create, configurable: true, writable: true });
      const global = globalThis as { PublicKeyCredential?: typeof PublicKeyCredential };
      const original = Object.getOwnPropertyDescriptor(globalThis, "PublicKeyCredential");
      const constructor = global.PublicKeyCredential;
      const ownCheck = constructor ? Object.getOwnPropertyDescriptor(constructor, "isConditionalMediationAvailable") : undefined;
      if (options.supported === false) {
        Object.defineProperty(globalThis, "PublicKeyCredential", { value: undefined, configurable: true, writable: true });
      } else if (constructor) {
        Object.defineProperty(constructor, "isConditionalMediationAvailable", {
          value: async () => options.autofill !== false,
          configurable: true,
          writable: true,
        });
      }
      return () => {
        const restore = (target: object, name: string, descriptor: PropertyDescriptor | undefined) => {
          if (descriptor) Object.defineProperty(target, name, descriptor);
          else delete (target as Record<string, unknown>)[name];
        };
        restore(container, "get", ownGet);
        restore(container, "create", ownCreate);
        if (original) Object.defineProperty(globalThis, "PublicKeyCredential", original);
        if (constructor) restore(constructor, "isConditionalMediationAvailable", ownCheck);
      };
    },
    async pickAutofill() {
      if (!pickPending) throw new Error("no autofill request is waiting");
      const pick = pickPending;
      pickPending = undefined;
      pick();
    },
    called(kind) {
      const made = calls.some((call) => (kind === "conditional" ? call.mediation === "conditional" : call.method === kind && call.mediation !== "conditional"));
      if (made) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ kind, resolve }));
    },
  };
}

let active: WebAuthnStub | undefined;

/** Storybook `beforeEach`: installs a stub described by the story's `parameters.webauthn`; returns its cleanup. */
export function webauthnStub(context: { parameters: { webauthn?: WebAuthnStubOptions } }): () => void {
  const stub = stubWebAuthn(context.parameters.webauthn ?? {});
  const restore = stub.install();
  active = stub;
  return () => {
    restore();
    if (active === stub) active = undefined;
  };
}

/** The WebAuthn stub of the story being rendered (set by {@link webauthnStub}). */
export function activeWebAuthn(): WebAuthnStub {
  if (!active) throw new Error("No WebAuthn stub is installed: add `webauthnStub` to the story's `beforeEach`.");
  return active;
}
