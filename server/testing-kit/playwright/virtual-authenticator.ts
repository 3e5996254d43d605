/**
 * A virtual WebAuthn authenticator over the Chrome DevTools Protocol: by default a platform
 * authenticator (CTAP2, internal transport) that keeps resident keys and verifies the user, so passkey
 * registration and sign-in run for real in Chromium with no human at a fingerprint reader.
 * `transport: "usb"` makes a roaming security key instead.
 *
 * Pages must be opened on `http://localhost` or https (never an IP address): browsers refuse an IP
 * address as a relying-party id, and `localhost` counts as a secure context over plain http.
 */
import type { CDPSession, Page } from "@playwright/test";

/** A credential as the virtual authenticator holds it (`WebAuthn.getCredentials`). */
export interface VirtualCredential {
  /** Standard base64 (CDP's encoding of binary): also how Foyer, like Auth.js, stores and lists the id. */
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  signCount: number;
  userHandle?: string;
}

export interface VirtualAuthenticator {
  /** The CDP session the authenticator belongs to (it lives as long as the page). */
  cdp: CDPSession;
  id: string;
  /** The credentials registered so far. */
  credentials(): Promise<VirtualCredential[]>;
  /** Forgets every credential (the authenticator stays: the user's passkeys are gone). */
  clear(): Promise<void>;
  /**
   * Whether the authenticator answers by itself (as if the user touched it). Off, a ceremony stays
   * pending — how a visitor who ignores the autofill suggestion looks to the page.
   */
  setUserPresence(enabled: boolean): Promise<void>;
  /** Removes the authenticator, as if the user unplugged it or lost the device. */
  remove(): Promise<void>;
}

export interface VirtualAuthenticatorOptions {
  /** `internal` (default): the device's own platform authenticator; `usb` etc.: a roaming security key. */
  transport?: "internal" | "usb" | "nfc" | "ble";
  /** Whether it answers without a touch from the start (default `true`). */
  userPresence?: boolean;
}

/** Thrown in a browser that has no Chrome DevTools Protocol (Firefox, WebKit). */
export class VirtualAuthenticatorUnsupported extends Error {
  override name = "VirtualAuthenticatorUnsupported";
}

/** One CDP session per page with the WebAuthn domain enabled: every authenticator of the page lives in it. */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

function webAuthnSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = (async () => {
      const browser = page.context().browser()?.browserType().name();
      if (browser && browser !== "chromium") {
        throw new VirtualAuthenticatorUnsupported(
          `virtualAuthenticator() needs Chromium (it drives the Chrome DevTools Protocol's WebAuthn domain); this page runs in ${browser}. ` +
            `Run passkey tests in a Chromium project, or use softAuthenticator() from foyer-auth/testing in Node tests.`,
        );
      }
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable", { enableUI: false });
      return cdp;
    })();
    sessions.set(page, session);
  }
  return session;
}

/** Adds a virtual authenticator (by default a platform one) to `page`. Several may be added. Chromium only. */
export async function virtualAuthenticator(page: Page, options: VirtualAuthenticatorOptions = {}): Promise<VirtualAuthenticator> {
  const cdp = await webAuthnSession(page);
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: options.transport ?? "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: options.userPresence ?? true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials as VirtualCredential[];
    },
    async clear() {
      await cdp.send("WebAuthn.clearCredentials", { authenticatorId });
    },
    async setUserPresence(enabled) {
      await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled });
    },
    async remove() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    },
  };
}
