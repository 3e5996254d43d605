/**
 * `foyer-auth/providers/eventbrite`: sign in with Eventbrite (OAuth 2): authorize at `www.eventbrite.com/oauth/authorize`, the user at `GET www.eventbriteapi.com/v3/users/me/`, whose addresses are a list (`emails`, one `primary`) and whose picture is an `image_id` on Eventbrite's image CDN.
 *
 * ```ts
 * import Eventbrite from "foyer-auth/providers/eventbrite";
 * Eventbrite(); // AUTH_EVENTBRITE_ID, AUTH_EVENTBRITE_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://www.eventbriteapi.com/v3/users/me/`'s answer. */
export interface EventbriteProfile {
  id: string;
  name: string;
  first_name?: string;
  last_name?: string;
  emails: { email: string; verified: boolean; primary: boolean }[];
  image_id?: string | null;
  [key: string]: unknown;
}

/**
 * Sign in with Eventbrite (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_EVENTBRITE_ID`, `AUTH_EVENTBRITE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/eventbrite` (default basePath `/auth`).
 * Default scope: `user.profile`; `client_secret_post`; PKCE and state.
 * @example
 * ```ts
 * import Eventbrite from "foyer-auth/providers/eventbrite";
 * const config = { providers: [Eventbrite({ clientId: process.env.AUTH_EVENTBRITE_ID, clientSecret: process.env.AUTH_EVENTBRITE_SECRET })] };
 * ```
 */
export default function Eventbrite(options: Partial<OAuthConfig<EventbriteProfile>> = {}): OAuthConfig<EventbriteProfile> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile" } },
    token: { url: "https://www.eventbrite.com/oauth/token" },
    userinfo: { url: "https://www.eventbriteapi.com/v3/users/me/" },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const image = profile.image_id ? `https://img.evbuc.com/${encodeURIComponent(`https://cdn.evbuc.com/images/${profile.image_id}/1/original.jpg`)}` : null;
      return { id: profile.id, name: profile.name ?? null, email: profile.emails?.find((e) => e.primary)?.email ?? null, image };
    },
    style: { bg: "#f05537", text: "#fff", brandColor: "#F05537" },
    options,
  };
}
