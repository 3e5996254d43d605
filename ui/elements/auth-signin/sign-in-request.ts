/**
 * What `<auth-signin>` runs when a visitor signs in: the CSRF token, the post to Foyer and reading its
 * answer (the client's `signIn` for the element's own forms and buttons). The element loads it on the
 * visitor's first interaction (focus or pointer over it; at the latest on submit) through
 * ./sign-in-request-loader.ts, so showing the sign-in surface costs none of these bytes. In an app's
 * bundle it is a chunk of its own; the self-contained auth-signin.js fetches it from Foyer as
 * `{basePath}/assets/auth-signin-request.<hash>.js` (scripts/build-elements.mjs).
 *
 * @module
 */
import type { SignInResult } from "../../client/index.js";
import { signinClient } from "../../internal/auth.js";

/**
 * Signs in with provider `providerId` through the Foyer at `basePath`, posting `fields` (strings; the
 * CSRF token and callback URL are added). An empty or absent `callbackUrl` means the current page.
 */
export function requestSignIn(
  basePath: string,
  providerId: string,
  fields: Record<string, string>,
  callbackUrl?: string,
  redirect?: boolean,
): Promise<SignInResult> {
  return signinClient(basePath).signIn(providerId, fields, callbackUrl, redirect);
}
