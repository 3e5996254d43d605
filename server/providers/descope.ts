/**
 * `foyer-auth/providers/descope`: sign in with Descope (OpenID Connect). The issuer is
 * `https://api.descope.com/<project id>` — the project id is the client id — unless you give another
 * (a custom domain, or a regional API host).
 *
 * ```ts
 * import Descope from "foyer-auth/providers/descope";
 * Descope(); // AUTH_DESCOPE_ID (the project id), AUTH_DESCOPE_SECRET (an access key), AUTH_DESCOPE_ISSUER (optional)
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Descope ID token. */
export interface DescopeProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Descope (OpenID Connect).
 * Options: `clientId` (the project id) and `clientSecret` (default `AUTH_DESCOPE_ID`, `AUTH_DESCOPE_SECRET`),
 * `issuer` (default `AUTH_DESCOPE_ISSUER`, else `https://api.descope.com/<clientId>`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/descope` (default basePath `/auth`).
 * Default scopes: `openid profile email`; checks: PKCE and state (as Auth.js).
 * @example
 * ```ts
 * import Descope from "foyer-auth/providers/descope";
 * const config = { providers: [Descope({ clientId: process.env.AUTH_DESCOPE_ID, clientSecret: process.env.AUTH_DESCOPE_SECRET })] };
 * ```
 */
export default function Descope(options: Partial<OAuthConfig<DescopeProfile>> = {}): OAuthConfig<DescopeProfile> {
  // The project id is known once the client id is: given, or from the environment.
  const projectId = options.clientId ?? process.env.AUTH_DESCOPE_ID;
  const issuer = options.issuer ?? process.env.AUTH_DESCOPE_ISSUER ?? (projectId ? `https://api.descope.com/${encodeURIComponent(projectId)}` : undefined);
  return {
    id: "descope",
    name: "Descope",
    type: "oidc",
    ...(issuer ? { issuer } : {}),
    authorization: { params: { scope: "openid profile email" } },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { bg: "#1C1C23", text: "#ffffff", brandColor: "#1C1C23" },
    options,
  };
}
