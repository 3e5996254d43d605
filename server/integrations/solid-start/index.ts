/**
 * `foyer-auth/solid-start`: Foyer for SolidStart, with `@auth/solid-start`'s API. An app written for
 * `@auth/solid-start` switches by changing `@auth/solid-start` to `foyer-auth/solid-start`,
 * `@auth/solid-start/client` to `foyer-auth/solid-start/client` and `@auth/core/providers/<id>` to
 * `foyer-auth/providers/<id>` (docs/solid-start.md). It runs on `@solidjs/start` and on the old
 * `solid-start` 0.2 package.
 *
 * ```ts
 * // src/routes/api/auth/[...solidauth].ts
 * import { SolidAuth, type SolidAuthConfig } from "foyer-auth/solid-start";
 * import GitHub from "foyer-auth/providers/github";
 *
 * export const authOptions: SolidAuthConfig = { providers: [GitHub] };
 * export const { GET, POST } = SolidAuth(authOptions);
 *
 * // anywhere on the server
 * const session = await getSession(event.request, authOptions); // null when signed out
 * ```
 *
 * @module foyer-auth/solid-start
 */
export { getSession, SolidAuth, SOLID_START_PREFIX } from "./solid-auth.js";
export type { SolidAuthConfig, SolidAuthEvent, SolidAuthHandler, SolidAuthHandlers } from "./solid-auth.js";
export { AuthError, CredentialsSignin } from "../../core/errors.js";
/** The key under which a provider takes its own `fetch` (re-exported from `foyer-auth`). */
export { customFetch } from "../../core/custom-fetch.js";
export type { Account, DefaultSession, Profile, Session, User, JWT } from "../../types.js";
