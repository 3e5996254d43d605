/**
 * Passkey sign-in and registration, step two: `POST {basePath}/callback/<id>` with `action`
 * (`authenticate` | `register`) and `data` (the browser's JSON response), as Auth.js posts them.
 *
 * A failed ceremony sends the user back to the sign-in page — `?error=WebAuthnVerificationError`
 * (bad, replayed or foreign response; unknown credential; missing, expired, used or foreign challenge
 * cookie, logged as `InvalidCheck`; malformed data) or `?error=AccountNotLinked` — with the reason in
 * the log only. The challenge cookie is deleted after every callback, whatever the outcome. Not
 * CSRF-checked (as in Auth.js): the sealed challenge cookie already ties the ceremony to this browser.
 */
import { signinPageUrl, type RequestContext } from "../../context/request-context.js";
import { AccountNotLinked, InvalidCheck, WebAuthnVerificationError } from "../../core/errors.js";
import { withQuery } from "../../core/redirect.js";
import type { WebAuthnProvider } from "../../config/types.js";
import type { ResponseInternal } from "../../types.js";
import { authenticateWithPasskey } from "../../webauthn/authenticate.js";
import { clearChallenge } from "../../webauthn/challenge.js";
import { registerPasskey } from "../../webauthn/register.js";
import { readPostedCeremony } from "../../webauthn/response.js";

export async function webauthnCallback(ctx: RequestContext, provider: WebAuthnProvider): Promise<ResponseInternal> {
  const clear = clearChallenge(ctx);
  try {
    const posted = readPostedCeremony(ctx.req.method === "POST" ? ctx.req.body : undefined);
    const result =
      posted.action === "authenticate" ? await authenticateWithPasskey(ctx, provider, posted.response) : await registerPasskey(ctx, provider, posted.response);
    return { ...result, cookies: [clear, ...(result.cookies ?? [])] };
  } catch (error) {
    const shown = shownAs(error);
    if (!shown) throw error;
    ctx.logger.error(error as Error);
    return { redirect: withQuery(signinPageUrl(ctx), { error: shown }), cookies: [clear] };
  }
}

/** What the user is told about a refused ceremony; `undefined` for errors the core maps itself. */
function shownAs(error: unknown): "WebAuthnVerificationError" | "AccountNotLinked" | undefined {
  if (error instanceof AccountNotLinked) return "AccountNotLinked";
  if (error instanceof WebAuthnVerificationError || error instanceof InvalidCheck) return "WebAuthnVerificationError";
  return undefined;
}
