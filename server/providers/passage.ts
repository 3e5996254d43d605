/**
 * `foyer-auth/providers/passage`: sign in through Passage by 1Password (OpenID Connect, passkeys on
 * Passage's side). The issuer is the app's auth URL, `https://<app id>.withpassage.com`; the client
 * authenticates with HTTP Basic (`client_secret_basic`).
 *
 * ```ts
 * import Passage from "foyer-auth/providers/passage";
 * Passage(); // AUTH_PASSAGE_ID, AUTH_PASSAGE_SECRET, AUTH_PASSAGE_ISSUER=https://<app id>.withpassage.com
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Passage ID token. */
export interface PassageProfile {
  iss: string;
  sub: string;
  aud: string[] | string;
  exp: number;
  iat: number;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  [claim: string]: unknown;
}

/**
 * Sign in with Passage (OpenID Connect).
 * Options: `clientId`, `clientSecret` and the required `issuer` (default `AUTH_PASSAGE_ID`, `AUTH_PASSAGE_SECRET`, `AUTH_PASSAGE_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/passage` (default basePath `/auth`).
 * Default scopes: `openid profile email`; client authentication: `client_secret_basic`.
 * @example
 * ```ts
 * import Passage from "foyer-auth/providers/passage";
 * const config = { providers: [Passage({ clientId: process.env.AUTH_PASSAGE_ID, clientSecret: process.env.AUTH_PASSAGE_SECRET, issuer: process.env.AUTH_PASSAGE_ISSUER })] };
 * ```
 */
export default function Passage(options: Partial<OAuthConfig<PassageProfile>> = {}): OAuthConfig<PassageProfile> {
  return {
    id: "passage",
    name: "Passage",
    type: "oidc",
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile: (profile) => oidcProfile(profile),
    style: { brandColor: "#3d53f6" },
    options,
  };
}
