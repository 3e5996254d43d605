/**
 * A virtual WebAuthn authenticator for the browser tests: the testing kit's (server/testing-kit/playwright/
 * virtual-authenticator.ts, public in `foyer-auth/testing/playwright`), over the Chrome DevTools Protocol.
 *
 * Pages must be opened on `http://localhost` (never an IP address): browsers refuse IP addresses as a
 * relying-party id, and `localhost` counts as a secure context over plain http.
 *
 * {@link recordWebAuthnCalls} watches the page's own `navigator.credentials` calls (without changing
 * them): which ceremonies the page started, with which mediation, and whether the page aborted them.
 */
import type { Page } from "@playwright/test";
import {
  virtualAuthenticator,
  type VirtualAuthenticator,
  type VirtualAuthenticatorOptions,
} from "../../server/testing-kit/playwright/virtual-authenticator.js";

export type { VirtualAuthenticator, VirtualAuthenticatorOptions, VirtualCredential } from "../../server/testing-kit/playwright/virtual-authenticator.js";

/** Adds a virtual authenticator (by default a platform one) to `page`: the testing kit's `virtualAuthenticator`. */
export function addVirtualAuthenticator(page: Page, options: VirtualAuthenticatorOptions = {}): Promise<VirtualAuthenticator> {
  return virtualAuthenticator(page, options);
}

/** One `navigator.credentials.get()` / `.create()` call of the page, as {@link recordWebAuthnCalls} saw it. */
export interface WebAuthnCall {
  kind: "get" | "create";
  /** `"conditional"` for an autofill request; `null` for an explicit (modal) ceremony. */
  mediation: string | null;
  /** The page aborted it (through the request's `AbortSignal`) while it was pending, recorded the moment it did. */
  aborted: boolean;
  /** `pending` until the browser answers (a page that navigates away leaves it `pending`). */
  outcome: "pending" | "resolved" | "rejected";
  /** The name of the error it was rejected with (`AbortError`, `NotAllowedError`, …). */
  error?: string;
  /** The path and query of the document that made the call. */
  page: string;
  /** An id of that document (a reload of the same URL gets a new one). */
  document: string;
}

const CALLS_KEY = "__foyerE2eWebAuthnCalls";

/**
 * Records every `navigator.credentials.get()` / `.create()` call the pages of `page` make from now
 * on, in the tab's `sessionStorage` (so the log survives the navigations of a sign-in on the same
 * origin). The calls still go to the browser (and the virtual authenticators) unchanged. Call before
 * the first `goto`.
 */
export async function recordWebAuthnCalls(page: Page): Promise<void> {
  await page.addInitScript((key: string) => {
    const container = globalThis.CredentialsContainer?.prototype;
    if (!container) return;
    type Call = { kind: "get" | "create"; mediation: string | null; aborted: boolean; outcome: string; error?: string; page: string; document: string };
    // This document, told apart from a reload of the same URL.
    const documentId = Math.random().toString(36).slice(2);
    (globalThis as { __foyerE2eDocument?: string }).__foyerE2eDocument = documentId;
    const read = (): Call[] => JSON.parse(sessionStorage.getItem(key) ?? "[]") as Call[];
    const update = (index: number, change: Partial<Call>) => {
      const calls = read();
      calls[index] = { ...calls[index]!, ...change };
      sessionStorage.setItem(key, JSON.stringify(calls));
    };
    // How long the browser takes to say whether it offers passkeys in autofill (the client gives it
    // about 100 ms): kept for the failure messages of tests that wait for an autofill request.
    const available = globalThis.PublicKeyCredential?.isConditionalMediationAvailable;
    if (available) {
      globalThis.PublicKeyCredential.isConditionalMediationAvailable = function () {
        const started = performance.now();
        const answer = available.call(this);
        void answer.then((result) => {
          const checks = JSON.parse(sessionStorage.getItem(`${key}:checks`) ?? "[]") as unknown[];
          checks.push({ document: documentId, result, ms: Math.round(performance.now() - started) });
          sessionStorage.setItem(`${key}:checks`, JSON.stringify(checks));
        });
        return answer;
      };
    }
    for (const kind of ["get", "create"] as const) {
      const original = container[kind];
      container[kind] = function (this: CredentialsContainer, options?: CredentialRequestOptions & CredentialCreationOptions) {
        const calls = read();
        const index = calls.length;
        calls.push({
          kind,
          mediation: options?.mediation ?? null,
          aborted: false,
          outcome: "pending",
          page: location.pathname + location.search,
          document: documentId,
        });
        sessionStorage.setItem(key, JSON.stringify(calls));
        // Only an abort while the browser still works on the request counts (a settled request's
        // controller may be aborted later, which changes nothing).
        options?.signal?.addEventListener("abort", () => read()[index]?.outcome === "pending" && update(index, { aborted: true }), { once: true });
        return (original as (options?: unknown) => Promise<Credential | null>).call(this, options).then(
          (credential) => {
            update(index, { outcome: "resolved" });
            return credential;
          },
          (error: unknown) => {
            update(index, { outcome: "rejected", error: (error as Error | undefined)?.name ?? String(error) });
            throw error;
          },
        );
      } as typeof original;
    }
  }, CALLS_KEY);
}

