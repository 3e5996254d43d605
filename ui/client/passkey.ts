/**
 * `foyer-auth/client/passkey`: passkey (WebAuthn) sign-in, sign-up and management from the browser,
 * with no framework, on @simplewebauthn/browser.
 *
 * A ceremony is `GET {basePath}/webauthn-options/<id>?action=…`, the browser's passkey dialog, then a
 * form POST of `action`, `data` (the credential response as JSON), `csrfToken` and `callbackUrl` to
 * `{basePath}/callback/<id>` with `X-Auth-Return-Redirect: 1` — what Foyer's own sign-in page does.
 *
 * ```ts
 * import { passkeysSupported, signInWithPasskey, startConditionalSignIn } from "foyer-auth/client/passkey";
 *
 * if (passkeysSupported()) {
 *   void startConditionalSignIn();            // passkeys in the e-mail field's autofill, silently
 *   button.onclick = async () => {
 *     const result = await signInWithPasskey(); // navigates on success
 *     if (!result.ok) showError(result.error);  // "Cancelled", "WebAuthnVerificationError", …
 *   };
 * }
 * ```
 *
 * Rules kept here (docs/elements.md#passkeys): one abort path for every ceremony on the page (a new ceremony, and any
 * `signIn()` of `foyer-auth/client`, cancels the pending one); autofill only where it can stay in the
 * background; autofill never surfaces an error; every failure resolves to a result. Importing the
 * module touches no browser global.
 *
 * @module
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { SESSION_CHANNEL } from "./broadcast.js";
import { cancelPasskeyCeremonies, registerPasskeyCanceller } from "./ceremony.js";
import { fetchCsrfToken } from "./csrf.js";
import { readUrlError } from "./errors.js";
import { failure, isRecord, postForUrl, requestJson } from "./http.js";
import type { Signals } from "./passkey-signal.js";
import { browserLocation, createContext, isNavigable } from "./options.js";
import type { PasskeyCeremonyOptions, PasskeyErrorCode, PasskeyResult } from "./passkey-types.js";

export { listPasskeys, removePasskey, renamePasskey } from "./passkey-account.js";
export { signalAcceptedPasskeys } from "./passkey-signal.js";
export type { PasskeyCeremonyOptions, PasskeyClientOptions, PasskeyErrorCode, PasskeyInfo, PasskeyResult, PasskeySignal } from "./passkey-types.js";

/** How long the autofill availability check may take: some password-manager extensions make it hang forever. */
const AUTOFILL_CHECK_MS = 100;
/**
 * How long the autofill ceremony itself waits for that answer. A busy machine can take most of a
 * second to say yes (seen in the browser tests); nothing waits on the ceremony, so a late yes still
 * gets autofill while a check that never answers still holds nothing.
 */
const AUTOFILL_CEREMONY_CHECK_MS = 3000;

// ---------------------------------------------------------------------------------------------
// One ceremony at a time
// ---------------------------------------------------------------------------------------------

/** Bumped by every start and every cancel: a ceremony whose number is no longer current was superseded. */
let generation = 0;
/** Whether the current ceremony is an explicit one (a silent autofill request must not abort it). */
let explicitPending = false;

/** This module's canceller: forgets the current ceremony and aborts its browser request. */
function abortCurrent(): void {
  generation += 1;
  explicitPending = false;
  // SimpleWebAuthn keeps one AbortController for every request it starts: that is the page's
  // single controller, shared by every element.
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Starts a ceremony: cancels any pending one (here or in another copy of the client) and returns
 * this ceremony's number; `undefined` when an autofill request would abort an explicit ceremony.
 */
function begin(explicit: boolean): number | undefined {
  if (!explicit && explicitPending) return undefined;
  registerPasskeyCanceller(abortCurrent);
  cancelPasskeyCeremonies();
  explicitPending = explicit;
  return generation;
}

// ---------------------------------------------------------------------------------------------
// Capabilities
// ---------------------------------------------------------------------------------------------

/**
 * Whether this browser can use passkeys at all (it has WebAuthn). Hide passkey buttons when it is
 * `false`, rather than showing ones that cannot work. Synchronous; `false` outside a browser.
 */
export const passkeysSupported: () => boolean = browserSupportsWebAuthn;

/**
 * Whether passkeys can be offered in the autofill of an `autocomplete="username webauthn"` field
 * (WebAuthn conditional mediation) on this page. `false` when the browser says no, when its answer
 * takes longer than about 100 ms (some password-manager extensions never answer), or when the page
 * is neither `https:` nor `localhost` — elsewhere the request might not stay in the background and a
 * prompt could pop up as the page loads. Never rejects.
 */
export function conditionalMediationAvailable(): Promise<boolean> {
  return autofillAvailable(AUTOFILL_CHECK_MS);
}

/** {@link conditionalMediationAvailable} with its own time limit. */
async function autofillAvailable(limitMs: number): Promise<boolean> {
  const location = browserLocation();
  // (Without WebAuthn, browserSupportsWebAuthnAutofill() answers false.)
  if (!(location?.protocol === "https:" || /(?:^|\.)localhost$/.test(location?.hostname ?? ""))) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, limitMs, false)));
    return (await Promise.race([browserSupportsWebAuthnAutofill(), timeout])) === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The ceremony
