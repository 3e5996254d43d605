/**
 * The two steps of a passkey ceremony through `Auth()`, as a browser does them: `GET
 * webauthn-options/<id>`, the authenticator's answer (server/testing/soft-authenticator.ts), then
 * `POST callback/<id>` with `action` and `data`. The jar carries cookies between the steps.
 * Test-only; not built.
 */
import { Auth } from "../auth.js";
import type { AuthConfig } from "../types.js";
import { CookieJar, get, postForm } from "./harness.js";
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

/** `GET {base}/webauthn-options/<provider>?…`; the jar takes the challenge cookie. */
export async function fetchOptions<O = SoftRequestOptions & SoftCreationOptions>(
  config: AuthConfig,
  provider: string,
  params: Record<string, string>,
  jar: CookieJar,
): Promise<OptionsAnswer<O>> {
  const query = new URLSearchParams(params).toString();
  const response = await Auth(get(`/auth/webauthn-options/${provider}${query ? `?${query}` : ""}`, { cookie: jar.header }), config);
  jar.update(response);
  const body = (await response.clone().json()) as OptionsAnswer<O>["body"];
  return { response, body };
}

/** `POST {base}/callback/<provider>` with `action` and `data` (a JSON string, or any string as given). */
export async function postCeremony(
  config: AuthConfig,
  provider: string,
  fields: { action: string; data: unknown; callbackUrl?: string },
  jar: CookieJar,
  headers: Record<string, string> = {},
): Promise<Response> {
  const data = typeof fields.data === "string" ? fields.data : JSON.stringify(fields.data);
  const form: Record<string, string> = { action: fields.action, data };
  if (fields.callbackUrl) form.callbackUrl = fields.callbackUrl;
  const response = await Auth(postForm(`/auth/callback/${provider}`, form, { cookie: jar.header, headers }), config);
  jar.update(response);
  return response;
}

/** Registers a passkey: a sign-up with `email` when signed out, an added passkey when signed in. */
export async function registerPasskey(
  config: AuthConfig,
  browser: PasskeyBrowser,
  options: { provider?: string; email?: string; overrides?: RegistrationOverrides; callbackUrl?: string } = {},
): Promise<Response> {
  const provider = options.provider ?? "passkey";
  const params: Record<string, string> = { action: "register" };
  if (options.email !== undefined) params.email = options.email;
  const { body } = await fetchOptions<SoftCreationOptions>(config, provider, params, browser.jar);
  const data = await browser.authenticator.register(body.options, options.overrides);
  return postCeremony(config, provider, { action: "register", data, callbackUrl: options.callbackUrl }, browser.jar);
}

/** Signs in with a passkey the authenticator holds. */
export async function signInWithPasskey(
  config: AuthConfig,
  browser: PasskeyBrowser,
  options: { provider?: string; overrides?: AssertionOverrides; callbackUrl?: string } = {},
): Promise<Response> {
  const provider = options.provider ?? "passkey";
  const { body } = await fetchOptions<SoftRequestOptions>(config, provider, { action: "authenticate" }, browser.jar);
  const data = await browser.authenticator.authenticate(body.options, options.overrides);
  return postCeremony(config, provider, { action: "authenticate", data, callbackUrl: options.callbackUrl }, browser.jar);
}

/** The session as `GET {base}/session` reports it for the jar (`null` when signed out). */
export async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user?: { email?: string | null; name?: string | null } } | null> {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  jar.update(response);
  return (await response.json()) as { user?: { email?: string | null } } | null;
}
