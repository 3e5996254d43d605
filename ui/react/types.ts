"use client";
/**
 * The public types of `foyer-auth/react`, named and shaped as `next-auth/react` names them, so that
 * code written against next-auth type-checks unchanged.
 *
 * @module
 */
import type { ReactNode } from "react";
import type { Session } from "../../server/types.js";
import type { ClientProvider } from "../client/providers.js";

/**
 * `update()` of {@link SessionContextValue}: with `data`, posts it to the server's jwt callback
 * (`trigger: "update"`); without, fetches the session again. Resolves with the new session, or
 * `null` when there is none or the request failed.
 */
export type UpdateSession = (data?: any) => Promise<Session | null>;

/**
 * What `useSession()` returns. With `required: true` (`R = true`) the status is never
 * `"unauthenticated"`: a signed-out visitor is sent to sign in and the hook keeps saying `"loading"`.
 */
export type SessionContextValue<R extends boolean = false> = R extends true
  ? { update: UpdateSession; data: Session; status: "authenticated" } | { update: UpdateSession; data: null; status: "loading" }
  : { update: UpdateSession; data: Session; status: "authenticated" } | { update: UpdateSession; data: null; status: "unauthenticated" | "loading" };

/** Options of `useSession()`. */
export interface UseSessionOptions<R extends boolean> {
  /** `true`: a signed-out visitor is sent to sign in (or `onUnauthenticated` runs). */
  required: R;
  /** Runs instead of the redirect to the sign-in page when `required` is `true` and nobody is signed in. */
  onUnauthenticated?: () => void;
}

/** The props of `<SessionProvider>`. */
export interface SessionProviderProps {
  children: ReactNode;
  /**
   * The session the server already read (e.g. `await auth()` in a server component). Given (also as
   * `null`), the first render shows it and no request is made: no `"loading"` flash. When a later
   * server render passes a different session, the provider shows that one.
   */
  session?: Session | null;
  /** The origin Foyer is served from, when it is not the page's own. Default: the page's origin. */
  baseUrl?: string;
  /** Where Foyer's handler is mounted (the server's `basePath`). Default `"/api/auth"`, as next-auth. */
  basePath?: string;
  /** Re-fetch the session every this many seconds while signed in. `0` (default): never. */
  refetchInterval?: number;
  /** Re-fetch the session when the tab becomes visible again. Default `true`. */
  refetchOnWindowFocus?: boolean;
  /** `false`: do not poll (`refetchInterval`) while the browser is offline (`navigator.onLine`). */
  refetchWhenOffline?: false;
}

/**
 * Options of `signIn()`. Every key other than `redirect`, `redirectTo` and `callbackUrl` is posted as
 * a form field (e.g. `email`, `password`).
 */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string;
  /** Where to land after sign-in. Default: the current page. */
  redirectTo?: string;
  /** `false`: stay on the page and resolve with a {@link SignInResponse} instead of navigating. */
  redirect?: Redirect;
}

/** Extra query parameters for the sign-in URL (forwarded to an OAuth provider). */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/**
 * What `signIn(…, { redirect: false })` resolves with.
 *
 * - `error`: the error code (`"CredentialsSignin"`, `"MissingCSRF"`, `"NetworkError"`, …), or `undefined`.
 * - `code`: the credentials code of a `CredentialsSignin` (e.g. `"credentials"`), or `undefined`.
 * - `status`: the HTTP status of the answer (`0` when nothing was answered).
 * - `ok`: `true` only when the sign-in was accepted (unlike next-auth, `false` whenever `error` is set).
 * - `url`: where the server would have sent the visitor; `null` on failure.
 */
export interface SignInResponse {
  error: string | undefined;
  code: string | undefined;
  status: number;
  ok: boolean;
  url: string | null;
}

/** Options of `signOut()`. */
export interface SignOutParams<Redirect extends boolean = true> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string;
  /** Where to land after sign-out. Default: the current page. */
  redirectTo?: string;
  /** `false`: stay on the page (every `useSession()` turns `"unauthenticated"`) and resolve with the URL. */
  redirect?: Redirect;
}

/** What `signOut({ redirect: false })` resolves with: where the server would have sent the visitor. */
export interface SignOutResponse {
  url: string;
}

/**
 * Parameters of `getSession()`, accepted for next-auth compatibility. Foyer's `getSession()` never
 * makes other tabs fetch again, so `broadcast` and `triggerEvent` change nothing.
 */
export interface GetSessionParams {
  event?: "storage" | "timer" | "hidden" | string;
  triggerEvent?: boolean;
  broadcast?: boolean;
}

/**
 * A provider as `getProviders()` lists it: `id`, `name`, `type`, `signinUrl`, `callbackUrl` (plus the
 * `fields` and `style` Foyer adds for its web components).
 */
export interface ClientSafeProvider extends ClientProvider {
  /** In next-auth's type, but sent by neither Auth.js nor Foyer: always `undefined`. */
  redirectTo?: string;
}
