/**
 * `foyer-auth/express`: Foyer for Express 4 and 5, with the API of `@auth/express`. An app written for
 * `@auth/express` switches by changing `@auth/express` to `foyer-auth/express` and
 * `@auth/express/providers/<id>` (or `@auth/core/providers/<id>`) to `foyer-auth/providers/<id>`
 * (docs/express.md).
 *
 * ```ts
 * import express from "express";
 * import { ExpressAuth, getSession } from "foyer-auth/express";
 * import Credentials from "foyer-auth/providers/credentials";
 *
 * const authConfig = { providers: [Credentials({ credentials: { email: {}, password: {} }, authorize })] };
 * const app = express();
 * app.use("/auth", ExpressAuth(authConfig));
 * app.get("/me", async (req, res) => res.json(await getSession(req, authConfig, res)));
 * ```
 *
 * @module foyer-auth/express
 */
export { ExpressAuth, getSession, EXPRESS_BASE_PATH } from "./express-auth.js";
export type { ExpressAuthConfig, ExpressAuthMiddleware, ExpressNextFunction, GetSessionResult } from "./express-auth.js";
export type { ExpressRequestFields, ExpressRequestLike } from "./request.js";
export { AuthError, CredentialsSignin } from "../../core/errors.js";
/** The key under which a provider takes its own `fetch` (re-exported from `foyer-auth`, as `@auth/express` re-exports `@auth/core`'s). */
export { customFetch } from "../../core/custom-fetch.js";
export type { Account, DefaultSession, Profile, Session, User } from "../../types.js";
