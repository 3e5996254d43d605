/**
 * `foyer-auth/providers/bungie`: sign in with Bungie.net (OAuth 2). The token answer names the user (`membership_id`); the profile is `GET www.bungie.net/platform/User/GetBungieAccount/<membership_id>/254/`, which needs your application's API key: pass `headers` with `X-API-Key`, as with Auth.js. Bungie wraps every answer in `{ Response, ErrorCode, ErrorStatus, Message }`; an `ErrorCode` other than 1 fails the sign-in.
 *
 * ```ts
 * import Bungie from "foyer-auth/providers/bungie";
 * Bungie(); // AUTH_BUNGIE_ID, AUTH_BUNGIE_SECRET
 * ```
 */
import { OAuthCallbackError } from "../core/errors.js";
import type { OAuthConfig } from "./oauth.js";
import { accessToken, providerJson, userinfoUrl } from "./provider-api.js";

/** `GetBungieAccount`'s answer (the fields Foyer uses). */
export interface BungieProfile {
  Response: {
    bungieNetUser: { membershipId: string; displayName?: string; uniqueName?: string; profilePicturePath?: string; [key: string]: unknown };
    destinyMemberships?: unknown[];
    [key: string]: unknown;
  };
  ErrorCode: number;
  ErrorStatus: string;
  Message: string;
  [key: string]: unknown;
}

export interface BungieOptions extends Partial<OAuthConfig<BungieProfile>> {
  /** Headers for Bungie's API: `X-API-Key` (your application's API key) is required there. */
  headers?: Record<string, string>;
}

/** The user's picture: Bungie gives a site-relative path. */
function bungieImage(path: string | undefined): string | null {
  if (!path) return null;
  return `https://www.bungie.net${path.startsWith("/") ? "" : "/"}${path}`;
}

/**
 * Sign in with Bungie (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_BUNGIE_ID`, `AUTH_BUNGIE_SECRET`), and `headers` with your `X-API-Key`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/bungie` (default basePath `/auth`).
 * No scope parameter (set on the application); PKCE and state. No e-mail (Bungie gives none).
 * @example
 * ```ts
 * import Bungie from "foyer-auth/providers/bungie";
 * const config = { providers: [Bungie({ clientId: process.env.AUTH_BUNGIE_ID, clientSecret: process.env.AUTH_BUNGIE_SECRET, headers: { "X-API-Key": process.env.AUTH_BUNGIE_API_KEY! } })] };
 * ```
 */
export default function Bungie(options: BungieOptions = {}): OAuthConfig<BungieProfile> {
  return {
    id: "bungie",
    name: "Bungie",
    type: "oauth",
    authorization: { url: "https://www.bungie.net/en/OAuth/Authorize", params: { reauth: "true" } },
    token: { url: "https://www.bungie.net/platform/app/oauth/token/" },
    userinfo: {
      url: "https://www.bungie.net/platform/User/GetBungieAccount/{membershipId}/254/",
      async request({ tokens, provider }) {
        const membershipId = tokens.membership_id;
        if (typeof membershipId !== "string" && typeof membershipId !== "number") throw new OAuthCallbackError("Bungie: the token answer has no membership_id");
        const url = userinfoUrl(provider, "Bungie").replace("{membershipId}", encodeURIComponent(String(membershipId)));
        const headers = { ...((provider.headers as Record<string, string> | undefined) ?? {}) };
        const answer = (await providerJson(provider, "Bungie", url, { bearer: accessToken(tokens, "Bungie"), headers })) as BungieProfile;
        // Bungie answers its errors with HTTP 200 and ErrorCode ≠ 1 (Success).
        if (answer.ErrorCode !== 1 || !answer.Response?.bungieNetUser)
          throw new OAuthCallbackError(`Bungie: ${answer.ErrorStatus ?? "no user"} (${answer.Message ?? ""})`);
        return answer;
      },
    },
    profile(profile) {
      const user = profile.Response.bungieNetUser;
      return { id: String(user.membershipId), name: user.displayName ?? user.uniqueName ?? null, email: null, image: bungieImage(user.profilePicturePath) };
    },
    style: { brandColor: "#0098FF" },
    options,
  };
}
