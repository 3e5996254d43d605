/**
 * `foyer-auth/providers/salesforce`: sign in with Salesforce (OpenID Connect, issuer
 * `https://login.salesforce.com`; `https://test.salesforce.com` for sandboxes, or an Experience
 * Cloud site / My Domain URL). The connected app's web-server flow takes the consumer key and secret
 * in the token request's form body (`client_secret_post`) and supports PKCE. The user's id is
 * Salesforce's `user_id` (the `005…` id), also the last segment of `sub` (the identity URL).
 *
 * ```ts
 * import Salesforce from "foyer-auth/providers/salesforce";
 * Salesforce(); // AUTH_SALESFORCE_ID (the Consumer Key), AUTH_SALESFORCE_SECRET (the Consumer Secret)
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Salesforce ID token / userinfo answer. */
export interface SalesforceProfile {
  /** The identity URL, `https://login.salesforce.com/id/<org id>/<user id>`. */
  sub: string;
  user_id?: string;
  organization_id?: string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  profile?: string;
  zoneinfo?: string;
  locale?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Salesforce (OpenID Connect, issuer `https://login.salesforce.com`).
 * Options: `clientId` and `clientSecret` (default `AUTH_SALESFORCE_ID`, `AUTH_SALESFORCE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/salesforce` (default basePath `/auth`).
 * `clientId` / `clientSecret` are the Consumer Key and Secret; set `issuer` for sandboxes or My Domain (`AUTH_SALESFORCE_ISSUER` is read only when the factory itself is listed (`providers: [Salesforce]`)).
 * Default scopes: `openid profile email`.
 * @example
 * ```ts
 * import Salesforce from "foyer-auth/providers/salesforce";
 * const config = { providers: [Salesforce({ clientId: process.env.AUTH_SALESFORCE_ID, clientSecret: process.env.AUTH_SALESFORCE_SECRET })] };
 * ```
 */
export default function Salesforce(options: Partial<OAuthConfig<SalesforceProfile>> = {}): OAuthConfig<SalesforceProfile> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    issuer: "https://login.salesforce.com",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const id = profile.user_id ?? profile.sub.split("/").pop() ?? profile.sub;
      return { id, name: profile.name ?? profile.preferred_username ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#00A1E0" },
    options,
  };
}
