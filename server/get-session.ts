/**
 * Server-side session reading for application code. Fails closed (security case R-SESS-09): any
 * configuration error, non-200 answer or unexpected body gives `null`, never a truthy error object.
 */
import { Auth, type ConfigInput } from "./auth.js";
import { normalizeConfig } from "./config/normalize.js";
import type { Session } from "./types.js";

/**
 * The session of `request`'s user, or `null`.
 *
 * ```ts
 * const session = await getSession(request, config);
 * if (!session?.user) return Response.redirect(new URL("/auth/signin", request.url));
 * ```
 */
export async function getSession(request: Request, configInput: ConfigInput): Promise<Session | null> {
  try {
    const config = typeof configInput === "function" ? await configInput(request) : configInput;
    const normalized = normalizeConfig(config);
    if (normalized.error) {
      normalized.logger.error(normalized.error);
      return null;
    }
    const basePath = normalized.basePath === "/" ? "" : normalized.basePath;
    const url = new URL(`${basePath}/session`, request.url);
    const headers = new Headers();
    const cookie = request.headers.get("cookie");
    if (cookie) headers.set("cookie", cookie);
    const result = await Auth(new Request(url, { headers }), { ...config, raw: undefined });
    if (result.status !== 200) return null;
    const body: unknown = await result.json();
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Session) : null;
  } catch {
    return null;
  }
}
