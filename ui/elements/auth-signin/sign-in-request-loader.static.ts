/**
 * foyer-elements.js's ./sign-in-request-loader.ts: that bundle carries the client's sign-in anyway
 * (`<auth-provider-button>` and `<auth-signout>` post too), so the request code is imported statically;
 * a dynamic import that a build without code splitting inlines would only add a module wrapper.
 *
 * @module
 */
import * as request from "./sign-in-request.js";
import type { SignInRequest } from "./sign-in-request-loader.js";

export function loadSignInRequest(_basePath: string): Promise<SignInRequest> {
  return Promise.resolve(request);
}
