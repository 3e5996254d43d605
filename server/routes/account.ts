/** `{basePath}/account/…`: JSON account management, guarded by the session and CSRF. */
import type { RequestContext } from "../context/request-context.js";
import { JSON_HEADERS } from "../core/response.js";
import { passkeysRoute } from "../account/passkeys.js";
import { sessionsRoute } from "../account/sessions.js";
import type { ResponseInternal } from "../types.js";

export async function accountRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  const [section, ...rest] = segments;
  if (section === "sessions") return sessionsRoute(ctx, rest);
  if (section === "passkeys") return passkeysRoute(ctx, rest);
  return { status: 404, headers: { ...JSON_HEADERS }, body: { error: "NotFound", message: "No such account route." } };
}