// ---------------------------------------------------------------------------------------------

type Action = "authenticate" | "register";
type Failure = { ok: false; error: PasskeyErrorCode; message?: string };

const fail = (error: PasskeyErrorCode): Failure => ({ ok: false, error });

/** Result codes of the browser's WebAuthn errors; any other (SecurityError: an RP ID that does not fit this origin, …) is `Configuration`. */
const BROWSER_ERRORS: Record<string, PasskeyErrorCode> = {
  AbortError: "Cancelled",
  NotAllowedError: "Cancelled",
  InvalidStateError: "PasskeyExists",
  NotSupportedError: "Unsupported",
};

/** The result of a failed browser call (explicit ceremonies report it; autofill stays silent), with the browser's text for logs. */
function ceremonyFailure(error: unknown): Failure {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  return { ok: false, error: (name && Object.hasOwn(BROWSER_ERRORS, name) && BROWSER_ERRORS[name]) || "Configuration", message };
}

/** Tells other tabs, and the other clients of this page, to refresh their session (ui/client/broadcast.ts). */
function announceSignIn(): void {
  try {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage({ reason: "signin" });
    channel.close();
  } catch {
    // No BroadcastChannel: the other tabs find out on their next session check.
  }
}

/**
 * One ceremony, explicit or (with `conditional`) the silent autofill one, which resolves with `null`
 * wherever an explicit ceremony would report a failure before the visitor picked a passkey.
 */
async function ceremony(options: PasskeyCeremonyOptions, action: Action, conditional: boolean, email?: string): Promise<PasskeyResult | null> {
  const stop = (error: PasskeyErrorCode) => (conditional ? null : fail(error));
  if (!browserSupportsWebAuthn()) return stop("Unsupported");
  const id = begin(!conditional);
  if (id === undefined) return null;
  const current = () => id === generation;
  // The requests of foyer-auth/client (ui/client/http.ts): same URLs, fetch, navigation and failure codes.
  const ctx = createContext(options);
  try {
    if (conditional && !(await autofillAvailable(AUTOFILL_CEREMONY_CHECK_MS))) return null;
    // The token first, then the options: a browser without the CSRF cookie gets one from each
    // answer, and the token posted must be the one of the cookie it keeps.
    const token = await fetchCsrfToken(ctx);
    if (!token.ok) return stop(token.error);
    const provider = encodeURIComponent(options.providerId || "passkey");
    const reply = await requestJson(ctx, `/webauthn-options/${provider}?${new URLSearchParams(email ? { action, email } : { action })}`);
    if (!reply.ok) return stop(reply.error);
    const { status, body } = reply;
    if (status !== 200 || !isRecord(body) || body.action !== action || !isRecord(body.options)) {
      return stop(status === 400 ? "InvalidRequest" : failure(status).error);
    }
    const rpId = body.options.rpId;
    const host = browserLocation()?.hostname ?? "";
    // Autofill only for credentials this page may use (an RP ID of its host or a parent domain).
    if (conditional && typeof rpId === "string" && host !== rpId && !host.endsWith(`.${rpId}`)) return null;
    if (!current()) return stop("Cancelled");

    let response: unknown;
    try {
      response =
        action === "register"
          ? await startRegistration({ optionsJSON: body.options as unknown as PublicKeyCredentialCreationOptionsJSON })
          : await startAuthentication({
              optionsJSON: body.options as unknown as PublicKeyCredentialRequestOptionsJSON,
              useBrowserAutofill: conditional,
              // The input may sit where the library's document query cannot see it (a shadow root).
              verifyBrowserAutofillInput: false,
            });
    } catch (error) {
      // Autofill: AbortError, NotAllowedError, NotSupportedError, anything — never the visitor's concern.
      return conditional ? null : ceremonyFailure(error);
    }
    if (!current()) return stop("Cancelled");

    // The visitor picked a passkey: from here on, failures are theirs to see, autofill or not.
    const fields: Record<string, string> = { action, data: JSON.stringify(response) };
    if (token.token !== null) fields.csrfToken = token.token;
    const callbackUrl = options.callbackUrl ?? ctx.currentHref();
    if (callbackUrl !== undefined) fields.callbackUrl = callbackUrl;
    const answer = await postForUrl(ctx, `/callback/${provider}`, fields);
    if (!answer.ok) return fail(answer.error);
    const { url } = answer;
    const { error } = readUrlError(url);
    if (error) {
      // A refused registration (a sign-up for an address that has an account, …) stored nothing, but
      // the authenticator keeps the passkey it just made: ask the browser to forget it, where it can
      // (./passkey-signal.ts says more; inlined here, as every byte of the page script counts).
      if (action === "register")
        (PublicKeyCredential as unknown as Signals)
          .signalUnknownCredential?.({ rpId: (body.options.rp as { id: string }).id, credentialId: (response as { id: string }).id })
          .catch(Boolean);
      return fail(error);
    }
    announceSignIn();
    if (options.redirect !== false) {
      if (!isNavigable(url)) return fail("Configuration");
      ctx.navigate(url);
    }
    return { ok: true, url };
  } finally {
    if (current()) explicitPending = false;
  }
}

