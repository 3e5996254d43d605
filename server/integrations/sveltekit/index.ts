/**
 * `foyer-auth/sveltekit`: Foyer for SvelteKit 2 and 3, with `@auth/sveltekit`'s API. An app written
 * for `@auth/sveltekit` switches by changing `@auth/sveltekit` to `foyer-auth/sveltekit`,
 * `@auth/sveltekit/providers/<id>` to `foyer-auth/providers/<id>` and `@auth/sveltekit/components` to
 * `foyer-auth/sveltekit/components` (docs/sveltekit.md).
 *
 * ```ts
 * // src/auth.ts
 * import { SvelteKitAuth } from "foyer-auth/sveltekit";
 * import GitHub from "foyer-auth/providers/github";
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [GitHub] });
 *
 * // src/hooks.server.ts
 * export { handle } from "./auth";
 *
 * // src/routes/+layout.server.ts
 * export const load = async (event) => ({ session: await event.locals.auth() });
 * ```
 *
 * This module reads SvelteKit's virtual modules (`$env/dynamic/private`, `$app/environment`,
 * `$app/paths`), so it runs only inside a SvelteKit app, bundled by Vite — which the package's
 * `svelte` peer dependency makes SvelteKit do.
 *
 * @module foyer-auth/sveltekit
 */
import { env } from "$env/dynamic/private";
import { building, dev } from "$app/environment";
import { resolve } from "$app/paths";
import type { RequestEvent } from "@sveltejs/kit";
import { createSvelteKitAuth, type SvelteKitRuntime } from "./sveltekit-auth.js";
import type { SvelteKitAuthConfigInput, SvelteKitAuthResult } from "./types.js";

/**
 * SvelteKit's `paths.base` as this request sees it. `resolve("/")` is the app's root (`$app/paths`
 * exports `base` on SvelteKit 2 only); it may be relative to the page when `paths.relative` is on, so
 * it is resolved against the request's URL.
 */
function base(event: RequestEvent): string {
  const root = new URL((resolve as (path: string) => string)("/"), event.url).pathname;
  return root.replace(/\/+$/, "");
}

const RUNTIME: SvelteKitRuntime = { env: () => env, dev, building: () => building, base };

/**
 * Foyer for SvelteKit: `export const { handle, signIn, signOut } = SvelteKitAuth(config)`.
 *
 * - `handle` (export it from `src/hooks.server.ts`, alone or in `sequence()`) answers Foyer's routes
 *   under the base path — `${paths.base}/auth` unless the config or the path of `AUTH_URL` names
 *   another — and gives every request `event.locals.auth()`: the session, or `null` when signed out
 *   or when it could not be read (the error is logged; a page never sees an exception).
 * - `signIn` and `signOut` are form actions (`export const actions = { default: signIn }`), reading the
 *   fields `@auth/sveltekit` reads: `providerId`, `redirectTo`, `redirect`, `authorizationParams-*`,
 *   and the provider's own (`email`, `password`, …).
 *
 * The secret, `AUTH_URL`, `AUTH_TRUST_HOST` and `AUTH_<PROVIDER>_ID` / `_SECRET` are read from
 * SvelteKit's private environment (`$env/dynamic/private`), so `.env` files work in development.
 *
 * @param config The config, or a function of the request event that returns it.
 */
export function SvelteKitAuth(config: SvelteKitAuthConfigInput): SvelteKitAuthResult {
  return createSvelteKitAuth(config, RUNTIME);
}

export { AuthError, CredentialsSignin } from "../../core/errors.js";
/** The key under which a provider takes its own `fetch` (re-exported from `foyer-auth`, as `@auth/sveltekit` re-exports `@auth/core`'s). */
export { customFetch } from "../../core/custom-fetch.js";
export type { Handle, SvelteKitAuthConfig, SvelteKitAuthConfigInput, SvelteKitAuthResult } from "./types.js";
export type { Account, DefaultSession, Profile, Session, User } from "../../types.js";
