/**
 * The `signIn` callback's outcomes, the same for every provider kind (Auth.js ignores a string for
 * passkeys: docs/compatibility.md#passkeys-webauthn): `true` continues,
 * a string stops and redirects (through the redirect callback), anything falsy or thrown stops with
 * `AccessDenied` (an `AuthError` thrown by the callback keeps its own type).
 */
import type { CallbacksOptions } from "../types.js";
import type { RequestContext } from "./request-context.js";
import { AccessDenied, AuthError } from "../core/errors.js";

type SignInParams = Parameters<NonNullable<CallbacksOptions["signIn"]>>[0];

/** Returns `undefined` to continue, or the URL to redirect to instead. */
export async function runSignInCallback(ctx: RequestContext, params: SignInParams): Promise<string | undefined> {
  let result: unknown;
  try {
    result = await ctx.config.callbacks.signIn(params);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // As in Auth.js, AccessDenied carries the callback's own message (for the log only).
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new AccessDenied(cause.message, cause);
  }
  if (typeof result === "string" && result !== "") {
    const url = await ctx.config.callbacks.redirect({ url: result, baseUrl: ctx.origin });
    return typeof url === "string" && url ? url : ctx.origin;
  }
  if (!result) throw new AccessDenied("The signIn callback refused the sign-in (returned false)");
  return undefined;
}
