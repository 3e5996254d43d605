/**
 * The one table from a thrown error to what the client sees (docs/compatibility.md, "Errors to redirects"): client-safe error
 * types go to `?error=<type>`, everything else to `?error=Configuration`; sign-in errors land on the
 * sign-in page, the rest on the error page. Custom pages keep their own query (R-REDIR-13).
 */
import type { PagesOptions, ResponseInternal } from "../types.js";
import { AuthError, CredentialsSignin, isClientSafeErrorType } from "./errors.js";
import { absolutePage, withQuery } from "./redirect.js";
import { NO_CACHE_HEADERS } from "./response.js";

export interface ErrorTarget {
  origin: string;
  /** `""` when Foyer is mounted at the root. */
  basePath: string;
  pages: PagesOptions;
}

/** The `?error=` value a client may see for `error`. */
export function clientErrorType(error: unknown): string {
  return error instanceof AuthError && isClientSafeErrorType(error.type) ? error.type : "Configuration";
}

/** Where the client is sent for `error`: the sign-in or error page with `error` (and `code`). */
export function errorRedirect(error: unknown, target: ErrorTarget): string {
  const type = clientErrorType(error);
  const isSignInError = error instanceof AuthError && error.kind === "signIn";
  const page = isSignInError ? (target.pages.signIn ?? `${target.basePath}/signin`) : (target.pages.error ?? `${target.basePath}/error`);
  const code = error instanceof CredentialsSignin ? error.code : undefined;
  return withQuery(absolutePage(page, target.origin), { error: type, code });
}

/** The internal response for an error thrown while handling an action. */
export function errorToInternal(error: unknown, target: ErrorTarget, isSessionPost: boolean): ResponseInternal {
  if (isSessionPost) return { status: 400, body: null, headers: { ...NO_CACHE_HEADERS } };
  return { redirect: errorRedirect(error, target) };
}
