/**
 * `foyer-auth/providers/line`: "Log in with LINE" (LINE Login v2.1, OpenID Connect, issuer
 * `https://access.line.me`). LINE signs its ID tokens with HS256 and the channel secret, so the client
 * declares `id_token_signed_response_alg: "HS256"`; LINE's documented checks are `state` (no PKCE or
 * nonce by default). The e-mail address is in the ID token only when the channel has the e-mail
 * permission and the request asks for `scope=openid profile email`.
 *
 * ```ts
 * import LINE from "foyer-auth/providers/line";
 * LINE(); // AUTH_LINE_ID (the Channel ID), AUTH_LINE_SECRET (the Channel secret)
 * ```
 */
import { oidcProfile } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a LINE ID token. */
export interface LineProfile {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  amr?: string[];
  name?: string;
  picture?: string;
  email?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with LINE (OpenID Connect, issuer `https://access.line.me`).
 * Options: `clientId` and `clientSecret` (default `AUTH_LINE_ID`, `AUTH_LINE_SECRET`): the Channel ID and secret.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/line` (default basePath `/auth`).
 * Default scopes: `openid profile email`; checks: state; ID tokens signed HS256 with the channel secret.
 * @example
 * ```ts
 * import LINE from "foyer-auth/providers/line";
 * const config = { providers: [LINE({ clientId: process.env.AUTH_LINE_ID, clientSecret: process.env.AUTH_LINE_SECRET })] };
 * ```
 */
export default function LINE(options: Partial<OAuthConfig<LineProfile>> = {}): OAuthConfig<LineProfile> {
  return {
    id: "line",
    name: "LINE",
    type: "oidc",
    issuer: "https://access.line.me",
    client: { id_token_signed_response_alg: "HS256" },
    checks: ["state"],
    profile: (profile) => oidcProfile(profile),
    style: { bg: "#00C300", text: "#fff" },
    options,
  };
}
