/**
 * The types of `foyer-auth/hono`, named as `@hono/auth-js` names them so that an app's type imports
 * keep working after its import path changes.
 */
import type { Context } from "hono";
import type { AdapterUser } from "../../adapters/types.js";
import type { AuthConfig as FoyerAuthConfig, JWT, Session } from "../../types.js";

/** Foyer's config, as `initAuthConfig` takes it (`raw` is Foyer's internal marker and not the app's to set). */
export interface AuthConfig extends Omit<FoyerAuthConfig, "raw"> {}

/** Returns the config for a request; may read `c.env` (workers) or anything else on the context. */
export type ConfigHandler = (c: Context) => AuthConfig | Promise<AuthConfig>;

/** The environment variables the integration reads (from `c.env` and the runtime's environment). */
export type AuthEnv = {
  AUTH_URL?: string;
  AUTH_SECRET: string;
  AUTH_REDIRECT_PROXY_URL?: string;
  [key: string]: string | undefined;
};

/**
 * The signed-in user of a request, as `getAuthUser(c)` returns it and `verifyAuth()` puts it under
 * `c.get("authUser")`: the session as `GET {basePath}/session` answers it, and what the `session`
 * callback was given beside it: the JWT with cookie sessions, the adapter's user with database sessions.
 */
export type AuthUser = {
  session: Session;
  token?: JWT;
  user?: AdapterUser;
};

declare module "hono" {
  interface ContextVariableMap {
    authUser: AuthUser;
    authConfig: AuthConfig;
  }
}
