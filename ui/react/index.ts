"use client";
/**
 * `foyer-auth/react`: next-auth/react's API on Foyer. A client module (`"use client"`), so a server
 * component can render `<SessionProvider>` as next-auth apps do; an app switches by changing the
 * import from `next-auth/react` to `foyer-auth/react`.
 *
 * ```tsx
 * "use client";
 * import { useSession, signIn, signOut } from "foyer-auth/react";
 *
 * export function UserMenu() {
 *   const { data: session, status } = useSession();
 *   if (status === "loading") return null;
 *   return session ? <button onClick={() => signOut()}>Sign out {session.user?.name}</button> : <button onClick={() => signIn()}>Sign in</button>;
 * }
 * ```
 *
 * Built on `foyer-auth/client`: the same requests, CSRF handling and cross-tab `BroadcastChannel`.
 * Differences from next-auth/react, with reasons: docs/react.md.
 *
 * @module
 */
export { SessionContext, SessionProvider, useSession } from "./session-provider.js";
export { getCsrfToken, getProviders, getSession, signIn, signOut } from "./actions.js";
export type {
  ClientSafeProvider,
  GetSessionParams,
  SessionContextValue,
  SessionProviderProps,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
  UpdateSession,
  UseSessionOptions,
} from "./types.js";
export type { Session, User } from "../../server/types.js";
