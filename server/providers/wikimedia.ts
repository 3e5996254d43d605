/**
 * `foyer-auth/providers/wikimedia`: sign in with a Wikimedia account (Wikipedia, Wikidata, …: one
 * account for all wikis; MediaWiki's OAuth 2 extension on Meta-Wiki). Authorize at
 * `meta.wikimedia.org/w/rest.php/oauth2/authorize`, exchange the code at `/oauth2/access_token`, then
 * `GET /oauth2/resource/profile`. The e-mail address is present only when the consumer was granted
 * the "User identity verification only, with access to real name and email address" grant. Errors are
 * `{ "error", "error_description", "message" }`.
 *
 * ```ts
 * import Wikimedia from "foyer-auth/providers/wikimedia";
 * Wikimedia(); // AUTH_WIKIMEDIA_ID, AUTH_WIKIMEDIA_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /oauth2/resource/profile` answer. */
export interface WikimediaProfile {
  /** The central user id (a number in the JSON on some wikis; read as a string). */
  sub: string;
  username: string;
  editcount: number;
  confirmed_email: boolean;
  blocked: boolean;
  registered: string;
  groups: string[];
  rights: string[];
  grants: string[];
  realname?: string;
  email?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Wikimedia (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_WIKIMEDIA_ID`, `AUTH_WIKIMEDIA_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/wikimedia` (default basePath `/auth`).
 * The name is the username; the e-mail address needs the e-mail grant.
 * @example
 * ```ts
 * import Wikimedia from "foyer-auth/providers/wikimedia";
 * const config = { providers: [Wikimedia({ clientId: process.env.AUTH_WIKIMEDIA_ID, clientSecret: process.env.AUTH_WIKIMEDIA_SECRET })] };
 * ```
 */
export default function Wikimedia(options: Partial<OAuthConfig<WikimediaProfile>> = {}): OAuthConfig<WikimediaProfile> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    authorization: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize" },
    token: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token" },
    userinfo: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile", request: profileRequest("Wikimedia") },
    profile(profile) {
      return { id: String(profile.sub), name: profile.username ?? null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
