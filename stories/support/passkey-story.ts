/**
 * What the passkey elements' stories share: a `beforeEach` that installs both stubs — the recorded
 * passkey server (stub-fetch.ts, `parameters.auth`) and the passkey dialog (stub-webauthn.ts,
 * `parameters.webauthn`) — and ends any ceremony a story left pending (the passkey client keeps one
 * per page, and stories share the page).
 */
import { cancelPasskeyCeremony } from "../../ui/client/passkey.js";
import { authStub, type StubOptions } from "./stub-fetch.js";
import { webauthnStub, type WebAuthnStubOptions } from "./stub-webauthn.js";

export interface PasskeyStoryParameters {
  auth?: StubOptions;
  webauthn?: WebAuthnStubOptions;
}

/** Storybook `beforeEach` for passkey stories; returns the cleanup. */
export function passkeyStubs(context: { parameters: PasskeyStoryParameters }): () => void {
  const server = authStub({ parameters: { auth: { passkey: true, ...context.parameters.auth } } });
  const browser = webauthnStub(context);
  return () => {
    cancelPasskeyCeremony();
    browser();
    server();
  };
}

/** Lets the browser render (a request over the network spans frames; busy states are seen). */
export const nextFrames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
