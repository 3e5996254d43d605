/**
 * `foyer-auth/providers/hubspot`: sign in with HubSpot (OAuth 2): authorize at `app.hubspot.com/oauth/authorize` (scope `oauth`), token at `api.hubapi.com/oauth/v1/token` (client id and secret as form parameters). HubSpot has no userinfo endpoint: the user is the token's metadata, `GET api.hubapi.com/oauth/v1/access-tokens/<token>` (the token in the path, no Bearer header), whose `user` is the e-mail address and `user_id` a number.
 *
 * ```ts
 * import HubSpot from "foyer-auth/providers/hubspot";
 * HubSpot(); // AUTH_HUBSPOT_ID, AUTH_HUBSPOT_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { accessToken, providerJson, userinfoUrl } from "./provider-api.js";

/** `GET https://api.hubapi.com/oauth/v1/access-tokens/<token>`'s answer. */
export interface HubSpotProfile {
  token?: string;
  /** The signed-in user's e-mail address. */
  user: string;
  user_id: number;
  hub_id: number;
  hub_domain?: string;
  app_id?: number;
  scopes?: string[];
  token_type?: string;
  expires_in?: number;
  [key: string]: unknown;
}

/**
 * Sign in with HubSpot (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_HUBSPOT_ID`, `AUTH_HUBSPOT_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/hubspot` (default basePath `/auth`).
 * Default scope: `oauth`; `client_secret_post`; PKCE and state. Name and e-mail are both the user's address.
 * @example
 * ```ts
 * import HubSpot from "foyer-auth/providers/hubspot";
 * const config = { providers: [HubSpot({ clientId: process.env.AUTH_HUBSPOT_ID, clientSecret: process.env.AUTH_HUBSPOT_SECRET })] };
 * ```
 */
export default function HubSpot(options: Partial<OAuthConfig<HubSpotProfile>> = {}): OAuthConfig<HubSpotProfile> {
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
    token: { url: "https://api.hubapi.com/oauth/v1/token" },
    userinfo: {
      url: "https://api.hubapi.com/oauth/v1/access-tokens",
      async request({ tokens, provider }) {
        const url = `${userinfoUrl(provider, "HubSpot").replace(/\/$/, "")}/${encodeURIComponent(accessToken(tokens, "HubSpot"))}`;
        return (await providerJson(provider, "HubSpot", url, { bearer: false })) as HubSpotProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.user_id), name: profile.user ?? null, email: profile.user ?? null, image: null };
    },
    style: { bg: "#ff7a59", text: "#fff", brandColor: "#FF7A59" },
    options,
  };
}
