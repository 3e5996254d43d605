/**
 * The two steps of a passkey ceremony through `Auth()`, as a browser does them: `GET
 * webauthn-options/<id>`, the authenticator's answer (server/testing/soft-authenticator.ts), then
 * `POST callback/<id>` with `action` and `data` — the testing kit's ceremonies
 * (server/testing-kit/passkeys.ts) sent to `Auth()` instead of over HTTP. Test-only; not built.
 */
import { Auth } from "../auth.js";
import type { AuthConfig } from "../types.js";
import {
  passkeyOptions,
  postPasskeyCeremony,
  registerPasskey as kitRegisterPasskey,
  signInWithPasskey as kitSignInWithPasskey,
  type PasskeyCeremonyOptions,
} from "../testing-kit/passkeys.js";
import { CookieJar, get } from "./harness.js";
import {
  SoftAuthenticator,
  type AssertionOverrides,
  type RegistrationOverrides,
  type SoftCreationOptions,
  type SoftRequestOptions,
} from "./soft-authenticator.js";

export const PASSKEY_ORIGIN = "http://localhost:3000";

/** A browser: a cookie jar and an authenticator for the test origin. */
export interface PasskeyBrowser {
  jar: CookieJar;
  authenticator: SoftAuthenticator;
}

export function newBrowser(authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN })): PasskeyBrowser {
  return { jar: new CookieJar(), authenticator };
}

export interface OptionsAnswer<O> {
  response: Response;
  body: { action: "authenticate" | "register"; options: O };
}

/** The kit's ceremony options for `config` through `Auth()` at the test origin. */
function through(config: AuthConfig, provider: string, jar: CookieJar, headers: Record<string, string> = {}): PasskeyCeremonyOptions {
  return { url: PASSKEY_ORIGIN, provider, jar, headers, send: (request) => Auth(request, config) };
}

/** `GET {base}/webauthn-options/<provider>?…`; the jar takes the challenge cookie. */
export function fetchOptions<O = SoftRequestOptions & SoftCreationOptions>(
  config: AuthConfig,
  provider: string,
  params: Record<string, string>,
  jar: CookieJar,
): Promise<OptionsAnswer<O>> {
  return passkeyOptions<O>(params, through(config, provider, jar));
}

/** `POST {base}/callback/<provider>` with `action` and `data` (a JSON string, or any string as given). */
export function postCeremony(
  config: AuthConfig,
  provider: string,
  fields: { action: string; data: unknown; callbackUrl?: string },
  jar: CookieJar,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postPasskeyCeremony(fields, through(config, provider, jar, headers));
}

/** Registers a passkey: a sign-up with `email` when signed out, an added passkey when signed in. */
export async function registerPasskey(
  config: AuthConfig,
  browser: PasskeyBrowser,
  options: { provider?: string; email?: string; overrides?: RegistrationOverrides; callbackUrl?: string } = {},
): Promise<Response> {
  const { provider = "passkey", ...rest } = options;
  return (await kitRegisterPasskey(browser.authenticator, { ...through(config, provider, browser.jar), ...rest })).response;
}

/** Signs in with a passkey the authenticator holds. */
export async function signInWithPasskey(
  config: AuthConfig,
  browser: PasskeyBrowser,
  options: { provider?: string; overrides?: AssertionOverrides; callbackUrl?: string } = {},
): Promise<Response> {
  const { provider = "passkey", ...rest } = options;
  return (await kitSignInWithPasskey(browser.authenticator, { ...through(config, provider, browser.jar), ...rest })).response;
}

/** The session as `GET {base}/session` reports it for the jar (`null` when signed out). */
export async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user?: { email?: string | null; name?: string | null } } | null> {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  jar.update(response);
  return (await response.json()) as { user?: { email?: string | null } } | null;
}
