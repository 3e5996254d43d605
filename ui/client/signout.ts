/**
 * `signOut()`: ends the session with `POST {basePath}/signout` (CSRF token in the body).
 *
 * @module
 */
import { postAction } from "./action.js";
import { notify, type SessionBus } from "./broadcast.js";
import type { CsrfStore } from "./csrf.js";
import type { ClientErrorCode } from "./errors.js";
import { isNavigable, type ClientContext } from "./options.js";

/** Options of `signOut()`. */
export interface SignOutOptions {
  /** Go to the returned URL afterwards (default `true`); `false` resolves with it instead. */
  redirect?: boolean;
  /** Where to land after sign-out. Default: the current page. The server's redirect callback decides. */
  redirectTo?: string;
}

/**
 * The result of `signOut()`: `url` is where the server sends the user (`null` when the request
 * failed); `error` a {@link ClientErrorCode} on failure.
 */
export interface SignOutResult {
  ok: boolean;
  url: string | null;
  error?: ClientErrorCode;
}

/**
 * Implements `signOut()` for one client. Never rejects.
 * @internal
 */
export async function signOut(ctx: ClientContext, csrf: CsrfStore, bus: SessionBus, options: SignOutOptions = {}): Promise<SignOutResult> {
  const callbackUrl = options.redirectTo || ctx.currentHref();
  const answer = await postAction(ctx, csrf, "/signout", {}, callbackUrl);
  if (!answer.ok) return { ok: false, url: null, error: answer.error };
  if (answer.error) return { ok: false, url: answer.url, error: answer.error };
  notify(bus, "signout");
  if (options.redirect !== false) {
    if (!isNavigable(answer.url)) return { ok: false, url: null, error: "Configuration" };
    ctx.navigate(answer.url);
  }
  return { ok: true, url: answer.url };
}
