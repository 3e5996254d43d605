/**
 * One browser client per `basePath`, shared by every element on the page, and a session cache with a
 * single request in flight: five elements showing the session cost one `GET /session`, refreshed when
 * the session changes in this tab or another.
 *
 * The client is put together here from the client's own parts (ui/client/), the way
 * `createAuthClient()` does, so that an element takes only what it calls: `<auth-signin>` and
 * `<auth-provider-button>` use {@link signinClient} (providers and sign-in), the session elements
 * {@link authClient}. Both are views of the same parts (URL, CSRF token and provider caches, session
 * bus), so they share caches and notifications exactly as one `createAuthClient()` would.
 */
import type { AuthClient, ClientProvider, SignInResult } from "../client/index.js";
import { createSessionBus, subscribe } from "../client/broadcast.js";
import { createCsrfStore } from "../client/csrf.js";
import { createContext } from "../client/options.js";
import { createProvidersStore } from "../client/providers.js";
import { fetchSession, postSessionUpdate } from "../client/session.js";
import { signIn, signInWith, type SignInDeps } from "../client/signin.js";
import { signOut } from "../client/signout.js";
import type { Session, Theme } from "../../server/types.js";

/** The client's parts, plus the server's theme once asked for (./site-theme.ts). */
type Parts = Omit<SignInDeps, "csrf"> & { csrf?: SignInDeps["csrf"]; theme?: Promise<Theme | undefined> };

const parts = new Map<string, Parts>();
const clients = new Map<string, AuthClient>();
const sessions = new Map<string, Promise<Session | null>>();

export const DEFAULT_BASE_PATH = "/auth";

/** The parts of the client for `basePath`, created once. */
function partsOf(basePath: string): Parts {
  let found = parts.get(basePath);
  if (!found) {
    const ctx = createContext({ basePath });
    parts.set(basePath, (found = { ctx, providers: createProvidersStore(ctx), bus: createSessionBus() }));
  }
  return found;
}

/**
 * The parts with the CSRF token cache, made on first use: only what posts needs it, so a bundle that
 * only reads (`<auth-signin>` before anyone signs in, ./auth-signin/sign-in-request-loader.ts) carries no CSRF code.
 */
function postingParts(basePath: string): SignInDeps {
  const deps = partsOf(basePath);
  deps.csrf ??= createCsrfStore(deps.ctx);
  return deps as SignInDeps;
}

/** The providers of `basePath` (cached; `null` when they could not be loaded). */
export async function loadProviders(basePath: string = DEFAULT_BASE_PATH): Promise<Record<string, ClientProvider> | null> {
  const result = await partsOf(basePath).providers.load();
  return result.ok ? { ...result.providers } : null;
}

/**
 * The server's theme for `basePath` (`GET {basePath}/assets/theme.json`), fetched once: `undefined`
 * when none is configured (a 204) or the route is missing. Rejects on a network failure or an answer
 * that is not JSON; callers hand it to `waitFor` (./pending-work.ts), which takes that as no theme.
 */
export function loadSiteTheme(basePath: string): Promise<Theme | undefined> {
  const deps = partsOf(basePath);
  return (deps.theme ??= deps.ctx.fetch("/assets/theme.json").then((response) => (response.status === 200 ? (response.json() as Promise<Theme>) : undefined)));
}

/** What the sign-in elements use of a client. */
export interface SigninClient {
  /** As `getProviders()` of the client. */
  getProviders(): Promise<Record<string, ClientProvider> | null>;
  /**
   * As `signIn(providerId, { ...fields, callbackUrl, redirect })` of the client, for the elements' own
   * forms (fields are strings; no authorization parameters). An empty or absent `callbackUrl` means
   * the current page.
   */
  signIn(providerId: string, fields: Record<string, string>, callbackUrl?: string, redirect?: boolean): Promise<SignInResult>;
}

/**
 * The client's provider list and sign-in, for `basePath`: a view of the shared parts, made on each
 * call (it holds no state of its own, so there is nothing to cache).
 */
export function signinClient(basePath: string = DEFAULT_BASE_PATH): SigninClient {
  const deps = postingParts(basePath);
  return {
    getProviders: () => loadProviders(basePath),
    signIn: (providerId, fields, callbackUrl, redirect) => signInWith(deps, providerId, fields, callbackUrl || deps.ctx.currentHref(), redirect),
  };
}

/** The whole client for `basePath`, as `createAuthClient({ basePath })` makes it. */
export function authClient(basePath: string = DEFAULT_BASE_PATH): AuthClient {
  let client = clients.get(basePath);
  if (!client) {
    const deps = postingParts(basePath);
    const { ctx, csrf, bus } = deps;
    client = {
      getProviders: signinClient(basePath).getProviders,
      signIn: (providerId, options, authorizationParams) => signIn(deps, providerId, options, authorizationParams),
      async getCsrfToken() {
        const result = await csrf.load();
        return result.ok ? result.token : null;
      },
      getSession: () => fetchSession(ctx),
      signOut: (options) => signOut(ctx, csrf, bus, options),
      updateSession: (data) => postSessionUpdate(ctx, csrf, bus, data),
      onSessionChange: (listener) => subscribe(bus, listener),
    };
    // The shared session (loadSession) is dropped whenever the session changes, here or in another tab.
    subscribe(bus, () => sessions.delete(basePath));
    clients.set(basePath, client);
  }
  return client;
}

/** The current session, fetched once and shared until it changes. */
export function loadSession(basePath: string = DEFAULT_BASE_PATH): Promise<Session | null> {
  let session = sessions.get(basePath);
  if (!session) {
    session = authClient(basePath).getSession();
    sessions.set(basePath, session);
  }
  return session;
}
