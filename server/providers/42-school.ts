/**
 * `foyer-auth/providers/42-school`: sign in with the 42 intranet (OAuth 2): authorize at `api.intra.42.fr/oauth/authorize`, the user at `GET /v2/me` (numeric `id`, the picture under `image.link`).
 *
 * ```ts
 * import FortyTwoSchool from "foyer-auth/providers/42-school";
 * FortyTwoSchool(); // AUTH_42_SCHOOL_ID, AUTH_42_SCHOOL_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** The user's picture as the 42 API gives it (the `image` field of the profile). */
export interface FortyTwoSchoolImage {
  link: string | null;
  versions?: Record<string, string | null>;
}

/** The user, as `GET https://api.intra.42.fr/v2/me` answers (the fields Foyer uses, and the common rest). */
export interface FortyTwoSchoolProfile {
  id: number;
  email: string;
  login: string;
  first_name?: string;
  last_name?: string;
  usual_full_name?: string | null;
  usual_first_name?: string | null;
  displayname?: string;
  url?: string;
  // `image` is an object here ({@link FortyTwoSchoolImage}), which the index signature carries.
  "staff?"?: boolean;
  campus?: unknown[];
  cursus_users?: unknown[];
  [key: string]: unknown;
}

/**
 * Sign in with 42 School (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_42_SCHOOL_ID`, `AUTH_42_SCHOOL_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/42-school` (default basePath `/auth`).
 * Default scope: `public`; PKCE and state. The name is `usual_full_name` (else `displayname`, else `login`).
 * @example
 * ```ts
 * import FortyTwoSchool from "foyer-auth/providers/42-school";
 * const config = { providers: [FortyTwoSchool({ clientId: process.env.AUTH_42_SCHOOL_ID, clientSecret: process.env.AUTH_42_SCHOOL_SECRET })] };
 * ```
 */
export default function FortyTwoSchool(options: Partial<OAuthConfig<FortyTwoSchoolProfile>> = {}): OAuthConfig<FortyTwoSchoolProfile> {
  return {
    id: "42-school",
    name: "42 School",
    type: "oauth",
    authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
    token: { url: "https://api.intra.42.fr/oauth/token" },
    userinfo: { url: "https://api.intra.42.fr/v2/me" },
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.usual_full_name ?? profile.displayname ?? profile.login,
        email: profile.email ?? null,
        image: (profile.image as FortyTwoSchoolImage | null | undefined)?.link ?? null,
      };
    },
    style: { brandColor: "#000000", bg: "#000", text: "#fff" },
    options,
  };
}
