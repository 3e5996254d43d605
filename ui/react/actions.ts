"use client";
/**
 * `signIn`, `signOut`, `getSession`, `getCsrfToken` and `getProviders` with next-auth/react's
 * signatures, on `foyer-auth/client`'s requests. They act on the page's shared client (the base path
 * of `<SessionProvider>`) and keep the page's `useSession()` and other tabs up to date.
 *
 * @module
 */
import type { Session } from "../../server/types.js";
import { otherClientsOnly } from "../client/broadcast.js";
import { isNavigable, type ClientContext } from "../client/options.js";
import { signInWith, type SignInDeps } from "../client/signin.js";
import { signOut as signOutWith } from "../client/signout.js";
import { publishSession, readSession, refreshSessions } from "./session-sync.js";
import { sharedClient, type SharedClient } from "./shared-client.js";
import type {
  ClientSafeProvider,
  GetSessionParams,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
} from "./types.js";

/** The shared client's context with navigation switched off: these functions decide themselves when to navigate. */
function staying(ctx: ClientContext): ClientContext {
  return { ...ctx, navigate: () => {} };
}

/** Provider kinds whose successful sign-in sets the session at once. */
const SIGNS_IN_AT_ONCE = ["credentials"];

/**
 * The current session, fetched from `GET {basePath}/session` (which also rolls the session cookie
 * forward). Every `useSession()` of the page shows what it returns.
 *
 * @param _params Accepted for next-auth compatibility and ignored: other tabs are not asked to fetch again.
 * @returns The session, or `null` when signed out or when it cannot be read.
 */
export async function getSession(_params?: GetSessionParams): Promise<Session | null> {
  const read = await readSession();
  if (!read.ok) return null;
  publishSession(read.session);
  return read.session;
}

/**
 * The CSRF token from `GET {basePath}/csrf`, for a form you post yourself (a hidden `csrfToken`
 * field). Cached in memory after the first success.
 *
 * @returns The token, or `""` when it cannot be fetched (as next-auth).
 */
export async function getCsrfToken(): Promise<string> {
  const result = await sharedClient().csrf.load();
  return result.ok ? (result.token ?? "") : "";
}

/**
 * The configured providers from `GET {basePath}/providers`, keyed by id (to render your own sign-in
 * buttons). Cached after the first success.
 *
 * @returns The map, or `null` when it cannot be fetched.
 */
export async function getProviders(): Promise<Record<string, ClientSafeProvider> | null> {
  const result = await sharedClient().providers.load();
  return result.ok ? { ...result.providers } : null;
}

/** The form fields of `signIn()` options: strings, numbers, booleans and bigints as text; the rest left out. */
function formFields(fields: Record<string, unknown>): Record<string, string> {
  const posted: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (/^(?:string|number|boolean|bigint)$/.test(typeof value)) posted[key] = String(value as string | number | boolean | bigint);
  }
  return posted;
}

/** `?<params>`, or `""` when there are none or they cannot be read as query parameters. */
function queryOf(params: SignInAuthorizationParams | undefined): string {
  try {
    const query = params === undefined ? "" : new URLSearchParams(params).toString();
    return query && `?${query}`;
  } catch {
    return "";
  }
}

/** Goes to `{basePath}/signin`, passing `callbackUrl` when there is one. */
function toSignInPage(client: SharedClient, callbackUrl: string | undefined): void {
  client.ctx.navigate(client.ctx.url(`/signin${callbackUrl === undefined ? "" : `?${new URLSearchParams({ callbackUrl })}`}`));
}

/** A failed `redirect: false` sign-in. */
function failed(error: string, status: number): SignInResponse {
  return { error, code: undefined, status, ok: false, url: null };
}

