/**
 * auth-signin.js's ./sign-in-request-loader.ts: fetches the sign-in request code from Foyer as
 * `{basePath}/assets/auth-signin-request.<hash>.js`, a self-contained bundle whose served name the
 * build writes here as `__FOYER_SIGNIN_REQUEST__` (scripts/build-elements.mjs). A failed load (offline,
 * or a page older than the deployed Foyer) rejects; the element reports it as a network error.
 *
 * @module
 */
import { importFoyerAsset } from "../../internal/foyer-asset.js";
import type { SignInRequest } from "./sign-in-request-loader.js";

declare const __FOYER_SIGNIN_REQUEST__: string;

export function loadSignInRequest(basePath: string): Promise<SignInRequest> {
  return importFoyerAsset(basePath, __FOYER_SIGNIN_REQUEST__) as Promise<SignInRequest>;
}
