/**
 * `foyer-auth/providers/boxyhq-saml`: SAML single sign-on through BoxyHQ SAML Jackson (Ory Polis), which speaks OAuth 2 to Foyer. The `issuer` is the Jackson service URL; the endpoints hang off it: `<issuer>/api/oauth/authorize` (with `provider=saml`), `<issuer>/api/oauth/token`, `<issuer>/api/oauth/userinfo`. Pick the SAML connection per sign-in with the `tenant` and `product` authorization parameters (the third argument of `signIn`).
 *
 * ```ts
 * import BoxyHQSAML from "foyer-auth/providers/boxyhq-saml";
 * BoxyHQSAML(); // AUTH_BOXYHQ_SAML_ID, AUTH_BOXYHQ_SAML_SECRET, AUTH_BOXYHQ_SAML_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { issuerOption } from "./provider-api.js";

/** The user, as Jackson's `/api/oauth/userinfo` answers (from the SAML assertion). */
export interface BoxyHQSAMLProfile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  requested?: Record<string, unknown>;
  raw?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Sign in with BoxyHQ SAML (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_BOXYHQ_SAML_ID`, `AUTH_BOXYHQ_SAML_SECRET`) and the required `issuer` (default `AUTH_BOXYHQ_SAML_ISSUER`), the Jackson service URL.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/boxyhq-saml` (default basePath `/auth`).
 * Authorization parameter `provider=saml`; PKCE and state. The name is `firstName lastName`.
 * @example
 * ```ts
 * import BoxyHQSAML from "foyer-auth/providers/boxyhq-saml";
 * const config = { providers: [BoxyHQSAML({ clientId: process.env.AUTH_BOXYHQ_SAML_ID, clientSecret: process.env.AUTH_BOXYHQ_SAML_SECRET, issuer: process.env.AUTH_BOXYHQ_SAML_ISSUER })] };
 * ```
 */
export default function BoxyHQSAML(options: Partial<OAuthConfig<BoxyHQSAMLProfile>> = {}): OAuthConfig<BoxyHQSAMLProfile> {
  const issuer = issuerOption(options.issuer, "AUTH_BOXYHQ_SAML_ISSUER");
  return {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    type: "oauth",
    ...(issuer
      ? {
          issuer,
          authorization: { url: `${issuer}/api/oauth/authorize`, params: { provider: "saml" } },
          token: { url: `${issuer}/api/oauth/token` },
          userinfo: { url: `${issuer}/api/oauth/userinfo` },
        }
      : { authorization: { params: { provider: "saml" } } }),
    profile(profile) {
      return { id: profile.id, email: profile.email ?? null, name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null, image: null };
    },
    style: { brandColor: "#25c2a0" },
    options,
  };
}
