/**
 * `foyer-auth/next`: Foyer for Next.js (App Router and Pages Router), with next-auth v5's API. An app
 * written for next-auth v5 switches by changing `next-auth` to `foyer-auth/next` and
 * `next-auth/providers/<id>` to `foyer-auth/providers/<id>` (docs/next.md).
 *
 * ```ts
 * // auth.ts
 * import NextAuth from "foyer-auth/next";
 * import Credentials from "foyer-auth/providers/credentials";
 *
 * export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
 *   providers: [Credentials({ credentials: { email: {}, password: {} }, authorize })],
 * });
 * ```
 *
 * Extend the session type as with next-auth: `declare module "foyer-auth/next" { interface Session { … } }`.
 *
 * @module foyer-auth/next
 */
export { default, checkRuntime, NEXT_BASE_PATH } from "./next-auth.js";
export { AuthError, CredentialsSignin } from "../../core/errors.js";
export type {
  AppRouteHandlerFn,
  NextAuthConfig,
  NextAuthConfigInput,
  NextAuthFunction,
  NextAuthRequest,
  NextAuthResult,
  NextSignIn,
  NextSignOut,
  NextUpdateSession,
  PagesContext,
  SignInOptions,
} from "./types.js";
export type { Account, DefaultSession, Profile, Session, User } from "../../types.js";
export type { JWT } from "../../types.js";
