/**
 * `foyer-auth/providers/click-up`: sign in with ClickUp (OAuth 2): authorize at `app.clickup.com/api`, token at `api.clickup.com/api/v2/oauth/token` (client id and secret as form parameters), the user at `GET api.clickup.com/api/v2/user`, which wraps it in `{ user }` with a numeric id. ClickUp documents `state`, not PKCE.
 *
 * ```ts
 * import ClickUp from "foyer-auth/providers/click-up";
 * ClickUp(); // AUTH_CLICK_UP_ID, AUTH_CLICK_UP_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://api.clickup.com/api/v2/user`'s answer. */
export interface ClickUpProfile {
  user: {
    id: number;
    username: string;
    email?: string;
    color?: string | null;
    profilePicture?: string | null;
    initials?: string;
    timezone?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * Sign in with ClickUp (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_CLICK_UP_ID`, `AUTH_CLICK_UP_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/click-up` (default basePath `/auth`).
 * No scope parameter; `client_secret_post`; checks: state. The profile keeps `profilePicture` and `color` as Auth.js's does.
 * @example
 * ```ts
 * import ClickUp from "foyer-auth/providers/click-up";
 * const config = { providers: [ClickUp({ clientId: process.env.AUTH_CLICK_UP_ID, clientSecret: process.env.AUTH_CLICK_UP_SECRET })] };
 * ```
 */
export default function ClickUp(options: Partial<OAuthConfig<ClickUpProfile>> = {}): OAuthConfig<ClickUpProfile> {
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    authorization: { url: "https://app.clickup.com/api" },
    token: { url: "https://api.clickup.com/api/v2/oauth/token" },
    userinfo: { url: "https://api.clickup.com/api/v2/user" },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      const user = profile.user;
      return {
        id: String(user.id),
        name: user.username ?? null,
        email: user.email ?? null,
        image: user.profilePicture ?? null,
        profilePicture: user.profilePicture ?? null,
        color: user.color ?? null,
      };
    },
    style: { bg: "#24292f", text: "#fff", brandColor: "#7B68EE" },
    options,
  };
}
