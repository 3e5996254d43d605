/**
 * `foyer-auth/providers/apple`: "Sign in with Apple" (OpenID Connect, issuer
 * `https://appleid.apple.com`). As Apple documents it: the authorization request asks for
 * `scope=name email`, which requires `response_mode=form_post` (Apple POSTs the answer to the
 * callback URL, so Foyer sets the state and nonce cookies `SameSite=None; Secure`); the client
 * secret is a JWT the app signs with its key (ES256) and is sent in the form body
 * (`client_secret_post`); the ID token carries `nonce`, and Apple does not document PKCE, so the
 * checks are nonce and state.
 *
 * ```ts
 * import Apple from "foyer-auth/providers/apple";
 * Apple(); // AUTH_APPLE_ID (the Services ID), AUTH_APPLE_SECRET (the signed client-secret JWT)
 * ```
 *
 * The user's name is sent once, on the first authorization, as the `user` form field of the
 * callback (JSON); it is never in the ID token.
 */
import type { OAuthConfig } from "./oauth.js";

/** The `user` form field Apple posts on a user's first authorization. */
export interface AppleUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** Claims of an Apple ID token (plus `user` when the first-authorization field is available). */
export interface AppleProfile {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  /** The stable user identifier for this team. */
  sub: string;
  nonce?: string;
  nonce_supported?: boolean;
  c_hash?: string;
  at_hash?: string;
  auth_time?: number;
  /** A real address or a private relay address (`…@privaterelay.appleid.com`). */
  email?: string;
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  /** 0 unsupported, 1 unknown, 2 likely real. */
  real_user_status?: 0 | 1 | 2;
  transfer_sub?: string;
  user?: AppleUser;
  [claim: string]: unknown;
}

/**
 * Sign in with Apple (OpenID Connect, issuer `https://appleid.apple.com`).
 * Options: `clientId` and `clientSecret` (default `AUTH_APPLE_ID`, `AUTH_APPLE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/apple` (default basePath `/auth`).
 * `clientId` is the Services ID; `clientSecret` is the ES256-signed client-secret JWT.
 * Default scopes: `name email`, with `response_mode=form_post`; checks: nonce and state.
 * @example
 * ```ts
 * import Apple from "foyer-auth/providers/apple";
 * const config = { providers: [Apple({ clientId: process.env.AUTH_APPLE_ID, clientSecret: process.env.AUTH_APPLE_SECRET })] };
 * ```
 */
export default function Apple(options: Partial<OAuthConfig<AppleProfile>> = {}): OAuthConfig<AppleProfile> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    issuer: "https://appleid.apple.com",
    authorization: { params: { scope: "name email", response_mode: "form_post" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["nonce", "state"],
    profile(profile) {
      const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(" ");
      return { id: profile.sub, name: name || null, email: profile.email ?? null, image: null };
    },
    style: { brandColor: "#000000" },
    options,
  };
}
