/**
 * `foyer-auth/providers/mastodon`: sign in with an account on one Mastodon server (OAuth 2). The
 * `issuer` option is that server's URL (`https://mastodon.social`): authorize at
 * `<issuer>/oauth/authorize` (`scope=read`), exchange the code at `<issuer>/oauth/token`, then
 * `GET <issuer>/api/v1/accounts/verify_credentials`. Mastodon gives no e-mail address.
 *
 * ```ts
 * import Mastodon from "foyer-auth/providers/mastodon";
 * Mastodon(); // AUTH_MASTODON_ID, AUTH_MASTODON_SECRET, AUTH_MASTODON_ISSUER=https://mastodon.social
 * ```
 */
import { instanceUrl, profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The account, as `GET /api/v1/accounts/verify_credentials` answers (the fields Foyer uses, and a few more). */
export interface MastodonProfile {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  created_at: string;
  note: string;
  url: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  [key: string]: unknown;
}

export interface MastodonOptions extends Partial<OAuthConfig<MastodonProfile>> {
  /** The Mastodon server's URL, e.g. `https://mastodon.social` (default `AUTH_MASTODON_ISSUER`). */
  issuer?: string;
}

/**
 * Sign in with Mastodon (OAuth 2) on the server named by `issuer`.
 * Options: `clientId`, `clientSecret` and `issuer` (default `AUTH_MASTODON_ID`, `AUTH_MASTODON_SECRET`, `AUTH_MASTODON_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/mastodon` (default basePath `/auth`).
 * Default scope: `read`. No e-mail address.
 * @example
 * ```ts
 * import Mastodon from "foyer-auth/providers/mastodon";
 * const config = { providers: [Mastodon({ clientId: process.env.AUTH_MASTODON_ID, clientSecret: process.env.AUTH_MASTODON_SECRET, issuer: "https://mastodon.social" })] };
 * ```
 */
export default function Mastodon(options: MastodonOptions = {}): OAuthConfig<MastodonProfile> {
  const base = instanceUrl(options, "mastodon", "Mastodon");
  return {
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    ...(base
      ? {
          authorization: { url: `${base}/oauth/authorize`, params: { scope: "read" } },
          token: { url: `${base}/oauth/token` },
          userinfo: { url: `${base}/api/v1/accounts/verify_credentials`, request: profileRequest("Mastodon") },
        }
      : { authorization: { params: { scope: "read" } }, userinfo: { request: profileRequest("Mastodon") } }),
    profile(profile) {
      return { id: String(profile.id), name: profile.username ?? null, email: null, image: profile.avatar_static ?? null };
    },
    style: { bg: "#6364FF", text: "#fff" },
    options,
  };
}
