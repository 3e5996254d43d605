/**
 * Passing Foyer's cookies on to the browser through Next's cookie store, where Next allows it (server
 * actions, route handlers, middleware / proxy). A server component may not set cookies: there the
 * write is skipped, the session stays valid, and the next request that may write picks the refresh up.
 */
import type { Cookie } from "../../types.js";
import type { NextCookieStore } from "./next-runtime.js";

/** Sets (or, with `maxAge: 0`, deletes) each cookie on `store`. Returns `false` when Next refuses writes here (a server component). */
export function setCookies(store: NextCookieStore, cookies: readonly Cookie[]): boolean {
  for (const cookie of cookies) {
    const { options } = cookie;
    try {
      store.set(cookie.name, cookie.value, {
        ...(options.path !== undefined ? { path: options.path } : {}),
        ...(options.domain !== undefined ? { domain: options.domain } : {}),
        ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
        ...(options.expires !== undefined ? { expires: options.expires } : {}),
        ...(options.httpOnly !== undefined ? { httpOnly: options.httpOnly } : {}),
        ...(options.secure !== undefined ? { secure: options.secure } : {}),
        ...(options.sameSite !== undefined ? { sameSite: options.sameSite } : {}),
        ...(options.partitioned !== undefined ? { partitioned: options.partitioned } : {}),
        ...(options.priority !== undefined ? { priority: options.priority } : {}),
      });
    } catch {
      // Next throws here in server components ("Cookies can only be modified in a Server Action or Route Handler").
      return false;
    }
  }
  return true;
}

/**
 * A `Cookie` header for the cookies in `store`. The store, not the request's own header, because
 * after a server action signs in or out Next renders the next page with the cookies the action set:
 * the new session is visible to that very render.
 */
export function cookieHeader(store: Pick<NextCookieStore, "getAll">): string {
  return store
    .getAll()
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
    .join("; ");
}
