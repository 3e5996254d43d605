/**
 * `foyer-auth/errors`: the error classes, as Auth.js's `@auth/core/errors` exports them. Each has a
 * static and an instance `type` (the code pages and clients see), and `kind` for sign-in errors.
 *
 * ```ts
 * import { CredentialsSignin } from "foyer-auth/errors";
 * class InvalidLogin extends CredentialsSignin { code = "invalid_login"; }
 * ```
 */
export * from "./core/errors.js";
