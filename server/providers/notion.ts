/**
 * `foyer-auth/providers/notion`: "Sign in with Notion" (a public Notion integration, OAuth 2).
 * Authorize at `api.notion.com/v1/oauth/authorize` with `owner=user`, exchange the code at
 * `api.notion.com/v1/oauth/token` (HTTP Basic client authentication, as Notion documents), then read
 * the integration's bot user at `GET /v1/users/me` (with `Notion-Version: 2022-06-28`): the person who
 * authorised it is `bot.owner.user`, which becomes the profile. An integration owned by a workspace
 * rather than a user has no person to sign in, and fails. Notion's errors are
 * `{ "object": "error", "status", "code", "message" }`.
 *
 * ```ts
 * import Notion from "foyer-auth/providers/notion";
 * Notion(); // AUTH_NOTION_ID (OAuth client ID), AUTH_NOTION_SECRET
 * ```
 */
import { authorization, readApi, userinfoUrl } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The Notion API version this provider speaks. */
export const NOTION_API_VERSION = "2022-06-28";

/** A Notion person (`bot.owner.user` of `GET /v1/users/me`). */
export interface NotionProfile {
  object: "user";
  id: string;
  type?: "person";
  name: string | null;
  avatar_url: string | null;
  person?: { email?: string };
  [key: string]: unknown;
}

/**
 * Sign in with Notion (OAuth 2, public integration).
 * Options: `clientId` and `clientSecret` (default `AUTH_NOTION_ID`, `AUTH_NOTION_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/notion` (default basePath `/auth`).
 * Authorization parameter `owner=user`; the profile is the person who added the integration.
 * @example
 * ```ts
 * import Notion from "foyer-auth/providers/notion";
 * const config = { providers: [Notion({ clientId: process.env.AUTH_NOTION_ID, clientSecret: process.env.AUTH_NOTION_SECRET })] };
 * ```
 */
export default function Notion(options: Partial<OAuthConfig<NotionProfile>> = {}): OAuthConfig<NotionProfile> {
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user" } },
    token: { url: "https://api.notion.com/v1/oauth/token" },
    userinfo: {
      url: "https://api.notion.com/v1/users/me",
      async request({ tokens, provider }) {
        const body = await readApi(provider, "Notion", userinfoUrl(provider, "Notion"), {
          headers: { ...authorization(tokens.access_token), "Notion-Version": NOTION_API_VERSION },
        });
        const user = (body.bot as { owner?: { type?: string; user?: NotionProfile } } | undefined)?.owner?.user;
        if (!user?.id) throw new Error("Notion: the integration is not owned by a user (no bot.owner.user)");
        return user;
      },
    },
    profile(profile) {
      return { id: profile.id, name: profile.name ?? null, email: profile.person?.email ?? null, image: profile.avatar_url ?? null };
    },
    style: { bg: "#fff", text: "#000" },
    options,
  };
}
