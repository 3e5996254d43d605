/**
 * `foyer-auth/hono`: Foyer for Hono, with `@hono/auth-js`'s API. An app written for `@hono/auth-js`
 * switches by changing `@hono/auth-js` to `foyer-auth/hono` and `@auth/core/providers/<id>` to
 * `foyer-auth/providers/<id>` (docs/hono.md).
 *
 * ```ts
 * import { Hono } from "hono";
 * import { authHandler, initAuthConfig, verifyAuth } from "foyer-auth/hono";
 * import Credentials from "foyer-auth/providers/credentials";
 *
 * const app = new Hono();
 * app.use("*", initAuthConfig((c) => ({ basePath: "/api/auth", providers: [Credentials({ authorize })] })));
 * app.use("/api/auth/*", authHandler());
 * app.use("/api/*", verifyAuth());
 * app.get("/api/me", (c) => c.json(c.get("authUser").session.user));
 * ```
 *
 * @module foyer-auth/hono
 */
export { authEnv, authHandler, getAuthUser, HONO_BASE_PATH, initAuthConfig, setEnvDefaults, verifyAuth } from "./hono-auth.js";
export { AuthError, CredentialsSignin } from "../../core/errors.js";
/** The key under which a provider takes its own `fetch` (re-exported from `foyer-auth`). */
export { customFetch } from "../../core/custom-fetch.js";
export type { AuthConfig, AuthEnv, AuthUser, ConfigHandler } from "./types.js";
export type { Account, DefaultSession, Profile, Session, User, JWT } from "../../types.js";
