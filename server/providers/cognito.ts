/**
 * `foyer-auth/providers/cognito`: sign in through an Amazon Cognito user pool (OpenID Connect). The
 * issuer is the user pool's, `https://cognito-idp.<region>.amazonaws.com/<user-pool-id>`; its
 * discovery document points the browser at the pool's managed-login domain.
 *
 * ```ts
 * import Cognito from "foyer-auth/providers/cognito";
 * Cognito(); // AUTH_COGNITO_ID, AUTH_COGNITO_SECRET, AUTH_COGNITO_ISSUER=https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Cognito ID token (standard attributes the app client may read). */
export interface CognitoProfile {
  sub: string;
  iss: string;
  aud: string;
  token_use?: "id";
  "cognito:username"?: string;
  "cognito:groups"?: string[];
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  phone_number?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with an Amazon Cognito user pool (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_COGNITO_ID`, `AUTH_COGNITO_SECRET`) and the required `issuer` (default `AUTH_COGNITO_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/cognito` (default basePath `/auth`).
 * The issuer is `https://cognito-idp.<region>.amazonaws.com/<user-pool-id>`.
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import Cognito from "foyer-auth/providers/cognito";
 * const config = { providers: [Cognito({ clientId: process.env.AUTH_COGNITO_ID, clientSecret: process.env.AUTH_COGNITO_SECRET, issuer: process.env.AUTH_COGNITO_ISSUER })] };
 * ```
 */
export default function Cognito(options: Partial<OAuthConfig<CognitoProfile>> = {}): OAuthConfig<CognitoProfile> {
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? profile["cognito:username"] ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      };
    },
    style: { brandColor: "#DD344C" },
    options,
  };
}