/** The calls {@link recordWebAuthnCalls} recorded in the page's tab (for its current origin). */
export async function webAuthnCalls(page: Page): Promise<WebAuthnCall[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as WebAuthnCall[], CALLS_KEY);
}

/** The calls recorded after the first `since` ones (see {@link webAuthnCalls}). */
export async function webAuthnCallsSince(page: Page, since: number): Promise<WebAuthnCall[]> {
  return (await webAuthnCalls(page)).slice(since);
}

/**
 * The autofill (conditional) requests of the current document: how each ended so far. A page that
 * offers passkeys in autofill, unanswered, shows `[{ outcome: "pending", aborted: false }]`.
 */
export async function conditionalRequests(page: Page): Promise<Pick<WebAuthnCall, "outcome" | "aborted" | "error">[]> {
  const here = await page.evaluate(() => (globalThis as { __foyerE2eDocument?: string }).__foyerE2eDocument);
  return (await webAuthnCalls(page))
    .filter((call) => call.mediation === "conditional" && call.document === here)
    .map(({ outcome, aborted, error }) => (error === undefined ? { outcome, aborted } : { outcome, aborted, error }));
}

/** The page's conditional-mediation availability checks so far: the answer, and how long it took. */
export async function availabilityChecks(page: Page): Promise<{ document: string; result: boolean; ms: number }[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(`${key}:checks`) ?? "[]"), CALLS_KEY);
}

/**
 * How long Foyer's client waits for the browser to say it can offer passkeys in autofill
 * (ui/client/passkey.ts: some password-manager extensions never answer), less a margin
 * for timer jitter.
 */
const AUTOFILL_CHECK_LIMIT_MS = 90;

/**
 * Whether the current document offers no passkey autofill only because the browser said "yes, I
 * can" after the client had stopped waiting — which the client, by design, takes as "no" (silently).
 * A starved test machine (two CPUs, several servers, two browsers) sometimes answers that late; a
 * test may then load the page again. `false` when the page made an autofill request, or skipped it
 * for any other reason.
 */
export async function autofillSkippedAsSlow(page: Page): Promise<boolean> {
  try {
    const here = await page.evaluate(() => (globalThis as { __foyerE2eDocument?: string }).__foyerE2eDocument);
    const calls = (await webAuthnCalls(page)).filter((call) => call.mediation === "conditional" && call.document === here);
    const check = (await availabilityChecks(page)).find((candidate) => candidate.document === here);
    return calls.length === 0 && check !== undefined && check.result && check.ms >= AUTOFILL_CHECK_LIMIT_MS;
  } catch {
    return false; // the page is gone (navigating): not that case
  }
}
