/**
 * `createAuthClient()`: one client per Foyer mount, with its own CSRF token and provider caches and
 * its own session-change listeners.
 *
 * @module
 */
import type { Session } from "../../server/types.js";
import { createSessionBus, subscribe, type SessionChangeListener } from "./broadcast.js";
import { createCsrfStore } from "./csrf.js";
import { createContext, type AuthClientOptions } from "./options.js";
import { createProvidersStore, type ClientProvider } from "./providers.js";
import { fetchSession, postSessionUpdate, type UpdateSessionResult } from "./session.js";
import { signIn, type AuthorizationParams, type SignInOptions, type SignInResult } from "./signin.js";
import { signOut, type SignOutOptions, type SignOutResult } from "./signout.js";

/**
 * A browser client of one Foyer server. Every function resolves (never rejects): failures are
 * `null` or `{ ok: false, error }` values.
 */
export interface AuthClient {
  /**
   * The CSRF token from `GET {basePath}/csrf`, cached in memory after the first success.
   * @returns The token; `null` when it cannot be fetched or CSRF protection is off (`404`).
   */
  getCsrfToken(): Promise<string | null>;

  /**
   * The configured providers from `GET {basePath}/providers`, keyed by id, cached after the first
   * success.
   * @returns The map; `null` when it cannot be fetched.
   */
  getProviders(): Promise<Record<string, ClientProvider> | null>;

  /**
   * The current session from `GET {basePath}/session` (never cached: each call asks the server,
   * which also rolls the session cookie forward).
   * @returns The session; `null` when signed out or when the request fails.
   */
  getSession(): Promise<Session | null>;

  /**
   * Signs in.
   *
   * - No `providerId`: navigates to the sign-in page (`{basePath}/signin?callbackUrl=…`).
   * - Credentials: POSTs the fields to `{basePath}/callback/<id>`; e-mail and OAuth/OIDC: POSTs to
   *   `{basePath}/signin/<id>` with `authorizationParams` in the query.
   * - On success navigates to the returned URL (OAuth/OIDC always; credentials and e-mail unless
   *   `redirect: false`). On failure never navigates; the result carries the error code.
   * - First cancels a pending passkey request of `foyer-auth/client/passkey` (the silent autofill one
   *   above all), so no biometric prompt appears after another way in was chosen.
   *
   * @param providerId The provider's id, e.g. `"credentials"` or `"github"`.
   * @param options `redirect`, `redirectTo` (or `callbackUrl`), plus the fields to post.
   * @param authorizationParams Extra query parameters for the sign-in URL.
   */
  signIn(providerId?: string, options?: SignInOptions | FormData, authorizationParams?: AuthorizationParams): Promise<SignInResult>;

  /**
   * Signs out with `POST {basePath}/signout`, tells listeners (here and in other tabs), and
   * navigates to the returned URL unless `redirect: false`.
   * @param options `redirect` and `redirectTo`.
   */
  signOut(options?: SignOutOptions): Promise<SignOutResult>;

  /**
   * Sends `data` to the server's jwt callback (`trigger: "update"`) with `POST {basePath}/session`
   * and returns the updated session. Tells listeners (`"update"`) on success.
   * @param data Anything JSON-serialisable; validate it in the jwt callback.
   */
  updateSession(data: unknown): Promise<UpdateSessionResult>;

  /**
   * Calls `listener` whenever a client changes the session: this one, another client in this tab,
   * or one in another tab of the same origin (through a `BroadcastChannel` named `foyer-auth`).
   * The event carries only the reason; call `getSession()` for the data.
   * @param listener Called with `{ reason: "signin" | "signout" | "update" }`.
   * @returns A function that removes the listener.
   */
  onSessionChange(listener: SessionChangeListener): () => void;
}

/**
 * Creates a browser client. Creating one touches no browser global: `location` is read only when a
 * function runs, so a client may be created at module level in code that is also rendered on the
 * server.
 *
 * ```ts
 * const auth = createAuthClient({ basePath: "/api/auth" });
 * const result = await auth.signIn("credentials", { username, password, redirect: false });
 * if (!result.ok) showError(result.error);
 * ```
 *
 * @param options `basePath` (default `/auth`), `baseUrl` (default `location.origin`), `fetch`, `navigate`.
 */
export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const ctx = createContext(options);
  const csrf = createCsrfStore(ctx);
  const providers = createProvidersStore(ctx);
  const bus = createSessionBus();
  const deps = { ctx, csrf, providers, bus };

  return {
    async getCsrfToken() {
      const result = await csrf.load();
      return result.ok ? result.token : null;
    },
    async getProviders() {
      const result = await providers.load();
      return result.ok ? { ...result.providers } : null;
    },
    getSession: () => fetchSession(ctx),
    signIn: (providerId, signInOptions, authorizationParams) => signIn(deps, providerId, signInOptions, authorizationParams),
    signOut: (signOutOptions) => signOut(ctx, csrf, bus, signOutOptions),
    updateSession: (data) => postSessionUpdate(ctx, csrf, bus, data),
    onSessionChange: (listener) => subscribe(bus, listener),
  };
}