// ---------------------------------------------------------------------------------------------
// The public functions
// ---------------------------------------------------------------------------------------------

/**
 * Signs in with a passkey: the browser offers the passkeys it has for this site (discoverable
 * credentials; no e-mail needed, none asked). Cancels a pending ceremony first, the autofill one
 * included.
 *
 * @param options `basePath`, `providerId` (default `"passkey"`), `callbackUrl` (default: this page),
 *   `redirect` (default `true`), and `baseUrl`, `fetch`, `navigate` as for `createAuthClient()`.
 * @returns `{ ok: true, url }` after the server signed the visitor in (and, unless `redirect: false`,
 *   after navigating there); otherwise `{ ok: false, error }`, e.g. `Cancelled`, `Unsupported`,
 *   `WebAuthnVerificationError`, `NetworkError`. Never rejects.
 */
export function signInWithPasskey(options: PasskeyCeremonyOptions = {}): Promise<PasskeyResult> {
  return ceremony(options, "authenticate", false) as Promise<PasskeyResult>;
}

/**
 * Offers passkeys in the browser's autofill of the page's `autocomplete="username webauthn"` input
 * (conditional UI) and signs in when the visitor picks one. Silent by design: it resolves with
 * `null`, and never shows or reports an error, when the browser or page cannot do it (see
 * {@link conditionalMediationAvailable}), when the request is cancelled (another ceremony, a
 * `signIn()` call, {@link cancelPasskeyCeremony}), or when the options cannot be fetched. It does not
 * start while an explicit ceremony is pending.
 *
 * Call it once the input is in the document; the request stays pending until the visitor picks a
 * passkey or it is cancelled.
 *
 * @param options As for {@link signInWithPasskey}.
 * @returns `null`, or the result of the sign-in after the visitor picked a passkey (which may be a
 *   failure worth showing, e.g. `WebAuthnVerificationError`).
 */
export function startConditionalSignIn(options: PasskeyCeremonyOptions = {}): Promise<PasskeyResult | null> {
  return ceremony(options, "authenticate", true);
}

/**
 * Creates a passkey. Signed in: adds it to the signed-in user (the server excludes the user's other
 * passkeys, so one authenticator is not registered twice). Signed out, with `email`: creates an
 * account with that (unverified) e-mail address and signs in; an address that already has an account
 * fails with `AccountNotLinked`. Cancels a pending ceremony first.
 *
 * @param options As for {@link signInWithPasskey}, plus `email` for a sign-up.
 * @returns `{ ok: true, url }` or `{ ok: false, error }` (`Cancelled`, `PasskeyExists`,
 *   `InvalidRequest` for a missing or invalid e-mail when signed out, `AccountNotLinked`, …). Never rejects.
 */
export function registerPasskey(options: PasskeyCeremonyOptions & { email?: string } = {}): Promise<PasskeyResult> {
  return ceremony(options, "register", false, options.email) as Promise<PasskeyResult>;
}

/**
 * Cancels the pending passkey ceremony, if any: its browser request is aborted and its promise
 * resolves with `Cancelled` (explicit) or `null` (autofill). `signIn()` of `foyer-auth/client` does
 * this by itself; call it before any other way in that does not go through it.
 */
export const cancelPasskeyCeremony: () => void = cancelPasskeyCeremonies;
