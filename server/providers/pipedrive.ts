/**
 * `foyer-auth/providers/pipedrive`: sign in with Pipedrive (OAuth 2). Authorize at
 * `oauth.pipedrive.com/oauth/authorize`, exchange the code at `oauth.pipedrive.com/oauth/token` (HTTP
 * Basic client authentication, as Pipedrive documents it), then `GET api.pipedrive.com/v1/users/me`,
 * whose answer is `{ "success": true, "data": { … } }`; `success: false` fails the sign-in. The id
 * is a number (stored as a string).
 *
 * ```ts
 * import Pipedrive from "foyer-auth/providers/pipedrive";
 * Pipedrive(); // AUTH_PIPEDRIVE_ID, AUTH_PIPEDRIVE_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /v1/users/me` answer. */
export interface PipedriveProfile {
  success: boolean;
  data: {
    id: number;
    name: string;
    default_currency?: string;
    locale?: string;
    lang?: number;
    email: string;
    phone?: string;
    activated?: boolean;
    last_login?: string;
    created?: string;
    modified?: string;
    signup_flow_variation?: string;
    has_created_company?: boolean;
    is_admin?: number;
    active_flag?: boolean;
    timezone_name?: string;
    timezone_offset?: string;
    role_id?: number;
    icon_url: string | null;
    is_you?: boolean;
    company_id?: number;
    company_name?: string;
    company_domain?: string;
    company_country?: string;
    company_industry?: string;
    language?: { language_code: string; country_code: string };
  };
  [key: string]: unknown;
}

/**
 * Sign in with Pipedrive (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_PIPEDRIVE_ID`, `AUTH_PIPEDRIVE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/pipedrive` (default basePath `/auth`).
 * The profile is `data` of `GET /v1/users/me`.
 * @example
 * ```ts
 * import Pipedrive from "foyer-auth/providers/pipedrive";
 * const config = { providers: [Pipedrive({ clientId: process.env.AUTH_PIPEDRIVE_ID, clientSecret: process.env.AUTH_PIPEDRIVE_SECRET })] };
 * ```
 */
export default function Pipedrive(options: Partial<OAuthConfig<PipedriveProfile>> = {}): OAuthConfig<PipedriveProfile> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    authorization: { url: "https://oauth.pipedrive.com/oauth/authorize" },
    token: { url: "https://oauth.pipedrive.com/oauth/token" },
    userinfo: {
      url: "https://api.pipedrive.com/v1/users/me",
      request: profileRequest("Pipedrive", { failure: (body) => (body.success === true && body.data ? undefined : String(body.error ?? "success: false")) }),
    },
    profile({ data }) {
      return { id: String(data.id), name: data.name ?? null, email: data.email ?? null, image: data.icon_url ?? null };
    },
    style: { bg: "#017737", text: "#fff" },
    options,
  };
}
