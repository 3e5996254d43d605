/**
 * `foyer-auth/providers/frontegg`: sign in with Frontegg (OpenID Connect). The `issuer` is your
 * Frontegg workspace domain, `https://<workspace>.frontegg.com` (or a custom login domain); the
 * endpoints hang off it: `<issuer>/oauth/authorize`, `<issuer>/oauth/token`, and the user at
 * `<issuer>/identity/resources/users/v2/me`.
 *
 * ```ts
 * import Frontegg from "foyer-auth/providers/frontegg";
 * Frontegg(); // AUTH_FRONTEGG_ID, AUTH_FRONTEGG_SECRET, AUTH_FRONTEGG_ISSUER=https://acme.frontegg.com
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { issuerOption } from "./provider-api.js";

/** Claims of a Frontegg ID token. */
export interface FronteggProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  tenantId?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Frontegg (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_FRONTEGG_ID`, `AUTH_FRONTEGG_SECRET`) and the required `issuer` (default `AUTH_FRONTEGG_ISSUER`), your workspace domain.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/frontegg` (default basePath `/auth`).
 * Default scopes: `openid profile email`; PKCE, state and nonce.
 * @example
 * ```ts
 * import Frontegg from "foyer-auth/providers/frontegg";
 * const config = { providers: [Frontegg({ clientId: process.env.AUTH_FRONTEGG_ID, clientSecret: process.env.AUTH_FRONTEGG_SECRET, issuer: process.env.AUTH_FRONTEGG_ISSUER })] };
 * ```
 */
export default function Frontegg(options: Partial<OAuthConfig<FronteggProfile>> = {}): OAuthConfig<FronteggProfile> {
  const issuer = issuerOption(options.issuer, "AUTH_FRONTEGG_ISSUER");
  return {
    id: "frontegg",
    name: "Frontegg",
    type: "oidc",
    ...(issuer
      ? {
          issuer,
          wellKnown: `${issuer}/oauth/.well-known/openid-configuration`,
          authorization: { url: `${issuer}/oauth/authorize`, params: { scope: "openid profile email" } },
          token: { url: `${issuer}/oauth/token` },
          userinfo: { url: `${issuer}/identity/resources/users/v2/me` },
        }
      : { authorization: { params: { scope: "openid profile email" } } }),
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { brandColor: "#4461F2" },
    options,
  };
}
