/**
 * `foyer-auth/providers/patreon`: "Log in with Patreon" (OAuth 2). Authorize at
 * `www.patreon.com/oauth2/authorize` (`scope=identity identity[email]`), exchange the code at
 * `www.patreon.com/api/oauth2/token` with the client id and secret in the form body (as Patreon
 * documents it), then `GET www.patreon.com/api/oauth2/api/current_user`, a JSON:API document: the
 * user is `data` (`id`, `attributes.full_name`, `attributes.email`, `attributes.image_url`);
 * Patreon's errors are `{ "errors": [{ "code", "code_name", "detail", "status" }] }`.
 *
 * ```ts
 * import Patreon from "foyer-auth/providers/patreon";
 * Patreon(); // AUTH_PATREON_ID, AUTH_PATREON_SECRET
 * ```
 */
import { profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `current_user` JSON:API document. */
export interface PatreonProfile {
  data: {
    id: string;
    type: "user";
    attributes: {
      full_name: string;
      email?: string;
      image_url?: string;
      thumb_url?: string;
      vanity?: string | null;
      url?: string;
      is_email_verified?: boolean;
    };
  };
  links?: { self: string };
  [key: string]: unknown;
}

/**
 * Sign in with Patreon (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_PATREON_ID`, `AUTH_PATREON_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/patreon` (default basePath `/auth`).
 * Default scopes: `identity identity[email]`; client authentication: `client_secret_post`.
 * @example
 * ```ts
 * import Patreon from "foyer-auth/providers/patreon";
 * const config = { providers: [Patreon({ clientId: process.env.AUTH_PATREON_ID, clientSecret: process.env.AUTH_PATREON_SECRET })] };
 * ```
 */
export default function Patreon(options: Partial<OAuthConfig<PatreonProfile>> = {}): OAuthConfig<PatreonProfile> {
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
    token: { url: "https://www.patreon.com/api/oauth2/token" },
    userinfo: {
      url: "https://www.patreon.com/api/oauth2/api/current_user",
      request: profileRequest("Patreon", { failure: (body) => ((body.data as { id?: unknown } | undefined)?.id ? undefined : "no data.id") }),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const { id, attributes } = profile.data;
      return { id, name: attributes.full_name ?? null, email: attributes.email ?? null, image: attributes.image_url ?? null };
    },
    style: { bg: "#e85b46", text: "#fff" },
    options,
  };
}