/**
 * Signs in, as next-auth/react's `signIn`.
 *
 * - No provider: goes to the sign-in page (`{basePath}/signin?callbackUrl=…`).
 * - Credentials: posts the other options as form fields to `{basePath}/callback/<id>`. E-mail and
 *   OAuth/OIDC: posts to `{basePath}/signin/<id>` with `authorizationParams` in the query.
 * - By default then goes where the server says: the callback URL, the verify-request page, the
 *   provider's authorization page, or the sign-in page showing the error. With `redirect: false` it
 *   stays and resolves with `{ error, code, status, ok, url }`; a successful credentials sign-in is
 *   then visible to every `useSession()` of the page by the time it resolves, and to other tabs.
 *
 * ```tsx
 * const result = await signIn("credentials", { email, password, redirect: false });
 * if (result.error) setMessage(result.code === "credentials" ? "Wrong e-mail or password" : result.error);
 * ```
 *
 * @param provider The provider's id, e.g. `"credentials"` or `"github"`; omit it for the sign-in page.
 * @param options `redirect`, `redirectTo` (or the older `callbackUrl`), and the fields to post.
 * @param authorizationParams Extra query parameters for the sign-in URL.
 * @throws {TypeError} For a WebAuthn provider: use `signInWithPasskey()` from `foyer-auth/client/passkey`.
 * @throws {Error} When it should navigate but the server gave nowhere to go (no answer, a server error).
 */
export function signIn(provider?: string, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>;
export function signIn(provider?: string, options?: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>;
export async function signIn(
  provider?: string,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  const client = sharedClient();
  const { callbackUrl, redirectTo, redirect = true, ...fields } = options ?? {};
  const target = redirectTo ?? callbackUrl ?? client.ctx.currentHref();
  const navigates = Boolean(redirect);

  if (!provider) {
    toSignInPage(client, target);
    return undefined;
  }
  const loaded = await client.providers.load();
  if (!loaded.ok) {
    if (!navigates) return failed(loaded.error, loaded.status);
    client.ctx.navigate(client.ctx.url("/error"));
    return undefined;
  }
  const chosen = loaded.providers[provider];
  if (!chosen) {
    if (!navigates) return failed("Configuration", 0);
    toSignInPage(client, target);
    return undefined;
  }
  if (chosen.type === "webauthn") {
    throw new TypeError(`Provider id "${provider}" refers to a WebAuthn provider: sign in with signInWithPasskey() from "foyer-auth/client/passkey".`);
  }

  const deps: SignInDeps = { ctx: staying(client.ctx), csrf: client.csrf, providers: client.providers, bus: otherClientsOnly(client.bus) };
  const result = await signInWith(deps, chosen.id, formFields(fields), target, false, queryOf(authorizationParams));

  if (navigates) {
    // On failure too: the server's URL is then its sign-in or error page showing why, as with next-auth.
    if (result.url === null || !isNavigable(result.url)) {
      throw new Error(`foyer-auth: signIn("${chosen.id}") failed with ${result.error ?? "Configuration"} and no page to go to`);
    }
    client.ctx.navigate(result.url);
    return undefined;
  }
  if (result.ok && SIGNS_IN_AT_ONCE.includes(chosen.type)) await refreshSessions();
  return {
    error: result.error,
    code: result.code,
    status: result.status,
    ok: result.ok,
    url: result.ok ? result.url : null,
  };
}

/**
 * Signs out with `POST {basePath}/signout`, as next-auth/react's `signOut`: every `useSession()` of
 * the page and of other tabs turns `"unauthenticated"`, then the page goes where the server says
 * (by default the current page), or with `redirect: false` stays and resolves with `{ url }`.
 *
 * @param options `redirect` and `redirectTo` (or the older `callbackUrl`).
 * @throws {Error} When the server did not sign the user out (no answer, a server error, a CSRF failure
 *   with `redirect: false`): the page never shows a signed-out state that is not true.
 */
export function signOut(options?: SignOutParams<true>): Promise<void>;
export function signOut(options?: SignOutParams<false>): Promise<SignOutResponse>;
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  const client = sharedClient();
  const { redirect = true, callbackUrl, redirectTo = callbackUrl ?? client.ctx.currentHref() } = options ?? {};
  const result = await signOutWith(staying(client.ctx), client.csrf, otherClientsOnly(client.bus), {
    redirect: false,
    ...(redirectTo === undefined ? {} : { redirectTo }),
  });
  if (result.ok) publishSession(null);
  if (result.url !== null && (result.ok || redirect) && isNavigable(result.url)) {
    if (!redirect) return { url: result.url };
    client.ctx.navigate(result.url);
    return undefined;
  }
  throw new Error(`foyer-auth: signOut failed with ${result.error ?? "Configuration"}`);
}
