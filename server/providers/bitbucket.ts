/**
 * `foyer-auth/providers/bitbucket`: sign in with Bitbucket Cloud (OAuth 2): authorize at `bitbucket.org/site/oauth2/authorize`, the user at `GET api.bitbucket.org/2.0/user`. That answer has no e-mail; when the consumer also has the `email` permission, Foyer reads the primary, confirmed address from `GET /2.0/user/emails` (without it, `email` stays empty, as in Auth.js).
 *
 * ```ts
 * import Bitbucket from "foyer-auth/providers/bitbucket";
 * Bitbucket(); // AUTH_BITBUCKET_ID, AUTH_BITBUCKET_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { accessToken, providerJson, userinfoUrl } from "./provider-api.js";

/** The user, as `GET https://api.bitbucket.org/2.0/user` answers. */
export interface BitbucketProfile {
  account_id: string;
  uuid: string;
  username?: string;
  nickname?: string;
  display_name?: string;
  account_status?: string;
  created_on?: string;
  links: { avatar?: { href?: string }; html?: { href?: string }; [key: string]: unknown };
  /** Filled by Foyer from `/2.0/user/emails` when the consumer may read it. */
  email?: string | null;
  [key: string]: unknown;
}

interface BitbucketEmails {
  values?: { email: string; is_primary: boolean; is_confirmed: boolean }[];
}

/**
 * Sign in with Bitbucket (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_BITBUCKET_ID`, `AUTH_BITBUCKET_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/bitbucket` (default basePath `/auth`).
 * Default scope: `account`; PKCE and state. `email` from `/2.0/user/emails` when permitted.
 * @example
 * ```ts
 * import Bitbucket from "foyer-auth/providers/bitbucket";
 * const config = { providers: [Bitbucket({ clientId: process.env.AUTH_BITBUCKET_ID, clientSecret: process.env.AUTH_BITBUCKET_SECRET })] };
 * ```
 */
export default function Bitbucket(options: Partial<OAuthConfig<BitbucketProfile>> = {}): OAuthConfig<BitbucketProfile> {
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account" } },
    token: { url: "https://bitbucket.org/site/oauth2/access_token" },
    userinfo: {
      url: "https://api.bitbucket.org/2.0/user",
      async request({ tokens, provider }) {
        const url = userinfoUrl(provider, "Bitbucket");
        const bearer = accessToken(tokens, "Bitbucket");
        const profile = (await providerJson(provider, "Bitbucket", url, { bearer })) as BitbucketProfile;
        try {
          // Needs the `email` permission; without it Bitbucket answers 403 and the profile has no address.
          const emails = (await providerJson(provider, "Bitbucket", `${url.replace(/\/$/, "")}/emails`, { bearer })) as BitbucketEmails;
          profile.email = emails.values?.find((e) => e.is_primary && e.is_confirmed)?.email ?? null;
        } catch {
          profile.email = null;
        }
        return profile;
      },
    },
    profile(profile) {
      return {
        id: profile.account_id,
        name: profile.display_name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.links?.avatar?.href ?? null,
      };
    },
    style: { text: "#fff", bg: "#205081", brandColor: "#0052CC" },
    options,
  };
}
