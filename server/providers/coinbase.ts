/**
 * `foyer-auth/providers/coinbase`: sign in with Coinbase (OAuth 2): authorize at `login.coinbase.com/oauth2/auth`, the user at `GET api.coinbase.com/v2/user`, wrapped in `{ data }`; errors come as `{ errors: [{ id, message }] }`.
 *
 * ```ts
 * import Coinbase from "foyer-auth/providers/coinbase";
 * Coinbase(); // AUTH_COINBASE_ID, AUTH_COINBASE_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://api.coinbase.com/v2/user`'s answer. */
export interface CoinbaseProfile {
  data: {
    id: string;
    name: string;
    username?: string | null;
    email?: string;
    avatar_url?: string;
    resource?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * Sign in with Coinbase (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_COINBASE_ID`, `AUTH_COINBASE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/coinbase` (default basePath `/auth`).
 * Default scope: `wallet:user:email wallet:user:read`; PKCE and state.
 * @example
 * ```ts
 * import Coinbase from "foyer-auth/providers/coinbase";
 * const config = { providers: [Coinbase({ clientId: process.env.AUTH_COINBASE_ID, clientSecret: process.env.AUTH_COINBASE_SECRET })] };
 * ```
 */
export default function Coinbase(options: Partial<OAuthConfig<CoinbaseProfile>> = {}): OAuthConfig<CoinbaseProfile> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    authorization: { url: "https://login.coinbase.com/oauth2/auth", params: { scope: "wallet:user:email wallet:user:read" } },
    token: { url: "https://login.coinbase.com/oauth2/token" },
    userinfo: { url: "https://api.coinbase.com/v2/user" },
    profile(profile) {
      const user = profile.data;
      return { id: user.id, name: user.name ?? user.username ?? null, email: user.email ?? null, image: user.avatar_url ?? null };
    },
    style: { brandColor: "#0052ff" },
    options,
  };
}
