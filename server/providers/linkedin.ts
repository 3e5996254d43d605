/**
 * `foyer-auth/providers/linkedin`: "Sign In with LinkedIn using OpenID Connect" (issuer
 * `https://www.linkedin.com/oauth`, scopes `openid profile email`). The app needs that product
 * added in the LinkedIn Developer Portal. LinkedIn offers PKCE only to native clients and
 * authenticates web apps by the client id and secret in the token request's form body
 * (`client_secret_post`), so the check is `state`.
 *
 * ```ts
 * import LinkedIn from "foyer-auth/providers/linkedin";
 * LinkedIn(); // AUTH_LINKEDIN_ID, AUTH_LINKEDIN_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a LinkedIn ID token / userinfo answer. */
export interface LinkedInProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string | { country: string; language: string };
  email?: string;
  email_verified?: boolean;
  [claim: string]: unknown;
}

/**
 * Sign in with LinkedIn (OpenID Connect, issuer `https://www.linkedin.com/oauth`).
 * Options: `clientId` and `clientSecret` (default `AUTH_LINKEDIN_ID`, `AUTH_LINKEDIN_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/linkedin` (default basePath `/auth`).
 * Default scopes: `openid profile email`; check: state (LinkedIn gives web apps no PKCE).
 * @example
 * ```ts
 * import LinkedIn from "foyer-auth/providers/linkedin";
 * const config = { providers: [LinkedIn({ clientId: process.env.AUTH_LINKEDIN_ID, clientSecret: process.env.AUTH_LINKEDIN_SECRET })] };
 * ```
 */
export default function LinkedIn(options: Partial<OAuthConfig<LinkedInProfile>> = {}): OAuthConfig<LinkedInProfile> {
  return {
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    issuer: "https://www.linkedin.com/oauth",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#0A66C2" },
    options,
  };
}
