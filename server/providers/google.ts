/**
 * `foyer-auth/providers/google`: "Sign in with Google" (OpenID Connect). Endpoints come from Google's
 * discovery document at `https://accounts.google.com/.well-known/openid-configuration`; the profile
 * from the validated ID token (`sub`, `name`, `email`, `picture`).
 *
 * ```ts
 * import Google from "foyer-auth/providers/google";
 * Google(); // AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET
 * // A refresh token: ask for offline access (and consent, so Google issues one every time).
 * Google({ authorization: { params: { access_type: "offline", prompt: "consent" } } });
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Google ID token. */
export interface GoogleProfile {
  iss: string;
  azp?: string;
  aud: string;
  sub: string;
  email?: string;
  email_verified?: boolean;
  at_hash?: string;
  name?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  /** The Google Workspace domain of the account, when it has one. */
  hd?: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

/**
 * Sign in with Google (OpenID Connect, issuer `https://accounts.google.com`).
 * Options: `clientId` and `clientSecret` (default `AUTH_GOOGLE_ID`, `AUTH_GOOGLE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/google` (default basePath `/auth`).
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import Google from "foyer-auth/providers/google";
 * const config = { providers: [Google({ clientId: process.env.AUTH_GOOGLE_ID, clientSecret: process.env.AUTH_GOOGLE_SECRET })] };
 * ```
 */
export default function Google(options: Partial<OAuthConfig<GoogleProfile>> = {}): OAuthConfig<GoogleProfile> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#1a73e8" },
    options,
  };
}
