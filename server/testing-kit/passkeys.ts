/**
 * Passkey ceremonies against an app over HTTP, as a browser runs them: `GET
 * {basePath}/webauthn-options/<provider>`, the software authenticator's answer, then `POST
 * {basePath}/callback/<provider>` with `action` and `data`. A cookie jar carries the challenge cookie
 * between the two steps, and the session cookie afterwards.
 */
import { CookieJar } from "./cookie-jar.js";
import type { AssertionOverrides, RegistrationOverrides, SoftAuthenticator, SoftCreationOptions, SoftRequestOptions } from "./soft-authenticator.js";

export interface PasskeyCeremonyOptions {
  /** The app's URL; its origin is where the requests go (and must be the authenticator's origin). */
  url: string | URL;
  /** Foyer's base path. Default `/auth`. */
  basePath?: string;
  /** The WebAuthn provider's id. Default `passkey`. */
  provider?: string;
  /** The browser's cookies (e.g. a session, to add a passkey to a signed-in account); updated with the answers. Default: a new jar. */
  jar?: CookieJar;
  /** Where the user lands afterwards (`callbackUrl`). */
  callbackUrl?: string;
  /** Extra request headers of the callback POST. */
  headers?: Record<string, string>;
  /** Sends a request. Default `fetch` without following redirects; an in-process handler also works (`(request) => Auth(request, config)`). */
  send?: (request: Request) => Promise<Response>;
}

/** The answer of a ceremony: the callback's response, and the jar (now with the session cookie when it succeeded). */
export interface PasskeyCeremony {
  response: Response;
  jar: CookieJar;
}

const fetchManually = (request: Request) => fetch(request, { redirect: "manual" });

function endpoint(options: PasskeyCeremonyOptions, action: "webauthn-options" | "callback"): string {
  const base = (options.basePath ?? "/auth").replace(/\/$/, "");
  return `${new URL(options.url).origin}${base}/${action}/${options.provider ?? "passkey"}`;
}

/** `GET {basePath}/webauthn-options/<provider>?…`; the jar takes the challenge cookie. */
export async function passkeyOptions<O = SoftRequestOptions & SoftCreationOptions>(
  params: Record<string, string>,
  options: PasskeyCeremonyOptions,
): Promise<{ response: Response; body: { action: "authenticate" | "register"; options: O } }> {
  const jar = options.jar ?? new CookieJar();
  const query = new URLSearchParams(params).toString();
  const request = new Request(`${endpoint(options, "webauthn-options")}${query ? `?${query}` : ""}`, { headers: jar.header ? { cookie: jar.header } : {} });
  const response = await (options.send ?? fetchManually)(request);
  jar.update(response);
  const body = (await response.clone().json()) as { action: "authenticate" | "register"; options: O };
  return { response, body };
}

/** `POST {basePath}/callback/<provider>` with `action` and `data` (a JSON string, or any string as given). */
export async function postPasskeyCeremony(fields: { action: string; data: unknown; callbackUrl?: string }, options: PasskeyCeremonyOptions): Promise<Response> {
  const jar = options.jar ?? new CookieJar();
  const form: Record<string, string> = { action: fields.action, data: typeof fields.data === "string" ? fields.data : JSON.stringify(fields.data) };
  if (fields.callbackUrl) form.callbackUrl = fields.callbackUrl;
  const request = new Request(endpoint(options, "callback"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(jar.header ? { cookie: jar.header } : {}), ...options.headers },
    body: new URLSearchParams(form),
  });
  const response = await (options.send ?? fetchManually)(request);
  jar.update(response);
  return response;
}

/**
 * Registers a passkey held by `authenticator`: a sign-up with `email` when the jar has no session, an
 * added passkey when it has one. On success the jar holds the session.
 */
export async function registerPasskey(
  authenticator: SoftAuthenticator,
  options: PasskeyCeremonyOptions & { email?: string; overrides?: RegistrationOverrides },
): Promise<PasskeyCeremony> {
  const jar = options.jar ?? new CookieJar();
  const params: Record<string, string> = { action: "register" };
  if (options.email !== undefined) params.email = options.email;
  const { body } = await passkeyOptions<SoftCreationOptions>(params, { ...options, jar });
  const data = await authenticator.register(body.options, options.overrides);
  const response = await postPasskeyCeremony({ action: "register", data, callbackUrl: options.callbackUrl }, { ...options, jar });
  return { response, jar };
}

/** Signs in with a passkey `authenticator` holds. On success the jar holds the session. */
export async function signInWithPasskey(
  authenticator: SoftAuthenticator,
  options: PasskeyCeremonyOptions & { overrides?: AssertionOverrides },
): Promise<PasskeyCeremony> {
  const jar = options.jar ?? new CookieJar();
  const { body } = await passkeyOptions<SoftRequestOptions>({ action: "authenticate" }, { ...options, jar });
  const data = await authenticator.authenticate(body.options, options.overrides);
  const response = await postPasskeyCeremony({ action: "authenticate", data, callbackUrl: options.callbackUrl }, { ...options, jar });
  return { response, jar };
}
