/**
 * Loads `<auth-signin>`'s sign-in request code (./sign-in-request.ts) on demand: a chunk of its own
 * in an app's bundle. The self-contained auth-signin.js gets ./sign-in-request-loader.bundle.ts
 * instead (scripts/build-elements.mjs), which fetches it from Foyer.
 *
 * @module
 */
export type SignInRequest = typeof import("./sign-in-request.js");

/** The sign-in request module (`basePath`: the Foyer it would be fetched from, in the self-contained bundle). */
export function loadSignInRequest(_basePath: string): Promise<SignInRequest> {
  return import("./sign-in-request.js");
}
