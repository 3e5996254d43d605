/**
 * `foyer-auth/providers/fusionauth`: sign in with FusionAuth (OpenID Connect). The `issuer` is the
 * FusionAuth server URL (`https://auth.example.com`); `tenantId` picks a tenant on a multi-tenant
 * server (sent with discovery and the authorization request). FusionAuth's token answers carry a
 * `WWW-Authenticate` header even when they succeed; Foyer reads a successful answer by its body.
 *
 * ```ts
 * import FusionAuth from "foyer-auth/providers/fusionauth";
 * FusionAuth({ tenantId: "…" }); // AUTH_FUSIONAUTH_ID, AUTH_FUSIONAUTH_SECRET, AUTH_FUSIONAUTH_ISSUER
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { issuerOption } from "./provider-api.js";

/** Claims of a FusionAuth ID token / userinfo answer. */
export interface FusionAuthProfile {
  sub: string;
  aud?: string;
  iss?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  picture?: string;
  tid?: string;
  applicationId?: string;
  roles?: string[];
  [claim: string]: unknown;
}

export interface FusionAuthOptions extends Partial<OAuthConfig<FusionAuthProfile>> {
  /** The tenant (FusionAuth tenant id) on a server with several: added to discovery and authorization. */
  tenantId?: string;
}

/**
 * Sign in with FusionAuth (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_FUSIONAUTH_ID`, `AUTH_FUSIONAUTH_SECRET`), the required `issuer` (default `AUTH_FUSIONAUTH_ISSUER`), and `tenantId`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/fusionauth` (default basePath `/auth`).
 * Default scopes: `openid offline_access email profile`; checks: PKCE and state (as Auth.js).
 * Token at `<issuer>/oauth2/token`, userinfo at `<issuer>/oauth2/userinfo`.
 * @example
 * ```ts
 * import FusionAuth from "foyer-auth/providers/fusionauth";
 * const config = { providers: [FusionAuth({ clientId: process.env.AUTH_FUSIONAUTH_ID, clientSecret: process.env.AUTH_FUSIONAUTH_SECRET, issuer: process.env.AUTH_FUSIONAUTH_ISSUER, tenantId: process.env.AUTH_FUSIONAUTH_TENANT_ID })] };
 * ```
 */
export default function FusionAuth(options: FusionAuthOptions = {}): OAuthConfig<FusionAuthProfile> {
  const issuer = issuerOption(options.issuer, "AUTH_FUSIONAUTH_ISSUER");
  const tenant = options.tenantId ? `?tenantId=${encodeURIComponent(options.tenantId)}` : "";
  return {
    id: "fusionauth",
    name: "FusionAuth",
    type: "oidc",
    ...(issuer
      ? {
          issuer,
          wellKnown: `${issuer}/.well-known/openid-configuration${tenant}`,
          userinfo: { url: `${issuer}/oauth2/userinfo` },
          token: { url: `${issuer}/oauth2/token` },
        }
      : {}),
    authorization: { params: { scope: "openid offline_access email profile", ...(options.tenantId ? { tenantId: options.tenantId } : {}) } },
    checks: ["pkce", "state"],
    profile(profile) {
      const name =
        profile.name ?? profile.preferred_username ?? ([profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ") || null);
      return { id: profile.sub, name, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#F58320" },
    options,
  };
}
