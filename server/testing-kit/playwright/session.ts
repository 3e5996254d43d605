/**
 * Signing a Playwright browser context in and out without the sign-in page: `signInAs` puts the
 * cookies of `createTestSession` into the context; `signOut` ends the session.
 */
import type { BrowserContext } from "@playwright/test";
import { createTestSession, type TestSession, type TestSessionOptions, type TestUser } from "../session.js";
import type { AuthConfig } from "../../types.js";

export interface SignInAsOptions extends Omit<TestSessionOptions, "url"> {
  /** The app's URL as the browser opens it (decides the cookies' names and domain). */
  url: string | URL;
  /** The same config object the app passes to Foyer (or one with the same secret, adapter and callbacks). */
  config: AuthConfig;
  user: TestUser;
}

/**
 * Signs `context` in as `user`: every page of the context is signed in from its next request.
 * Returns the session (its `user` has the id the app will see).
 */
export async function signInAs(context: BrowserContext, { url, config, user, ...options }: SignInAsOptions): Promise<TestSession> {
  const session = await createTestSession(config, user, { ...options, url });
  await context.addCookies(session.cookies);
  return session;
}

export interface SignOutOptions {
  /**
   * The app's URL and Foyer's base path (default `/auth`): when given, the sign-out goes through Foyer
   * (`POST {basePath}/signout` with the CSRF token), so a database session row is deleted and the
   * `signOut` event fires, as when a user clicks "Sign out".
   */
  url?: string | URL;
  basePath?: string;
}

/** Foyer's session cookie, with or without the `__Secure-` prefix, whole or chunked. */
const SESSION_COOKIE = /^(__Secure-)?(authjs|next-auth)\.session-token(\.\d+)?$/;

/** Signs `context` out: through Foyer's sign-out when `url` is given, then drops the session cookies in any case. */
export async function signOut(context: BrowserContext, options: SignOutOptions = {}): Promise<void> {
  if (options.url) {
    const base = new URL(options.basePath ?? "/auth", options.url).href.replace(/\/$/, "");
    const csrf = await context.request.get(`${base}/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const answer = await context.request.post(`${base}/signout`, { form: { csrfToken }, maxRedirects: 0 });
    if (answer.status() >= 400) throw new Error(`POST ${base}/signout answered ${answer.status()}`);
  }
  await context.clearCookies({ name: SESSION_COOKIE });
}
