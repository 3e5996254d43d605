/**
 * `foyer-auth/solid-start/client`: the browser half of `foyer-auth/solid-start`, with the API of
 * `@auth/solid-start/client`: `signIn(provider, options, authorizationParams)` and
 * `signOut({ callbackUrl })`, talking to the API route at `/api/auth`.
 *
 * ```tsx
 * import { signIn, signOut } from "foyer-auth/solid-start/client";
 *
 * <button onClick={() => signIn("github")}>Sign in with GitHub</button>
 * <button onClick={() => signOut({ callbackUrl: "/" })}>Sign out</button>
 * ```
 *
 * `@auth/solid-start/client` always posts to `/api/auth`. With another `prefix`, make a client for it:
 * `const { signIn, signOut } = createSolidAuthClient("/auth")`.
 *
 * Unlike `@auth/solid-start/client`, `signIn` and `signOut` never reject: a failure (a wrong password
 * with `redirect: false`, the network) is the result's `error`.
 *
 * @module
 */
import { createAuthClient, type AuthClient } from "./client.js";
import type { AuthClientOptions } from "./options.js";
import type { AuthorizationParams, SignInOptions, SignInResult } from "./signin.js";
import type { SignOutResult } from "./signout.js";

export { createAuthClient, type AuthClient } from "./client.js";
export type { AuthorizationParams, SignInOptions, SignInResult } from "./signin.js";
export type { SignOutResult } from "./signout.js";
export type { AuthClientOptions } from "./options.js";

/** Options of `signOut()` as `@auth/solid-start/client` takes them, plus Foyer's `redirect` and `redirectTo`. */
export interface SolidSignOutOptions {
  /** Where to land after sign-out (`@auth/solid-start`'s name). Default: the current page. */
  callbackUrl?: string;
  /** Same as `callbackUrl`; wins when both are given. */
  redirectTo?: string;
  /** Go there afterwards (default `true`); `false` resolves with the URL instead. */
  redirect?: boolean;
}

/** The functions of a client for one prefix. */
export interface SolidAuthClient {
  /** Signs in: see `AuthClient.signIn` of `foyer-auth/client`. */
  signIn(provider?: string, options?: SignInOptions | FormData, authorizationParams?: AuthorizationParams): Promise<SignInResult>;
  /** Signs out with `POST {prefix}/signout`, then goes to `callbackUrl` (or the current page). */
  signOut(options?: SolidSignOutOptions): Promise<SignOutResult>;
  /** The underlying `foyer-auth/client` client (session reads, updates, change events). */
  client: AuthClient;
}

/**
 * A client for the API route at `prefix` (default `/api/auth`, as `SolidAuth`'s).
 * Creating one touches no browser global, so it may run at module level in server-rendered code.
 *
 * @param prefix The `prefix` of the app's `SolidAuth` config.
 * @param options The other options of `createAuthClient` (`baseUrl`, `fetch`, `navigate`).
 */
export function createSolidAuthClient(prefix = "/api/auth", options: Omit<AuthClientOptions, "basePath"> = {}): SolidAuthClient {
  const client = createAuthClient({ ...options, basePath: prefix });
  return {
    client,
    signIn: (provider, options, authorizationParams) => client.signIn(provider, options, authorizationParams),
    signOut: ({ callbackUrl, redirectTo, redirect } = {}) => {
      const target = redirectTo ?? callbackUrl;
      return client.signOut({ ...(target !== undefined ? { redirectTo: target } : {}), ...(redirect !== undefined ? { redirect } : {}) });
    },
  };
}

let defaultClient: SolidAuthClient | undefined;

function solidClient(): SolidAuthClient {
  defaultClient ??= createSolidAuthClient();
  return defaultClient;
}

/**
 * Signs in through the API route at `/api/auth` (`@auth/solid-start/client`'s `signIn`).
 *
 * ```ts
 * await signIn("github");
 * const result = await signIn("credentials", { email, password, redirect: false });
 * if (!result.ok) show(result.error); // "CredentialsSignin", …
 * ```
 */
export function signIn(provider?: string, options?: SignInOptions | FormData, authorizationParams?: AuthorizationParams): Promise<SignInResult> {
  return solidClient().signIn(provider, options, authorizationParams);
}

/** Signs out through the API route at `/api/auth` (`@auth/solid-start/client`'s `signOut`). */
export function signOut(options?: SolidSignOutOptions): Promise<SignOutResult> {
  return solidClient().signOut(options);
}
