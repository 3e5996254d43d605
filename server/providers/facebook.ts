/**
 * `foyer-auth/providers/facebook`: "Log in with Facebook" (OAuth 2, Facebook Login's manually built
 * flow). The login dialog is `www.facebook.com/dialog/oauth`, the code is exchanged at
 * `graph.facebook.com/oauth/access_token` (client id and secret as parameters), and the profile is
 * `GET graph.facebook.com/me?fields=id,name,email,picture`. The endpoints carry no version, so the
 * Graph API version configured for the app applies; pin one by overriding the URLs
 * (`https://graph.facebook.com/v23.0/me`, …).
 *
 * ```ts
 * import Facebook from "foyer-auth/providers/facebook";
 * Facebook(); // AUTH_FACEBOOK_ID (the App ID), AUTH_FACEBOOK_SECRET (the App Secret)
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** A Graph API User node with the fields Foyer asks for. */
export interface FacebookProfile {
  id: string;
  name?: string;
  /** Only with the `email` permission, and only when the user has a confirmed address. */
  email?: string;
  picture?: { data: { url: string; width?: number; height?: number; is_silhouette?: boolean } };
  first_name?: string;
  last_name?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Facebook (OAuth 2, Facebook Login).
 * Options: `clientId` and `clientSecret` (default `AUTH_FACEBOOK_ID`, `AUTH_FACEBOOK_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/facebook` (default basePath `/auth`).
 * `clientId` / `clientSecret` are the App ID and App Secret.
 * Default scope: `email`; the profile is `GET /me?fields=id,name,email,picture` (unversioned Graph API).
 * @example
 * ```ts
 * import Facebook from "foyer-auth/providers/facebook";
 * const config = { providers: [Facebook({ clientId: process.env.AUTH_FACEBOOK_ID, clientSecret: process.env.AUTH_FACEBOOK_SECRET })] };
 * ```
 */
export default function Facebook(options: Partial<OAuthConfig<FacebookProfile>> = {}): OAuthConfig<FacebookProfile> {
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: { url: "https://www.facebook.com/dialog/oauth", params: { scope: "email" } },
    token: { url: "https://graph.facebook.com/oauth/access_token" },
    userinfo: { url: "https://graph.facebook.com/me", params: { fields: "id,name,email,picture" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.id, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture?.data?.url ?? null };
    },
    style: { brandColor: "#0866FF" },
    options,
  };
}
