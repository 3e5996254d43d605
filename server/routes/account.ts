/**
 * `{basePath}/account…`: the account area. `GET {basePath}/account` is the hosted account page; the
 * JSON routes under it (`profile`, `sessions`, `passkeys`, `accounts`, `delete`) are guarded by the
 * session and CSRF; `form/<route>` takes the same changes from the page's HTML forms. See docs/account.md.
 */
import type { RequestContext } from "../context/request-context.js";
import { JSON_HEADERS } from "../core/response.js";
import { accountsRoute } from "../account/connected.js";
import { deletionRoute } from "../account/deletion.js";
import { formRoute } from "../account/forms.js";
import { accountPageRoute } from "../account/page.js";
import { passkeysRoute } from "../account/passkeys.js";
import { profileRoute } from "../account/profile.js";
import { sessionsRoute } from "../account/sessions.js";
import type { ResponseInternal } from "../types.js";

/** The JSON routes by their first segment. */
const SECTIONS: Record<string, (ctx: RequestContext, segments: string[]) => Promise<ResponseInternal>> = {
  profile: profileRoute,
  sessions: sessionsRoute,
  passkeys: passkeysRoute,
  accounts: accountsRoute,
  delete: deletionRoute,
};

function section(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  const [first, ...rest] = segments;
  if (first !== undefined && Object.hasOwn(SECTIONS, first)) return SECTIONS[first]!(ctx, rest);
  return Promise.resolve({ status: 404, headers: { ...JSON_HEADERS }, body: { error: "NotFound", message: "No such account route." } });
}

export async function accountRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  if (segments.length === 0 && ctx.req.method === "GET") return accountPageRoute(ctx);
  if (segments[0] === "form") return formRoute(ctx, segments.slice(1), section);
  return section(ctx, segments);
}
