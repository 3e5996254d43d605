/**
 * `foyer-auth/providers/twitch`: "Log in with Twitch" (OpenID Connect, issuer
 * `https://id.twitch.tv/oauth2`). The request asks for `scope=openid user:read:email` and, through
 * the `claims` parameter, for `email`, `picture` and `preferred_username` in the ID token. Twitch's
 * token endpoint takes the client id and secret as form parameters (`client_secret_post`) and
 * answers `scope` as a JSON array, which this provider joins into the string OAuth 2 requires (on top
 * of your own `[customFetch]`, if you give one). Twitch documents `state` and `nonce`, not PKCE.
 *
 * ```ts
 * import Twitch from "foyer-auth/providers/twitch";
 * Twitch(); // AUTH_TWITCH_ID, AUTH_TWITCH_SECRET
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Twitch ID token (with the claims Foyer requests). */
export interface TwitchProfile {
  iss: string;
  sub: string;
  aud: string;
  azp?: string;
  exp: number;
  iat: number;
  nonce?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  updated_at?: string;
  [claim: string]: unknown;
}

/**
 * Twitch's token answers carry `scope` as an array; OAuth 2 (and openid-client) want a string. The
 * fetch that joins it, sending the requests through `next`.
 */
export function twitchFetchOver(next: typeof fetch): typeof fetch {
  return async (input, init) => joinScope(await next(input, init), init);
}

/** {@link twitchFetchOver} the global `fetch`. */
export const twitchFetch: typeof fetch = twitchFetchOver((input, init) => fetch(input, init));

/** The token answer with `scope` joined; every other answer as it came. */
async function joinScope(response: Response, init: RequestInit | undefined): Promise<Response> {
  if ((init?.method ?? "GET").toUpperCase() !== "POST" || !(response.headers.get("content-type") ?? "").includes("json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  if (body && typeof body === "object" && Array.isArray((body as { scope?: unknown }).scope)) {
    const record = body as { scope: unknown[] };
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify({ ...record, scope: record.scope.join(" ") }), { status: response.status, headers });
  }
  return new Response(text, { status: response.status, headers: response.headers });
}

/**
 * Sign in with Twitch (OpenID Connect, issuer `https://id.twitch.tv/oauth2`).
 * Options: `clientId` and `clientSecret` (default `AUTH_TWITCH_ID`, `AUTH_TWITCH_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/twitch` (default basePath `/auth`).
 * Default scopes: `openid user:read:email`, plus `email`, `picture`, `preferred_username` as ID-token claims; checks: state and nonce.
 * @example
 * ```ts
 * import Twitch from "foyer-auth/providers/twitch";
 * const config = { providers: [Twitch({ clientId: process.env.AUTH_TWITCH_ID, clientSecret: process.env.AUTH_TWITCH_SECRET })] };
 * ```
 */
export default function Twitch(options: Partial<OAuthConfig<TwitchProfile>> = {}): OAuthConfig<TwitchProfile> {
  return {
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    issuer: "https://id.twitch.tv/oauth2",
    authorization: {
      params: {
        scope: "openid user:read:email",
        claims: { id_token: { email: null, picture: null, preferred_username: null } },
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state", "nonce"],
    [providerFetchLayer]: twitchFetchOver,
    profile(profile) {
      return { id: profile.sub, name: profile.preferred_username ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#9146FF" },
    options,
  };
}
