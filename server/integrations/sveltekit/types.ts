/**
 * The types of `foyer-auth/sveltekit`, shaped as `@auth/sveltekit`'s so that an app's code
 * type-checks after changing its imports — including the `App.Locals` it adds to.
 */
import type { Action, RequestEvent } from "@sveltejs/kit";
import type { AuthConfig, Awaitable, Session } from "../../types.js";

/** The config of `SvelteKitAuth()`: Foyer's config (`@auth/sveltekit` takes `@auth/core`'s). */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {}

/** The config, or a function of the request that returns it (return the same object each time: Foyer prepares a config once per object). */
export type SvelteKitAuthConfigInput = SvelteKitAuthConfig | ((event: RequestEvent) => Awaitable<SvelteKitAuthConfig>);

/**
 * SvelteKit's `Handle` (exported from `@sveltejs/kit` in SvelteKit 2, from `@sveltejs/kit/hooks` in
 * SvelteKit 3), written out so that the one type fits both.
 */
export type Handle = (input: {
  event: RequestEvent;
  // `opts` is SvelteKit's ResolveOptions, which differ between versions.
  resolve: (event: RequestEvent, opts?: any) => Promise<Response>;
}) => Promise<Response>;

/** What `SvelteKitAuth()` returns. */
export interface SvelteKitAuthResult {
  /** The server hook: answers Foyer's routes under the base path and gives every request `event.locals.auth()`. */
  handle: Handle;
  /** A form action that signs in with the form's `providerId` (fields `redirectTo`, `redirect`, `authorizationParams-*`, and the provider's own). */
  signIn: Action;
  /** A form action that signs out (fields `redirectTo`, `redirect`). */
  signOut: Action;
}

declare global {
  // SvelteKit's own way to type `event.locals`, as `@auth/sveltekit` adds to it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace App {
    interface Locals {
      /** The session, `null` when signed out or when it could not be read (the error is logged). Read once per request. */
      auth(): Promise<Session | null>;
      /** The same function as `auth`, under its older name. */
      getSession(): Promise<Session | null>;
    }
    interface PageData {
      session?: Session | null;
    }
  }
}
