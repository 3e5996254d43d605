/**
 * `foyer-auth/providers/todoist`: sign in with Todoist (OAuth 2). Authorize at
 * `todoist.com/oauth/authorize` (`scope=data:read`), exchange the code at
 * `todoist.com/oauth/access_token` (client id and secret in the form body). Todoist has no userinfo
 * endpoint: the user is read with the Sync API, `POST api.todoist.com/sync/v9/sync` with the JSON body
 * `{ "sync_token": "*", "resource_types": "[\"user\"]" }`, whose answer carries `user`. Sync API errors
 * are `{ "error", "error_code", "error_tag", "http_code" }`.
 *
 * ```ts
 * import Todoist from "foyer-auth/providers/todoist";
 * Todoist(); // AUTH_TODOIST_ID, AUTH_TODOIST_SECRET
 * ```
 */
import { authorization, readApi, userinfoUrl } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** `user` of the Sync API answer (the fields Foyer uses, and a few more). */
export interface TodoistProfile {
  id: string;
  email: string;
  full_name: string;
  avatar_big?: string;
  avatar_medium?: string;
  avatar_s640?: string;
  avatar_small?: string;
  lang?: string;
  tz_info?: { timezone: string };
  is_premium?: boolean;
  [key: string]: unknown;
}

/**
 * Sign in with Todoist (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_TODOIST_ID`, `AUTH_TODOIST_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/todoist` (default basePath `/auth`).
 * Default scope: `data:read`; client authentication: `client_secret_post`. The user comes from the Sync API (a POST).
 * @example
 * ```ts
 * import Todoist from "foyer-auth/providers/todoist";
 * const config = { providers: [Todoist({ clientId: process.env.AUTH_TODOIST_ID, clientSecret: process.env.AUTH_TODOIST_SECRET })] };
 * ```
 */
export default function Todoist(options: Partial<OAuthConfig<TodoistProfile>> = {}): OAuthConfig<TodoistProfile> {
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
    token: { url: "https://todoist.com/oauth/access_token" },
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: {
      url: "https://api.todoist.com/sync/v9/sync",
      async request({ tokens, provider }) {
        const body = await readApi(provider, "Todoist", userinfoUrl(provider, "Todoist"), {
          method: "POST",
          headers: authorization(tokens.access_token),
          json: { sync_token: "*", resource_types: '["user"]' },
        });
        const user = body.user as TodoistProfile | undefined;
        if (!user?.id) throw new Error("Todoist: the sync answer has no user");
        return user;
      },
    },
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name ?? null, email: profile.email ?? null, image: profile.avatar_big ?? null };
    },
    style: { bg: "#E44332", text: "#000" },
    options,
  };
}
