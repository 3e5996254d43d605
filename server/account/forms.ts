/**
 * The account area without JavaScript: `POST {basePath}/account/form/<route>` takes the same fields
 * as the JSON route `{basePath}/account/<route>` (for instance `form/sessions/revoke` with `id` and
 * `csrfToken`), as an HTML form posts them, and answers with a redirect back to the account page,
 * which then shows what happened (`?status=` on success, `?error=` with the JSON route's error code).
 *
 * The CSRF token is checked as on every Foyer form (the sign-out page's too): the token in the body
 * must match the CSRF cookie, and a cross-site request (Origin / Sec-Fetch-Site) never passes.
 */
import type { RequestContext } from "../context/request-context.js";
import type { ResponseInternal } from "../types.js";

/** The routes a form may post to, each with its success code for the page (`?status=`). */
export const FORM_ROUTES: Readonly<Record<string, string>> = {
  profile: "profileSaved",
  "sessions/revoke": "sessionRevoked",
  "sessions/revoke-others": "othersRevoked",
  "passkeys/rename": "passkeyRenamed",
  "passkeys/remove": "passkeyRemoved",
  "accounts/unlink": "accountUnlinked",
  delete: "accountDeleted",
};

/** Error codes the page knows; any other becomes `default` (the code in the URL is only ever one of these). */
const KNOWN_ERRORS = new Set([
  "InvalidRequest",
  "NotFound",
  "NotAvailable",
  "LastSignInMethod",
  "MissingCSRF",
  "SessionRequired",
  "Busy",
  "ConfirmationRequired",
  "RecentSignInRequired",
]);

/** Where each section of the page starts, so the browser comes back to the part that changed. */
const SECTIONS: Readonly<Record<string, string>> = { profile: "profile", sessions: "sessions", passkeys: "passkeys", accounts: "accounts", delete: "danger" };

export async function formRoute(
  ctx: RequestContext,
  segments: string[],
  answer: (ctx: RequestContext, segments: string[]) => Promise<ResponseInternal>,
): Promise<ResponseInternal> {
  const route = segments.join("/");
  const page = `${ctx.authUrl}/account`;
  if (ctx.req.method !== "POST" || !Object.hasOwn(FORM_ROUTES, route)) return { redirect: `${page}?error=NotFound` };
  const result = await answer(ctx, segments);
  const status = result.status ?? 200;
  const cookies = result.cookies ?? [];
  if (status >= 200 && status < 300) {
    // A deleted account has no page to come back to; a revoked own session is signed out (the page sends it to sign in).
    if (route === "delete") return { redirect: `${ctx.origin}/`, cookies };
    return { redirect: `${page}?status=${FORM_ROUTES[route]}#${SECTIONS[segments[0]!]}`, cookies };
  }
  const code = typeof result.body?.error === "string" && KNOWN_ERRORS.has(result.body.error) ? result.body.error : "default";
  return { redirect: `${page}?error=${code}#${SECTIONS[segments[0]!]}`, cookies };
}
