/**
 * `foyer-auth`: sign-in, sessions and account pages for any web app. Wire-compatible with Auth.js v5.
 *
 * ```ts
 * import { Auth } from "foyer-auth";
 * import Credentials from "foyer-auth/providers/credentials";
 *
 * const config = { providers: [Credentials({ credentials: { … }, authorize })], secret: process.env.AUTH_SECRET };
 * export const handler = (request: Request) => Auth(request, config);
 * ```
 *
 * @module foyer-auth
 */
export { Auth, type ConfigInput } from "./auth.js";
export { getSession } from "./get-session.js";
export { readAccountTokens } from "./oauth/read-tokens.js";
export { raw, skipCSRFCheck } from "./core/markers.js";
export { customFetch } from "./core/custom-fetch.js";
export { setEnvDefaults, createActionURL, isAuthAction, type EnvObject } from "./core/env.js";
export { defaultRedirect } from "./core/redirect.js";
export { accountScriptPath, elementsScriptPath, signinScriptPath } from "./pages/assets.js";
export * from "./core/errors.js";
export type { LoggerInstance, LogLevel, WarningCode } from "./core/logger.js";
export type * from "./types.js";
