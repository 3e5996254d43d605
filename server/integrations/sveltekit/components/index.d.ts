import type { Component, Snippet } from "svelte";

/** The props of `<SignIn>`, as `@auth/sveltekit`'s. Other attributes go on the `<form>`. */
export interface SignInProps {
  /** Extra classes for the form (it always has `signInButton`). */
  className?: string;
  /** The provider's id, sent as `providerId`; none shows the sign-in page. */
  provider?: string;
  /** The route (under `paths.base`) whose form action signs in. Default `signin`. */
  signInPage?: string;
  /** Where to go afterwards (`redirectTo`), and whether to redirect. */
  options?: FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, unknown>);
  /** Extra parameters for the provider's authorisation request, sent as `authorizationParams-<name>` fields. */
  authorizationParams?: string | string[][] | Record<string, string> | URLSearchParams;
  /** The provider's own inputs (for `provider="credentials"`): a snippet, or `slot="credentials"`. */
  credentials?: Snippet;
  /** Replaces the e-mail input (e-mail providers). */
  email?: Snippet;
  /** The button's label. */
  submitButton?: Snippet;
  [attribute: string]: unknown;
}

/** The props of `<SignOut>`, as `@auth/sveltekit`'s. Other attributes go on the `<form>`. */
export interface SignOutProps {
  /** Extra classes for the form (it always has `signOutButton`). */
  className?: string;
  /** Where to go afterwards (`redirectTo`), and whether to redirect. */
  options?: { redirectTo?: string; redirect?: boolean };
  /** The route (under `paths.base`) whose form action signs out. Default `signout`. */
  signOutPage?: string;
  /** The button's label. */
  submitButton?: Snippet;
  [attribute: string]: unknown;
}

/** A sign-in form posting to the app's `signIn` form action. */
export const SignIn: Component<SignInProps>;
/** A sign-out form posting to the app's `signOut` form action. */
export const SignOut: Component<SignOutProps>;
