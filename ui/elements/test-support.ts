/**
 * The stubbed browser the element tests run in, one per test, so they need no server: Foyer's recorded answers
 * (stories/support/stub-fetch.ts) and, for the passkey elements, the browser's passkey dialog
 * (stories/support/stub-webauthn.ts). Test-only.
 */
import { expect, vi } from "vitest";
import { LEAVING_GRACE_MS } from "../internal/provider-button.js";
import { createFetchStub, type FetchStub, type StubOptions } from "../../stories/support/stub-fetch.js";
import { stubWebAuthn, type WebAuthnStub, type WebAuthnStubOptions } from "../../stories/support/stub-webauthn.js";

/** Waits until the page has no work left: for checks that nothing (more) happens. */
export { browserIdle } from "../../stories/support/idle.js";

export interface ElementStubs {
  /** The running test's recorded server. */
  readonly server: FetchStub;
  /** The running test's passkey dialog (files created with `webauthn: true`). */
  readonly webauthn: WebAuthnStub;
  /** Whether the running test has installed its stubs; a `mount()` installs the defaults when not. */
  readonly installed: boolean;
  /**
   * Installs a recorded server answering as the file's defaults overridden by `server` and, in files
   * that stub WebAuthn, a passkey dialog answering as `browser` says.
   */
  install(server?: StubOptions, browser?: WebAuthnStubOptions): FetchStub;
  /** Adds `cleanup` to what {@link restore} runs (listeners, styles a test added). */
  defer(cleanup: () => void): void;
  /**
   * Removes the stubs and runs the deferred cleanups, in the order they were added. The file's
   * `afterEach` calls it where its other clean-ups need it (e.g. before `vi.restoreAllMocks()`,
   * which would otherwise put a spied stub back).
   */
  restore(): void;
}

/** The stubs of one test file: `server` are its default recorded-server options, `webauthn` whether it stubs the passkey dialog. */
export function elementStubs(options: { server?: StubOptions; webauthn?: boolean } = {}): ElementStubs {
  let server: FetchStub | undefined;
  let webauthn: WebAuthnStub | undefined;
  const cleanups: (() => void)[] = [];
  return {
    get server() {
      if (!server) throw new Error("No recorded server is installed: call install() (or mount()) first.");
      return server;
    },
    get webauthn() {
      if (!webauthn) throw new Error("No passkey dialog is installed: create the stubs with `webauthn: true` and call install() first.");
      return webauthn;
    },
    get installed() {
      return server !== undefined;
    },
    install(overrides = {}, browser = {}) {
      server = createFetchStub({ ...options.server, ...overrides });
      cleanups.push(server.install());
      if (options.webauthn) {
        webauthn = stubWebAuthn(browser);
        cleanups.push(webauthn.install());
      }
      return server;
    },
    defer(cleanup) {
      cleanups.push(cleanup);
    },
    restore() {
      server = undefined;
      webauthn = undefined;
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

/** Creates `<tagName>` with `attributes` (set in order) and `children` as its light DOM, and appends it to the body. */
export function appendElement<K extends keyof HTMLElementTagNameMap>(tagName: K, attributes: Record<string, string>, children = ""): HTMLElementTagNameMap[K] {
  const host = document.createElement(tagName);
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  host.innerHTML = children;
  document.body.append(host);
  return host;
}

/**
 * Installs a recorded server whose OAuth start answers GitHub's real authorization URL, and cancels
 * every navigation of the test page through the Navigation API, so a provider sign-in can succeed
 * without the page leaving. Both are undone by `stubs.restore()`.
 */
export function succeedWithoutLeaving(stubs: ElementStubs): void {
  stubs.install({ always: { "signin/github": "signin-github-redirect" } });
  const navigation = (globalThis as { navigation?: EventTarget }).navigation!;
  const stay = (event: Event) => event.preventDefault();
  navigation.addEventListener("navigate", stay);
  stubs.defer(() => navigation.removeEventListener("navigate", stay));
}

/**
 * Resolves at `host`'s next `auth-signin-success`, with the clock faked (`setTimeout`) from inside
 * that event on: the elements arm their "never left" timer right after it. Don't use `vi.waitFor`
 * afterwards (it advances a fake clock); the caller puts the real timers back with `vi.useRealTimers()`.
 */
export function fakeClockFromSuccess(host: HTMLElement): Promise<void> {
  return new Promise((resolve) =>
    host.addEventListener(
      "auth-signin-success",
      () => {
        vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
        resolve();
      },
      { once: true },
    ),
  );
}

/**
 * After {@link fakeClockFromSuccess} resolved: `button` (and `host`) stay busy for just under
 * `LEAVING_GRACE_MS`, and are idle once it has passed. Puts the real timers back.
 */
export async function expectIdleAfterGrace(host: HTMLElement & { updateComplete: Promise<boolean> }, button: HTMLButtonElement): Promise<void> {
  try {
    await host.updateComplete;
    expect(button.disabled).toBe(true);
    vi.advanceTimersByTime(LEAVING_GRACE_MS - 1);
    await host.updateComplete;
    expect(button.disabled).toBe(true);
    vi.advanceTimersByTime(1);
    await host.updateComplete;
    expect(button.disabled).toBe(false);
    expect(host.matches(":state(busy)")).toBe(false);
  } finally {
    vi.useRealTimers();
  }
}
