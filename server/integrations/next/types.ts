/**
 * The types of `foyer-auth/next`, shaped as next-auth v5's so that an app's code type-checks after
 * changing its imports.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFetchEvent, NextRequest } from "next/server.js";
import type { AuthConfig, Awaitable, CallbacksOptions, Session } from "../../types.js";

/** A request seen by `auth(handler)` or the proxy: Next's request with the session as `auth`. */
export interface NextAuthRequest extends NextRequest {
  /** The session, or `null` when signed out (or when it could not be read). */
  auth: Session | null;
}

/** The config of `NextAuth()`: Foyer's config, with `callbacks.authorized` typed for Next's request. */
export interface NextAuthConfig extends Omit<AuthConfig, "callbacks"> {
  callbacks?: Omit<CallbacksOptions, "authorized"> & {
    /**
     * Decides, in `auth` used as middleware / proxy, whether the request may go on: `true` (or
     * anything truthy) lets it through; `false` sends the browser to the sign-in page with
     * `callbackUrl` (never from the sign-in page itself or from Foyer's own routes); a `Response`
     * (a redirect, a 401…) is answered as it is.
     */
    authorized?: (params: { request: NextRequest; auth: Session | null }) => Awaitable<boolean | Response | undefined | null>;
  };
}

/** The config, or a function returning it; the function gets the request when there is one (route handlers, proxy), else `undefined`. */
export type NextAuthConfigInput = NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>);

/** A route handler or middleware that `auth(…)` wraps: it gets the request with `auth` set. */
export type AppRouteHandlerFn = (request: NextAuthRequest, context: any) => Awaitable<Response | void | undefined | null>;

/** A Pages Router context (`getServerSideProps`). */
export interface PagesContext {
  req: IncomingMessage & { cookies?: Partial<Record<string, string>> };
  res: ServerResponse;
}

/**
 * `auth`: reads the session wherever Next runs server code.
 *
 * - `await auth()` in a server component, route handler or server action;
 * - `await auth(req, res)` in a Pages Router API route, `await auth(ctx)` in `getServerSideProps`;
 * - `auth((req) => …)` wraps a route handler or middleware: `req.auth` is the session;
 * - `export { auth as proxy }` (or `as middleware`): protects routes with `callbacks.authorized`.
 */
export interface NextAuthFunction {
  (): Promise<Session | null>;
  (context: PagesContext): Promise<Session | null>;
  (req: PagesContext["req"], res: PagesContext["res"]): Promise<Session | null>;
  (request: NextRequest, event?: NextFetchEvent | unknown): Promise<Response>;
  <Handler extends AppRouteHandlerFn>(handler: Handler): (request: NextRequest, context: any) => Promise<Response>;
}

/** Options of the `signIn` server action: where to go afterwards, whether to redirect, and the form fields. */
export type SignInOptions = FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, unknown>);

/** The sign-in server action: redirects (through Next's `redirect()`) unless `redirect: false`, then returns the URL. */
export type NextSignIn = (
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: string | URLSearchParams | Record<string, string> | [string, string][],
) => Promise<string>;

/** The sign-out server action: redirects unless `redirect: false`, then returns `{ redirect: url }`. */
export type NextSignOut = (options?: { redirectTo?: string; redirect?: boolean }) => Promise<{ redirect: string }>;

/** Updates the session: `trigger: "update"` in the jwt callback, or the adapter's `updateSession` for database sessions. */
export type NextUpdateSession = (data: Partial<Session> | Record<string, unknown>) => Promise<Session | null>;

/** What `NextAuth()` returns. */
export interface NextAuthResult {
  /** `export const { GET, POST } = handlers` in `app/api/auth/[...nextauth]/route.ts`. */
  handlers: { GET: (request: NextRequest) => Promise<Response>; POST: (request: NextRequest) => Promise<Response> };
  auth: NextAuthFunction;
  signIn: NextSignIn;
  signOut: NextSignOut;
  unstable_update: NextUpdateSession;
  /** The same function as `unstable_update`, under a stable name. */
  updateSession: NextUpdateSession;
}
