/**
 * `foyer-auth/providers/oidc`: a generic OpenID Connect provider. Give it an id, a name and the
 * issuer; endpoints come from `<issuer>/.well-known/openid-configuration`, the profile from the ID
 * token (completed from userinfo when it lacks requested claims). `foyer-auth/providers/oauth`
 * exports the same factory as `OIDC`, next to `OAuth` for plain OAuth 2 providers.
 *
 * ```ts
 * import OIDC from "foyer-auth/providers/oidc";
 * OIDC({ id: "acme", name: "Acme SSO", issuer: "https://sso.acme.com", clientId: "…", clientSecret: "…" });
 * ```
 */
import { OIDC } from "./oauth.js";

export { OIDC, OAuth } from "./oauth.js";
export type { EndpointConfig, OAuthCheck, OAuthConfig, TokenSet, UserinfoEndpointConfig } from "./oauth.js";
export default OIDC;
