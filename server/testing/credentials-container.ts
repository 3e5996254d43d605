/**
 * A `navigator.credentials` stand-in backed by the {@link SoftAuthenticator}, for tests of the
 * browser passkey client (ui/client/passkey.ts) against a real Foyer server.
 *
 * `create()` and `get()` receive what a browser receives from SimpleWebAuthn's `startRegistration()` /
 * `startAuthentication()` (binary fields as buffers, an `AbortSignal`, `mediation`), let the soft
 * authenticator answer, and resolve with objects shaped like a `PublicKeyCredential`, so the client's
 * whole path — options, library conversions, POST, session — runs for real. Uses no Node API: it
 * works in Node and in the browser test project alike. Test-only; not built.
 */
import {
  fromBase64url,
  type SoftAuthenticator,
  toBase64url,
  type SoftAuthenticationResponse,
  type SoftCreationOptions,
  type SoftRegistrationResponse,
  type SoftRequestOptions,
} from "./soft-authenticator.js";

/** One call the page made, with the options as the authenticator saw them. */
export interface CredentialCall {
  kind: "create" | "get";
  mediation?: string;
  signal?: AbortSignal;
  options: Record<string, unknown>;
}

export interface SoftCredentialsOptions {
  /**
   * `"answer"` (default): the authenticator answers at once. `"ignore"`: the request stays pending
   * until its signal aborts — a visitor who never picks the autofill suggestion, or never touches
   * the authenticator.
   */
  behaviour?: "answer" | "ignore";
}

export interface SoftCredentials {
  /** Assign to `navigator.credentials` (or spy its methods onto the real one). */
  container: Pick<CredentialsContainer, "create" | "get">;
  calls: CredentialCall[];
  /** Switches between answering and ignoring for the next calls. */
  behaviour: "answer" | "ignore";
}

const bytes = (value: unknown): Uint8Array =>
  value instanceof ArrayBuffer
    ? new Uint8Array(value)
    : ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
      : new Uint8Array();
const b64 = (value: unknown) => toBase64url(bytes(value));
const buffer = (text: string): ArrayBuffer => fromBase64url(text).slice().buffer as ArrayBuffer;
const descriptors = (list: unknown) => (Array.isArray(list) ? list.map((item: { id: unknown }) => ({ ...item, id: b64(item.id) })) : undefined);

/** The soft authenticator's "Name: message" errors as the DOMExceptions a browser rejects with. */
function asDomException(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const name = /^([A-Za-z]+Error): /.exec(message)?.[1];
  return name ? new DOMException(message, name) : error;
}

/** Rejects with the abort reason once `signal` aborts (as browsers do); never resolves otherwise. */
function pendingUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(signal?.reason ?? new DOMException("The operation was aborted.", "AbortError"));
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
  });
}

/**
 * The steps `create()` and `get()` share around the authenticator: record the call, stay pending
 * while ignoring, honour an aborted signal, turn its errors into DOMExceptions, and wrap its answer
 * as a `PublicKeyCredential`; `response` builds the kind-specific `response` member.
 */
async function answerCall<A extends SoftRegistrationResponse | SoftAuthenticationResponse>(
  state: SoftCredentials,
  call: CredentialCall,
  signal: AbortSignal | undefined,
  answerWith: () => Promise<A>,
  response: (answer: A["response"]) => Record<string, unknown>,
): Promise<Credential> {
  state.calls.push(call);
  if (state.behaviour === "ignore") return pendingUntilAborted(signal);
  signal?.throwIfAborted();
  let answer: A;
  try {
    answer = await answerWith();
  } catch (error) {
    throw asDomException(error);
  }
  return {
    id: answer.id,
    rawId: buffer(answer.rawId),
    type: answer.type,
    authenticatorAttachment: answer.authenticatorAttachment,
    getClientExtensionResults: () => ({}),
    response: response(answer.response),
  } as unknown as Credential;
}

/** A credentials container answered by `authenticator`. */
export function softCredentials(authenticator: SoftAuthenticator, options: SoftCredentialsOptions = {}): SoftCredentials {
  const state: SoftCredentials = {
    calls: [],
    behaviour: options.behaviour ?? "answer",
    container: {
      async create(request?: CredentialCreationOptions) {
        const publicKey = request?.publicKey as unknown as Record<string, any>;
        const json: SoftCreationOptions = {
          ...publicKey,
          challenge: b64(publicKey.challenge),
          rp: publicKey.rp,
          user: { ...publicKey.user, id: b64(publicKey.user.id) },
          excludeCredentials: descriptors(publicKey.excludeCredentials),
        };
        const call: CredentialCall = { kind: "create", signal: request?.signal, options: json as unknown as Record<string, unknown> };
        return answerCall(
          state,
          call,
          request?.signal,
          () => authenticator.register(json),
          (response) => ({
            attestationObject: buffer(response.attestationObject),
            clientDataJSON: buffer(response.clientDataJSON),
            getTransports: () => response.transports,
            getPublicKeyAlgorithm: () => response.publicKeyAlgorithm,
            getAuthenticatorData: () => buffer(response.authenticatorData),
          }),
        );
      },
      async get(request?: CredentialRequestOptions) {
        const publicKey = request?.publicKey as unknown as Record<string, any>;
        const json: SoftRequestOptions = { ...publicKey, challenge: b64(publicKey.challenge), allowCredentials: descriptors(publicKey.allowCredentials) };
        const call: CredentialCall = {
          kind: "get",
          mediation: request?.mediation,
          signal: request?.signal,
          options: json as unknown as Record<string, unknown>,
        };
        return answerCall(
          state,
          call,
          request?.signal,
          () => authenticator.authenticate(json),
          (response) => ({
            authenticatorData: buffer(response.authenticatorData),
            clientDataJSON: buffer(response.clientDataJSON),
            signature: buffer(response.signature),
            userHandle: response.userHandle ? buffer(response.userHandle) : null,
          }),
        );
      },
    },
  };
  return state;
}
