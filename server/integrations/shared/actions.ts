/**
 * Sign-in, sign-out and session update started by server code (a Next.js server action, a SvelteKit
 * form action…), as next-auth's `signIn`, `signOut` and `unstable_update` do them: the integration
 * posts to Foyer's own endpoint on the browser's behalf (no CSRF token: the framework guards its
 * server actions) and reads the answer. It gets back where to send the browser and the cookies to
 * set; a failure is thrown as the `AuthError` subclass Foyer raised (`CredentialsSignin` with its
 * `code`, `AccessDenied`, …), so that the app's `try { … } catch (error) { if (error instanceof AuthError) … }`
 * works as with next-auth.
 */
import { normalizeConfig } from "../../config/normalize.js";
import type { AuthConfig, Cookie, Session } from "../../types.js";
import { actionUrl } from "./origin.js";
import { callAuth, type ServerRequestSource } from "./server-request.js";

/** Options of {@link serverSignIn}: where to go afterwards, and the form fields (credentials, e-mail…). */
export interface ServerSignInOptions {
  /** Where the user lands after signing in. Default: the request's `Referer`, else `/`. */
  redirectTo?: string;
  /** The form fields passed to the provider (`email`, `password`, …), as strings. */
  fields?: Record<string, string>;
  /** Extra query parameters for the provider's authorisation request (OAuth: `prompt`, `login_hint`, …). */
  authorizationParams?: string | URLSearchParams | Record<string, string> | [string, string][];
}

/** Where to send the browser, and the cookies to set before it goes. */
export interface ServerActionResult {
  /** An absolute URL (or a path, for a custom page). */
  url: string;
  cookies: Cookie[];
}

/** The field names {@link serverSignIn} treats as options, never as form fields for the provider. */
export const SIGN_IN_OPTION_FIELDS = new Set(["redirectTo", "redirect"]);

/**
 * The options and fields of a sign-in call made with a `FormData` or a plain object, as next-auth's
 * `signIn(provider, formData | { redirectTo, redirect, ...fields })` reads them. Files in a form are
 * ignored; other values become strings.
 */
export function signInOptionsFrom(input: FormData | Record<string, unknown> | undefined): {
  redirectTo?: string;
  redirect: boolean;
  fields: Record<string, string>;
} {
  const entries: [string, unknown][] =
    input === undefined
      ? []
      : typeof (input as FormData).entries === "function" && !isPlainRecord(input)
        ? [...(input as FormData).entries()]
        : Object.entries(input);
  const fields: Record<string, string> = {};
  let redirectTo: string | undefined;
  let redirect = true;
  for (const [key, value] of entries) {
    if (key === "redirectTo") {
      if (value !== undefined && value !== null) redirectTo = String(value);
    } else if (key === "redirect") {
      redirect = value !== false && value !== "false";
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      fields[key] = String(value);
    } else if (value instanceof URL) {
      fields[key] = value.href;
    }
    // Server actions add `$ACTION_…` fields to forms; they go to the provider like any other field
    // and are harmless there, as with next-auth.
  }
  return { ...(redirectTo !== undefined ? { redirectTo } : {}), redirect, fields };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function callbackUrlOf(redirectTo: string | undefined, source: ServerRequestSource): string {
  return redirectTo ?? source.headers.get("referer") ?? "/";
}

/**
 * Signs the browser of `source` in with `providerId`, from server code.
 *
 * - No provider, or one the config does not have: no request is made; the result is the sign-in
 *   page with `callbackUrl`.
 * - Credentials: posts the fields to `callback/<id>`; the result is the callback URL, with the session
 *   cookies.
 * - E-mail: posts to `signin/<id>` (Foyer sends the link); the result is the "check your e-mail" page.
 * - OAuth / OIDC: posts to `signin/<id>`; the result is the provider's authorisation URL, with the
 *   state / PKCE / nonce cookies.
 *
 * @throws {AuthError} The error Foyer raised: `CredentialsSignin` (with `code`) for a refused
 *   password, `AccessDenied` when the `signIn` callback refused, `InvalidConfiguration`, …
 */
export async function serverSignIn(
  config: AuthConfig,
  source: ServerRequestSource,
  providerId: string | undefined,
  options: ServerSignInOptions = {},
): Promise<ServerActionResult> {
  const callbackUrl = callbackUrlOf(options.redirectTo, source);
  const provider = providerId === undefined ? undefined : normalizeConfig(config).providerById.get(providerId);
  if (!provider) {
    const page = actionUrl(source.origin, config.basePath ?? "/auth", "signin");
    page.searchParams.set("callbackUrl", callbackUrl);
    return { url: page.href, cookies: [] };
  }
  const action = provider.type === "credentials" ? (`callback/${provider.id}` as const) : (`signin/${provider.id}` as const);
  const body = new URLSearchParams({ ...options.fields, callbackUrl });
  const query = new URLSearchParams(options.authorizationParams ?? {});
  const answer = await callAuth(config, source, action, { method: "POST", body, contentType: "application/x-www-form-urlencoded", query });
  return { url: answer.redirect ?? actionUrl(source.origin, config.basePath ?? "/auth", action).href, cookies: answer.cookies };
}

/**
 * Signs the browser of `source` out, from server code: ends the session (deletes the cookie, and the
 * stored session for database sessions). The result is where to go next (`redirectTo`, else the
 * request's `Referer`, else `/`, as Foyer's redirect rules allow it), with the cookies to delete.
 */
export async function serverSignOut(config: AuthConfig, source: ServerRequestSource, options: { redirectTo?: string } = {}): Promise<ServerActionResult> {
  const body = new URLSearchParams({ callbackUrl: callbackUrlOf(options.redirectTo, source) });
  const answer = await callAuth(config, source, "signout", { method: "POST", body, contentType: "application/x-www-form-urlencoded" });
  return { url: answer.redirect ?? "/", cookies: answer.cookies };
}

/**
 * Updates the session of the browser of `source` with `data`, as `POST {basePath}/session` does:
 * the `jwt` callback with `trigger: "update"` and `session: data` for cookie sessions; the
 * adapter's `updateSession` and the `session` callback for database sessions. Returns the new session
 * (`null` when signed out) and the cookies to set.
 */
export async function serverUpdateSession(
  config: AuthConfig,
  source: ServerRequestSource,
  data: unknown,
): Promise<{ session: Session | null; cookies: Cookie[] }> {
  const answer = await callAuth<Session | null>(config, source, "session", {
    method: "POST",
    body: JSON.stringify({ data }),
    contentType: "application/json",
  });
  return { session: answer.status === 200 && answer.body ? answer.body : null, cookies: answer.cookies };
}
