/**
 * `foyer-auth/providers/slack`: "Sign in with Slack" (OpenID Connect, issuer `https://slack.com`,
 * scopes `openid profile email`). Slack's token endpoint (`openid.connect.token`) takes the client
 * id and secret as form parameters; its ID token echoes the `nonce`. Checks: nonce and state.
 *
 * ```ts
 * import Slack from "foyer-auth/providers/slack";
 * Slack(); // AUTH_SLACK_ID, AUTH_SLACK_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Slack ID token. */
export interface SlackProfile {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  nonce?: string;
  at_hash?: string;
  "https://slack.com/user_id": string;
  "https://slack.com/team_id": string;
  "https://slack.com/team_name"?: string;
  "https://slack.com/team_domain"?: string;
  "https://slack.com/team_image_230"?: string;
  "https://slack.com/user_image_512"?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Slack (OpenID Connect, issuer `https://slack.com`).
 * Options: `clientId` and `clientSecret` (default `AUTH_SLACK_ID`, `AUTH_SLACK_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/slack` (default basePath `/auth`).
 * Default scopes: `openid profile email`; checks: nonce and state.
 * @example
 * ```ts
 * import Slack from "foyer-auth/providers/slack";
 * const config = { providers: [Slack({ clientId: process.env.AUTH_SLACK_ID, clientSecret: process.env.AUTH_SLACK_SECRET })] };
 * ```
 */
export default function Slack(options: Partial<OAuthConfig<SlackProfile>> = {}): OAuthConfig<SlackProfile> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    issuer: "https://slack.com",
    authorization: { params: { scope: "openid profile email" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["nonce", "state"],
    profile(profile) {
      return {
        id: profile["https://slack.com/user_id"] ?? profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile["https://slack.com/user_image_512"] ?? profile.picture ?? null,
      };
    },
    style: { brandColor: "#4A154B" },
    options,
  };
}
